import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { GPUS } from '../../../core/catalog/gpus';
import { MODELS } from '../../../core/catalog/models';
import type { StoredSeries } from '../../../core/schemas/stored-capacity';
import { gpuIdOf, modelIdOf } from '../../../core/deployment/identify';
import { importedEvidence } from '../../../core/plans/search';
import type { Scenario } from '../../../core/scenario/schema';
import { useLanguage } from '../../../components/use-t';
import { plural } from '../../../core/text/plural';
import { useStoredRunsQuery } from '../../../lib/query/benchmarks';
import { capacityRunsQuery } from '../../../lib/query/capacity';
import { useSessionStore, type SeriesTag } from '../../../state/session';
import type { PlansT } from './plans-messages';

/**
 * The imported series (the benchmarks page's runs, grouped as the capacity panel groups them) as
 * evidence for the plan search: a series of the scenario's model that names its GPU and GPU
 * count counts as "measured" for that deployment. Where the file does not say, the user tags the
 * series here (for this tab; a plan that uses the series carries the tag into the scenario).
 */

const modelName = (id: string) => MODELS.find((m) => m.id === id)?.name ?? id;
const gpuName = (id: string) => GPUS.find((g) => g.id === id)?.name ?? id;

/** A series with the user's tag applied: the tag's model, GPU and count replace the file's. */
export function taggedSeries(stored: StoredSeries, tag: SeriesTag | undefined): StoredSeries {
  if (!tag) return stored;
  return {
    ...stored,
    model: tag.modelId ? modelName(tag.modelId) : stored.model,
    hardware: tag.gpuId ? gpuName(tag.gpuId) : stored.hardware,
    gpus: tag.gpus ?? stored.gpus,
  };
}

export interface ImportedForPlans {
  /** Every imported series, as the file names it, with its tag. */
  rows: { key: string; file: StoredSeries; tagged: StoredSeries; tag: SeriesTag | undefined }[];
  /** The tagged series the search reads. */
  series: StoredSeries[];
}

export function useImportedForPlans(): ImportedForPlans {
  const runs = useStoredRunsQuery((snap) => snap.runs).data;
  const overrides = useSessionStore((s) => s.capacityGroupOverrides);
  const tags = useSessionStore((s) => s.planSeriesTags);
  const grouped = useQuery({ ...capacityRunsQuery(runs ?? [], overrides), enabled: runs !== undefined && runs.length > 0 }).data;
  return useMemo(() => {
    const choices = runs !== undefined && runs.length > 0 ? (grouped ?? []) : [];
    const rows = choices.map((c) => ({ key: c.key, file: c.stored, tagged: taggedSeries(c.stored, tags[c.key]), tag: tags[c.key] }));
    return { rows, series: rows.map((r) => r.tagged) };
  }, [runs, grouped, tags]);
}

function status(t: PlansT, scenario: Pick<Scenario, 'selfHosted'>, s: StoredSeries): { counts: boolean; text: string } {
  const model = modelIdOf(s.model ?? null);
  if (model === null) return { counts: false, text: s.model ? t('imp.unknownModel', { model: s.model }) : t('imp.noModel') };
  if (model !== scenario.selfHosted.modelId) return { counts: false, text: t('imp.otherModel', { model: modelName(model) }) };
  const gpu = gpuIdOf(s.hardware ?? null);
  if (gpu === null || s.gpus === null) return { counts: false, text: t('imp.noGpu') };
  return importedEvidence(scenario, [s]).length > 0
    ? { counts: true, text: t('imp.counts', { gpus: s.gpus, gpu: gpuName(gpu) }) }
    : { counts: false, text: t('imp.noGpu') };
}

/** A select of catalog records by name; "" (the first option) is null. */
function CatalogSelect(props: {
  label: string;
  empty: string;
  value: string;
  options: readonly { id: string; name: string }[];
  onChange: (id: string | null) => void;
  testId: string;
}) {
  return (
    <label className="inline-flex items-center gap-1">
      {props.label}
      <select
        className="w-auto rounded border border-border bg-surface px-1 py-0.5"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value === '' ? null : e.target.value)}
        data-testid={props.testId}
      >
        <option value="">{props.empty}</option>
        {props.options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
}

export function ImportedEvidence(props: { t: PlansT; scenario: Pick<Scenario, 'selfHosted'>; imported: ImportedForPlans }) {
  const { t, scenario, imported } = props;
  const tags = useSessionStore((s) => s.planSeriesTags);
  const setTags = useSessionStore((s) => s.setPlanSeriesTags);
  const language = useLanguage();
  if (imported.rows.length === 0)
    return (
      <p className="text-xs text-muted" data-testid="plans-imported-none">
        {t('imp.none')}
      </p>
    );
  const tag = (key: string, patch: Partial<SeriesTag>) => {
    const now: SeriesTag = tags[key] ?? { modelId: null, gpuId: null, gpus: null };
    setTags({ ...tags, [key]: { ...now, ...patch } });
  };
  const counting = imported.rows.filter((r) => status(t, scenario, r.tagged).counts).length;
  return (
    <details data-testid="plans-imported">
      <summary className="cursor-pointer">{t('imp.title', { count: imported.rows.length, counting })}</summary>
      <p className="my-2 text-xs text-muted">{t('imp.hint')}</p>
      <ul className="grid gap-2 text-xs">
        {imported.rows.map((r) => {
          const st = status(t, scenario, r.tagged);
          const fileModel = modelIdOf(r.file.model ?? null);
          const fileGpu = gpuIdOf(r.file.hardware ?? null);
          return (
            <li key={r.key} className="grid gap-1 rounded border border-border p-2" data-testid="plans-imported-row" data-series={r.key}>
              <span className="font-medium">
                {r.file.label} (
                {t(plural(language, r.file.points.load.length, { one: 'imp.loads.one', other: 'imp.loads.other' }), { count: r.file.points.load.length })})
              </span>
              <span className="text-muted">
                {t('imp.file', {
                  model: r.file.model ?? t('imp.notNamed'),
                  hardware: r.file.hardware ?? t('imp.notNamed'),
                  gpus: r.file.gpus ?? t('imp.notNamed'),
                })}
              </span>
              <span className="flex flex-wrap items-center gap-2">
                <CatalogSelect
                  label={t('imp.model')}
                  empty={t('imp.asInFile')}
                  value={r.tag?.modelId ?? fileModel ?? ''}
                  options={MODELS}
                  onChange={(id) => tag(r.key, { modelId: id })}
                  testId="plans-imported-model"
                />
                <CatalogSelect
                  label={t('imp.gpu')}
                  empty={t('imp.asInFile')}
                  value={r.tag?.gpuId ?? fileGpu ?? ''}
                  options={GPUS}
                  onChange={(id) => tag(r.key, { gpuId: id })}
                  testId="plans-imported-gpu"
                />
                <label className="inline-flex items-center gap-1">
                  {t('imp.count')}
                  <input
                    type="number"
                    min={1}
                    className="w-16 rounded border border-border bg-surface px-1 py-0.5"
                    // The text stays as typed; only a whole number of 1 or more tags the count.
                    defaultValue={r.tag?.gpus ?? r.file.gpus ?? ''}
                    onChange={(e) => {
                      const n = Number(e.target.value);
                      tag(r.key, { gpus: e.target.value.trim() !== '' && Number.isInteger(n) && n >= 1 ? n : null });
                    }}
                    data-testid="plans-imported-count"
                  />
                </label>
              </span>
              <span className={st.counts ? 'text-ok' : 'text-muted'} data-testid="plans-imported-status" data-counts={st.counts}>
                {st.text}
              </span>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
