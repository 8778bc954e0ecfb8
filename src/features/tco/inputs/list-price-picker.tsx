import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { Button } from '../../../components/button';
import { SelectField } from '../../../components/select-field';
import { SourceBadge, todayIso } from '../../../components/source-badge';
import { useLanguage, useT } from '../../../components/use-t';
import type { SourceRef } from '../../../core/catalog/types';
import type { Scenario } from '../../../core/scenario/schema';
import { apiFieldsFromListPrice, GENAI_OFFER_PREFIX, GENAI_PRICES_DATE, GENAI_PRICES_VERSION, type ApiFields } from '../../../core/usage/list-prices';
import { fileDateOf } from '../../../core/usage/price-data';
import { formatDate, formatNumber } from '../../../lib/format/format';
import { defineMessages } from '../../../lib/i18n/define';
import { plural } from '../../../core/text/plural';
import { storageFailureText } from '../../../lib/i18n/storage';
import { readTextFile, textFileProblem } from '../../../lib/files/read-text';
import { clearPriceDataMutation, listPriceOffersQuery, priceDataStatusQuery, setPriceDataMutation } from '../../../lib/query/usage';

/** A genai-prices data.json is about 0.8 MB; a file 25 times that is no price data set. */
const MAX_PRICE_FILE_BYTES = 20 * 1024 * 1024;

const messages = defineMessages(
  'tco-list-price-picker',
  {
    open: 'List price from genai-prices {version}…',
    close: 'Hide genai-prices',
    provider: 'Provider',
    dataset: 'genai-prices {version}, released {date}: published list prices in USD',
    model: 'Model',
    choose: 'Choose a model…',
    loading: 'Loading the price data…',
    failed: 'The price data could not be loaded: {message}',
    option: '{model} · {input} / {cached} / {output} USD per 1M',
    baseTier: 'base tier',
    badge: 'from genai-prices {version}: {provider} {model}',
    note: 'Published list price, input / cached input / output per 1M tokens; the date is the package release date (the data set has no per-price date).',
    fileInUse: 'Prices from your {file} (file of {date}; {models}): published list prices in USD',
    'models.one': '{n} model',
    'models.other': '{n} models',
    fileBadge: 'from genai-prices {file}: {provider} {model}',
    fileNote: 'Published list price from the genai-prices data.json you dropped; the date is the file’s own date.',
    dateUnknown: 'The file gives no date a calendar holds; today’s date, {date}, stands for it.',
    drop: 'Newer data.json of genai-prices (drop it here or choose it)',
    bundled: 'Back to the bundled data ({version})',
    storedProblem: 'The stored price data is not used: {problem}',
    notStored: 'This file is used in this tab only and will not survive a reload: it could not be stored ({reason}).',
  },
  {
    open: 'Listenpreis aus genai-prices {version}…',
    close: 'genai-prices ausblenden',
    provider: 'Anbieter',
    dataset: 'genai-prices {version}, erschienen {date}: veröffentlichte Listenpreise in USD',
    model: 'Modell',
    choose: 'Modell wählen…',
    loading: 'Preisdaten werden geladen…',
    failed: 'Die Preisdaten konnten nicht geladen werden: {message}',
    option: '{model} · {input} / {cached} / {output} USD pro 1 Mio.',
    baseTier: 'Grundstufe',
    badge: 'aus genai-prices {version}: {provider} {model}',
    note: 'Veröffentlichter Listenpreis, Input / gecachter Input / Output pro 1 Mio. Tokens; das Datum ist das Erscheinungsdatum des Pakets (der Datensatz hat kein Datum je Preis).',
    fileInUse: 'Preise aus Ihrer {file} (Datei vom {date}; {models}): veröffentlichte Listenpreise in USD',
    'models.one': '{n} Modell',
    'models.other': '{n} Modelle',
    fileBadge: 'aus genai-prices {file}: {provider} {model}',
    fileNote: 'Veröffentlichter Listenpreis aus der abgelegten data.json von genai-prices; das Datum ist das Datum der Datei.',
    dateUnknown: 'Die Datei nennt kein Datum, das ein Kalender kennt; das heutige Datum, {date}, steht dafür.',
    drop: 'Neuere data.json von genai-prices (hier ablegen oder auswählen)',
    bundled: 'Zurück zu den mitgelieferten Daten ({version})',
    storedProblem: 'Die gespeicherten Preisdaten werden nicht verwendet: {problem}',
    notStored: 'Diese Datei gilt nur in diesem Tab und ist nach dem Neuladen verloren: sie konnte nicht gespeichert werden ({reason}).',
  },
);

export function isListPriceOfferId(id: string | null): boolean {
  return id !== null && id.startsWith(GENAI_OFFER_PREFIX);
}

/** The source badge of an offer taken from genai-prices ("published", dated by the package release). */
export function ListPriceBadge(props: { api: Scenario['api'] }) {
  const t = useT(messages);
  const file = useQuery(priceDataStatusQuery()).data?.file ?? null;
  const source: SourceRef = {
    title:
      file === null
        ? t('badge', { version: GENAI_PRICES_VERSION, provider: props.api.provider, model: props.api.model })
        : t('fileBadge', { file: file.fileName, provider: props.api.provider, model: props.api.model }),
    url: 'https://github.com/pydantic/genai-prices',
    checked: file === null ? GENAI_PRICES_DATE : file.fileDate,
    kind: 'aggregator',
    note: file === null ? t('note') : t('fileNote'),
  };
  return <SourceBadge source={source} />;
}

/**
 * Picks an API offer from the bundled genai-prices data, next to the curated catalog offers.
 * The data (≈0.8 MB) loads in the worker only when the picker is opened.
 */
export function ListPricePicker(props: { offerId: string | null; onPick: (fields: ApiFields) => void }) {
  const t = useT(messages);
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const [providerId, setProviderId] = useState<string | null>(null);
  const query = useQuery(listPriceOffersQuery(open));
  const status = useQuery({ ...priceDataStatusQuery(), enabled: open });
  const setPriceData = useMutation(setPriceDataMutation());
  const clearPriceData = useMutation(clearPriceDataMutation());
  const [fileError, setFileError] = useState<string | null>(null);
  const [dateNote, setDateNote] = useState<string | null>(null);
  const file = status.data?.file ?? null;
  const takeFile = async (f: File | undefined) => {
    if (!f) return;
    setFileError(null);
    setDateNote(null);
    // A file can report an impossible time (9e15 ms); then today's date stands for its own, and says so.
    const date = fileDateOf(f.lastModified, todayIso());
    const read = await readTextFile(f, MAX_PRICE_FILE_BYTES);
    if (!read.ok) {
      setFileError(`${f.name}: ${textFileProblem(language, read)}`);
      return;
    }
    // Everything priced from genai-prices is asked again once the file is in use (the offers,
    // the status, the usage page's list prices).
    const answer = await setPriceData.mutateAsync({ fileName: f.name, text: read.text, fileDate: date.date });
    if (!answer.ok) setFileError(answer.message);
    else if (!date.known) setDateNote(t('dateUnknown', { date: formatDate(language, date.date) }));
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    void takeFile(e.dataTransfer.files[0]);
  };
  if (!open) {
    return (
      <Button variant="link" onClick={() => setOpen(true)} data-testid="tco-list-price-open">
        {t('open', { version: GENAI_PRICES_VERSION })}
      </Button>
    );
  }
  const offers = query.data ?? [];
  const providers = [...new Map(offers.map((o) => [o.providerId, o.provider])).entries()];
  const current = props.offerId !== null ? offers.find((o) => o.id === props.offerId) : undefined;
  const chosenProvider = providerId ?? current?.providerId ?? providers[0]?.[0] ?? '';
  const models = offers.filter((o) => o.providerId === chosenProvider);
  const n = (v: number) => formatNumber(language, v, 4);
  return (
    <div
      className="flex flex-col gap-2 rounded border border-border/60 p-2"
      data-testid="tco-list-price"
      onDragOver={(e) => e.preventDefault()}
      onDrop={onDrop}
    >
      {query.isPending ? <p className="text-sm text-muted">{t('loading')}</p> : null}
      {query.error ? (
        <p className="text-sm text-bad" role="alert">
          {t('failed', { message: query.error.message })}
        </p>
      ) : null}
      <p className="text-xs text-muted" data-testid="tco-list-price-data">
        {file === null
          ? t('dataset', { version: GENAI_PRICES_VERSION, date: formatDate(language, GENAI_PRICES_DATE) })
          : t('fileInUse', {
              file: file.fileName,
              date: formatDate(language, file.fileDate),
              models: t(plural(language, file.models, { one: 'models.one', other: 'models.other' } as const), { n: formatNumber(language, file.models, 0) }),
            })}
      </p>
      {status.data?.storedProblem ? <p className="text-xs text-warn">{t('storedProblem', { problem: status.data.storedProblem })}</p> : null}
      {file !== null && status.data?.notStored ? (
        <p className="text-xs text-warn" role="status" data-testid="tco-list-price-not-stored">
          {t('notStored', { reason: storageFailureText(language, status.data.notStored) })}
        </p>
      ) : null}
      {fileError ? (
        <p className="text-sm text-bad" role="alert" data-testid="tco-list-price-error">
          {fileError}
        </p>
      ) : null}
      {dateNote ? (
        <p className="text-xs text-warn" role="status" data-testid="tco-list-price-date">
          {dateNote}
        </p>
      ) : null}
      {offers.length > 0 ? (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-2 sm:grid-cols-2">
          <SelectField
            label={t('provider')}
            value={chosenProvider}
            options={providers.map(([id, name]) => ({ value: id, label: name }))}
            onChange={setProviderId}
            testId="tco-list-price-provider"
          />
          <SelectField
            label={t('model')}
            value={current !== undefined && current.providerId === chosenProvider ? current.id : ''}
            options={[
              { value: '', label: t('choose') },
              ...models.map((o) => ({
                value: o.id,
                label: `${t('option', { model: o.model, input: n(o.inputPerM), cached: n(o.cachedInputPerM), output: n(o.outputPerM) })}${o.tiered ? ` (${t('baseTier')})` : ''}`,
              })),
            ]}
            onChange={(id) => {
              const o = offers.find((x) => x.id === id);
              if (o) props.onPick(apiFieldsFromListPrice(o));
            }}
            testId="tco-list-price-model"
          />
        </div>
      ) : null}
      <label className="flex flex-col gap-1 text-xs text-muted">
        {t('drop')}
        <input
          type="file"
          accept=".json,application/json"
          className="text-xs"
          onChange={(e) => {
            void takeFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
      {file !== null ? (
        <Button
          variant="link"
          onClick={() => {
            clearPriceData.mutate();
          }}
        >
          {t('bundled', { version: GENAI_PRICES_VERSION })}
        </Button>
      ) : null}
      <Button variant="link" onClick={() => setOpen(false)}>
        {t('close')}
      </Button>
    </div>
  );
}
