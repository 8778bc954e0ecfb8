import { lazy, memo, Suspense, useState, type ReactNode } from 'react';
import { Button } from '../../../components/button';
import { NumberField } from '../../../components/number-field';
import { SelectField } from '../../../components/select-field';
import { SourceBadge } from '../../../components/source-badge';
import { Help } from '../../../components/help';
import { useLanguage, useT } from '../../../components/use-t';
import { editWorkloadByHand } from '../../../components/workload-source';
import { translate } from '../../../lib/i18n/define';
import { glossary } from '../../../lib/i18n/glossary';
import { API_OFFERS } from '../../../core/catalog/api-offers';
import { apiFieldsFromOffer, offerMatchesRecord } from '../../../core/catalog/offer-fields';
import { defaultRentFor, findApiOffer, findGpu, findGpuPrice, pricesForGpu, purchasesForGpu } from '../../../core/catalog/catalog';
import { GPUS } from '../../../core/catalog/gpus';
import { MAX_GPUS_PER_NODE, MONEY_LIMITS, currencies, type Scenario } from '../../../core/scenario/schema';
import { formatAmount, formatDate, formatNumber, formatRate } from '../../../lib/format/format';
import { timeZoneNames } from '../../../lib/format/time-zones';
import { useWorkloadSummary } from '../../../lib/query/compute';
import { UNCERTAIN_INPUTS } from '../../../core/tco/inputs';
import { invoicePerListUnit, tokenVolumeAt } from '../../../core/tco/workload';
import { fieldLabels } from '../../../lib/i18n/fields';
import { useAppStore } from '../../../state/store';
import { BillingFields } from '../billing/billing-fields';
import { billingMessages } from '../billing/billing-messages';
import { isListPriceOfferId, ListPriceBadge, ListPricePicker } from './list-price-picker';
import { LogSliderField } from './log-slider-field';
import { tcoMessages, type TcoT } from '../messages';
import { OptionalNumberField } from './optional-number-field';
import { ProfileEditor } from './profile-editor';
import { RangesEditor } from './ranges-editor';
import { catalogPriceInUnit, convertRentPrice, matchesCatalogPrice } from './rent-unit';
import { inputsMessages } from './inputs-messages';

// The badge lives with the capacity panel and its charts: loaded after the first verdict is on
// screen, not before it.
const ProvenanceBadge = lazy(() => import('../capacity/capacity-panel').then((m) => ({ default: m.ProvenanceBadge })));
const SeriesThroughput = lazy(() => import('../capacity/capacity-panel').then((m) => ({ default: m.SeriesThroughput })));

type Workload = Scenario['workload'];
type Api = Scenario['api'];
type SelfHosted = Scenario['selfHosted'];

/** A hand edit: drops the usage-file source label (the workload no longer comes from the files). */
const setWorkload = (patch: Partial<Workload>) => editWorkloadByHand(patch);
const setApi = (patch: Partial<Api>) => useAppStore.getState().updateSection('api', patch);
/** A price or currency edited by hand: an offer taken from genai-prices is then a custom offer (its badge would no longer be true). */
const setApiByHand = (patch: Partial<Api>) => setApi(isListPriceOfferId(useAppStore.getState().scenario.api.offerId) ? { ...patch, offerId: null } : patch);
const setSelf = (patch: Partial<SelfHosted>) => useAppStore.getState().updateSection('selfHosted', patch);

/** A collapsible group whose fields are only rendered while it is open (fewer nodes while dragging). */
function Group(props: { title: string; defaultOpen?: boolean; children: () => ReactNode; testId: string }) {
  const [open, setOpen] = useState(props.defaultOpen ?? false);
  return (
    <details
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
      className="rounded-lg border border-border bg-surface"
      data-testid={props.testId}
    >
      <summary className="cursor-pointer select-none px-3 py-2 text-sm font-semibold">{props.title}</summary>
      {open ? <div className="grid gap-3 border-t border-border px-3 py-3">{props.children()}</div> : null}
    </details>
  );
}

/** The sliders analysts drag: volume, GPU price, utilisation, throughput, cache hits, acceptance. */
const QuickInputs = memo(function QuickInputs(props: { t: TcoT }) {
  const ft = useT(fieldLabels);
  const inT = useT(inputsMessages);
  const { t } = props;
  const bt = useT(billingMessages);
  const w = useAppStore((s) => s.scenario.workload);
  const sh = useAppStore((s) => s.scenario.selfHosted);
  const api = useAppStore((s) => s.scenario.api);
  const language = useLanguage();
  const currencyUnit = t('unit.usdPerGpuHour');
  const rentPrice = sh.rentPriceId ? findGpuPrice(sh.rentPriceId) : undefined;
  const throughputUnit = sh.throughput.basis === 'output' ? t('unit.outputTokensPerSecond') : t('unit.tokensPerSecond');
  return (
    <div className="grid gap-3" data-testid="tco-quick-inputs">
      {w.mode === 'requests' ? (
        <LogSliderField
          label={ft('workload.requestsPerDay')}
          value={w.requestsPerDay}
          min={1}
          max={10_000_000}
          fieldMax={1e9}
          unit={inT('unit.requestsPerDay')}
          onCommit={(requestsPerDay) => setWorkload({ requestsPerDay })}
          testId="tco-volume"
        />
      ) : (
        <LogSliderField
          label={inT('in.tokensPerMonthTotal')}
          value={w.inputTokensPerMonth + w.outputTokensPerMonth}
          min={1e5}
          max={1e13}
          fieldMax={2e16}
          unit={t('unit.tokensPerMonth')}
          onCommit={(total) => setWorkload(tokenVolumeAt(w, total))}
          testId="tco-volume"
        />
      )}
      {sh.costMode === 'rent' && sh.billing.mode === 'reserved' ? (
        // Reserved: the slider moves the rate the commitment pays.
        <NumberField
          label={sh.rentUnit === 'gpu-hour' ? bt('in.reservedGpuPrice') : bt('in.reservedNodePrice')}
          value={sh.billing.reservedPrice}
          min={0}
          max={sh.rentUnit === 'gpu-hour' ? MONEY_LIMITS.rentPerGpuHour : MONEY_LIMITS.rentPerNodeHour}
          digits={3}
          unit={sh.rentUnit === 'gpu-hour' ? currencyUnit : t('unit.usdPerNodeHour')}
          slider={sh.rentUnit === 'gpu-hour' ? { min: 0, max: 15, step: 0.05 } : { min: 0, max: 120, step: 0.5 }}
          onCommit={(reservedPrice) => setSelf({ billing: { ...useAppStore.getState().scenario.selfHosted.billing, reservedPrice } })}
          testId="tco-gpu-price"
        />
      ) : sh.costMode === 'rent' ? (
        <NumberField
          label={sh.rentUnit === 'gpu-hour' ? inT('in.gpuPrice') : inT('in.nodePrice')}
          value={sh.rentPrice}
          min={0}
          max={sh.rentUnit === 'gpu-hour' ? MONEY_LIMITS.rentPerGpuHour : MONEY_LIMITS.rentPerNodeHour}
          digits={3}
          unit={sh.rentUnit === 'gpu-hour' ? currencyUnit : t('unit.usdPerNodeHour')}
          slider={sh.rentUnit === 'gpu-hour' ? { min: 0, max: 15, step: 0.05 } : { min: 0, max: 120, step: 0.5 }}
          onCommit={(rentPrice) => setSelf({ rentPrice })}
          badge={
            rentPrice ? (
              <SourceBadge
                source={rentPrice.source}
                custom={
                  matchesCatalogPrice(sh.rentPrice, sh.rentUnit, sh.gpusPerNode, rentPrice.usdPerGpuHour)
                    ? null
                    : {
                        catalogValue: `${formatNumber(language, catalogPriceInUnit(rentPrice.usdPerGpuHour, sh.rentUnit, sh.gpusPerNode), 3)} ${sh.rentUnit === 'gpu-hour' ? currencyUnit : t('unit.usdPerNodeHour')}`,
                        onRestore: () => {
                          const now = useAppStore.getState().scenario.selfHosted;
                          setSelf({ rentPrice: catalogPriceInUnit(rentPrice.usdPerGpuHour, now.rentUnit, now.gpusPerNode) });
                        },
                      }
                }
              />
            ) : null
          }
          testId="tco-gpu-price"
        />
      ) : (
        <NumberField
          label={ft('selfHosted.capexPerGpu')}
          value={sh.capexPerGpu}
          min={0}
          max={MONEY_LIMITS.capexPerGpu}
          digits={0}
          unit={inT('unit.usdPerGpu')}
          slider={{ min: 0, max: 80_000, step: 500 }}
          onCommit={(capexPerGpu) => setSelf({ capexPerGpu })}
          testId="tco-gpu-price"
        />
      )}
      {UNCERTAIN_INPUTS.tokensPerSecond.applies({ workload: w, api, selfHosted: sh }) ? (
        <LogSliderField
          label={ft('selfHosted.throughput')}
          value={sh.throughput.tokensPerSecond}
          min={10}
          max={200_000}
          fieldMax={1e9}
          unit={throughputUnit}
          onCommit={(tokensPerSecond) => setSelf({ throughput: { ...useAppStore.getState().scenario.selfHosted.throughput, tokensPerSecond } })}
          badge={
            sh.capacity.series ? (
              <span className="text-[11px] text-muted">
                <Suspense fallback={null}>
                  <ProvenanceBadge view={sh.capacity.series} testId="tco-throughput-badge" />
                </Suspense>
                <Help topic="throughputSource" />
              </span>
            ) : (
              <span className="text-[11px] text-muted">
                {translate(glossary, language, `source.${sh.throughput.source}`)}
                <Help topic="throughputSource" />
              </span>
            )
          }
          testId="tco-throughput"
        />
      ) : (
        // A series sizes the replicas: the single figure is not read, so no live-looking field.
        <fieldset className="grid gap-1">
          <legend className="text-sm">{ft('selfHosted.throughput')}</legend>
          <Suspense fallback={null}>
            <SeriesThroughput
              unit={throughputUnit}
              single={`${formatNumber(language, sh.throughput.tokensPerSecond, 2)} ${throughputUnit}`}
              testId="tco-throughput"
            />
          </Suspense>
        </fieldset>
      )}
      {UNCERTAIN_INPUTS.maxUtilisation.applies({ workload: w, api, selfHosted: sh }) ? (
        <NumberField
          label={inT('in.maxUtilisation')}
          value={sh.maxUtilisation}
          min={0.01}
          max={1}
          scale={100}
          digits={0}
          unit="%"
          slider={{ min: 1, max: 100, step: 1 }}
          onCommit={(maxUtilisation) => setSelf({ maxUtilisation })}
          testId="tco-max-util"
        />
      ) : null}
      <NumberField
        label={ft('workload.cacheHitShare')}
        value={w.cacheHitShare}
        min={0}
        max={1}
        scale={100}
        digits={0}
        unit="%"
        slider={{ min: 0, max: 100, step: 1 }}
        onCommit={(cacheHitShare) => setWorkload({ cacheHitShare })}
        testId="tco-cache-hit"
      />
      <div className="grid grid-cols-2 items-end gap-3">
        <NumberField
          label={ft('workload.acceptanceApi')}
          value={w.acceptanceApi}
          min={0}
          max={1}
          scale={100}
          digits={0}
          unit="%"
          slider={{ min: 0, max: 100, step: 1 }}
          onCommit={(acceptanceApi) => setWorkload({ acceptanceApi })}
          testId="tco-acceptance-api"
        />
        <NumberField
          label={ft('workload.acceptanceSelfHosted')}
          value={w.acceptanceSelfHosted}
          min={0}
          max={1}
          scale={100}
          digits={0}
          unit="%"
          slider={{ min: 0, max: 100, step: 1 }}
          onCommit={(acceptanceSelfHosted) => setWorkload({ acceptanceSelfHosted })}
          testId="tco-acceptance-self"
        />
      </div>
    </div>
  );
});

function WorkloadFields(props: { t: TcoT }) {
  const ft = useT(fieldLabels);
  const inT = useT(inputsMessages);
  const { t } = props;
  const w = useAppStore((s) => s.scenario.workload);
  return (
    <>
      <SelectField
        label={inT('in.volumeMode')}
        value={w.mode}
        options={[
          { value: 'requests', label: inT('in.modeRequests') },
          { value: 'tokens', label: inT('in.modeTokens') },
        ]}
        onChange={(mode) => setWorkload({ mode })}
        testId="tco-volume-mode"
      />
      {w.mode === 'requests' ? (
        <div className="grid grid-cols-2 gap-3">
          <NumberField
            label={ft('workload.inputTokensPerRequest')}
            value={w.inputTokensPerRequest}
            min={0}
            max={1e8}
            integer
            unit={t('unit.tokens')}
            onCommit={(inputTokensPerRequest) => setWorkload({ inputTokensPerRequest })}
          />
          <NumberField
            label={ft('workload.outputTokensPerRequest')}
            value={w.outputTokensPerRequest}
            min={0}
            max={1e8}
            integer
            unit={t('unit.tokens')}
            onCommit={(outputTokensPerRequest) => setWorkload({ outputTokensPerRequest })}
          />
          <NumberField
            label={ft('workload.daysPerMonth')}
            value={w.daysPerMonth}
            min={1}
            max={31}
            digits={1}
            unit={inT('unit.days')}
            onCommit={(daysPerMonth) => setWorkload({ daysPerMonth })}
          />
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-3">
          <NumberField
            label={ft('workload.inputTokensPerMonth')}
            value={w.inputTokensPerMonth}
            min={0}
            max={1e16}
            digits={0}
            unit={t('unit.tokens')}
            onCommit={(inputTokensPerMonth) => setWorkload({ inputTokensPerMonth })}
          />
          <NumberField
            label={ft('workload.outputTokensPerMonth')}
            value={w.outputTokensPerMonth}
            min={0}
            max={1e16}
            digits={0}
            unit={t('unit.tokens')}
            onCommit={(outputTokensPerMonth) => setWorkload({ outputTokensPerMonth })}
          />
          <NumberField
            label={ft('workload.inputTokensPerRequest')}
            value={w.inputTokensPerRequest}
            min={0}
            max={1e8}
            integer
            unit={t('unit.tokens')}
            help={inT('in.perRequestHelp')}
            onCommit={(inputTokensPerRequest) => setWorkload({ inputTokensPerRequest })}
          />
          <NumberField
            label={ft('workload.outputTokensPerRequest')}
            value={w.outputTokensPerRequest}
            min={0}
            max={1e8}
            integer
            unit={t('unit.tokens')}
            onCommit={(outputTokensPerRequest) => setWorkload({ outputTokensPerRequest })}
          />
        </div>
      )}
      <SelectField
        label={inT('in.reasoning')}
        value={w.reasoningMode}
        options={[
          { value: 'none', label: inT('in.reasoningNone') },
          { value: 'tokens', label: inT('in.reasoningTokens') },
          { value: 'multiplier', label: inT('in.reasoningMultiplier') },
        ]}
        onChange={(reasoningMode) => setWorkload({ reasoningMode })}
        help={inT('in.reasoningHelp')}
      />
      {w.reasoningMode === 'tokens' ? (
        <NumberField
          label={ft('workload.reasoningTokensPerRequest')}
          value={w.reasoningTokensPerRequest}
          min={0}
          max={1e8}
          integer
          unit={t('unit.tokens')}
          onCommit={(reasoningTokensPerRequest) => setWorkload({ reasoningTokensPerRequest })}
        />
      ) : w.reasoningMode === 'multiplier' ? (
        <NumberField
          label={inT('in.reasoningFactor')}
          value={w.reasoningMultiplier}
          min={1}
          max={100}
          digits={2}
          unit="×"
          onCommit={(reasoningMultiplier) => setWorkload({ reasoningMultiplier })}
        />
      ) : null}
      <div className="grid grid-cols-2 gap-3">
        <NumberField
          label={ft('workload.retryRateApi')}
          value={w.retryRateApi}
          min={0}
          max={10}
          scale={100}
          digits={1}
          unit="%"
          help={inT('in.retryHelp')}
          onCommit={(retryRateApi) => setWorkload({ retryRateApi })}
          testId="tco-retry-api"
        />
        <NumberField
          label={ft('workload.retryRateSelfHosted')}
          value={w.retryRateSelfHosted}
          min={0}
          max={10}
          scale={100}
          digits={1}
          unit="%"
          onCommit={(retryRateSelfHosted) => setWorkload({ retryRateSelfHosted })}
          testId="tco-retry-self"
        />
      </div>
    </>
  );
}

function ShapeFields(props: { t: TcoT }) {
  const inT = useT(inputsMessages);
  const { t } = props;
  const w = useAppStore((s) => s.scenario.workload);
  return (
    <>
      <SelectField
        label={inT('in.profileMode')}
        value={w.profileMode}
        options={[
          { value: 'peak-to-average', label: inT('in.profilePar') },
          { value: 'weekly', label: inT('in.profileWeekly') },
        ]}
        onChange={(profileMode) => setWorkload({ profileMode })}
        testId="tco-profile-mode"
      />
      {w.profileMode === 'peak-to-average' ? (
        <NumberField
          label={inT('in.peakToAverage')}
          value={w.peakToAverage}
          min={1}
          max={1000}
          digits={2}
          unit="×"
          slider={{ min: 1, max: 10, step: 0.1 }}
          help={inT('in.peakHelp')}
          onCommit={(peakToAverage) => setWorkload({ peakToAverage })}
          testId="tco-par"
        />
      ) : (
        <ProfileEditor t={t} profile={w.weeklyProfile} onChange={(weeklyProfile) => setWorkload({ weeklyProfile })} />
      )}
    </>
  );
}

function ApiFields() {
  const inT = useT(inputsMessages);
  const api = useAppStore((s) => s.scenario.api);
  const language = useLanguage();
  const rec = api.offerId ? findApiOffer(api.offerId) : undefined;
  // An offer picked from genai-prices: its own entry in the list, with its published badge.
  const listPrice = !rec && isListPriceOfferId(api.offerId);
  const options = [
    ...(rec
      ? []
      : [listPrice ? { value: api.offerId ?? '', label: `${api.provider} · ${api.model} (genai-prices)` } : { value: '', label: inT('in.customOffer') }]),
    ...API_OFFERS.map((o) => ({ value: o.id, label: `${o.provider} · ${o.model}${o.channel === 'first-party' ? '' : ` (${inT(`channel.${o.channel}`)})`}` })),
  ];
  const unit = inT('unit.perMillion', { currency: api.listCurrency });
  const badge = rec ? (
    <SourceBadge
      source={rec.source}
      custom={
        offerMatchesRecord(api, rec)
          ? null
          : {
              catalogValue: `${formatNumber(language, rec.priceInputPerM, 4)} / ${formatNumber(language, rec.priceOutputPerM, 4)} ${inT('unit.perMillion', { currency: rec.listCurrency })}${rec.invoice ? ` → ${rec.invoice.currency}` : ''}`,
              onRestore: () => setApi(apiFieldsFromOffer(rec)),
            }
      }
    />
  ) : listPrice ? (
    <ListPriceBadge api={api} />
  ) : null;
  return (
    <>
      <SelectField
        label={inT('in.apiOffer')}
        value={api.offerId ?? ''}
        options={options}
        onChange={(id) => {
          const r = findApiOffer(id);
          if (r) setApi(apiFieldsFromOffer(r));
        }}
        badge={badge}
        testId="tco-api-offer"
      />
      <ListPricePicker offerId={api.offerId} onPick={setApi} />
      <div className="grid grid-cols-2 gap-3">
        <NumberField
          label={inT('in.priceInput')}
          value={api.priceInputPerM}
          min={0}
          max={MONEY_LIMITS.pricePerM}
          digits={4}
          unit={unit}
          onCommit={(priceInputPerM) => setApiByHand({ priceInputPerM })}
          testId="tco-price-input"
        />
        <NumberField
          label={inT('in.priceCached')}
          value={api.priceCachedInputPerM}
          min={0}
          max={MONEY_LIMITS.pricePerM}
          digits={4}
          unit={unit}
          onCommit={(priceCachedInputPerM) => setApiByHand({ priceCachedInputPerM })}
        />
        <NumberField
          label={inT('in.priceOutput')}
          value={api.priceOutputPerM}
          min={0}
          max={MONEY_LIMITS.pricePerM}
          digits={4}
          unit={unit}
          onCommit={(priceOutputPerM) => setApiByHand({ priceOutputPerM })}
          testId="tco-price-output"
        />
        <SelectField
          label={inT('in.listCurrency')}
          value={api.listCurrency}
          options={currencies.map((c) => ({ value: c, label: c }))}
          onChange={(listCurrency) => setApiByHand({ listCurrency })}
          testId="tco-list-currency"
        />
      </div>
      <InvoiceFields />
      <div className="grid grid-cols-2 gap-3">
        <OptionalNumberField
          label={inT('in.rateLimitRpm')}
          value={api.rateLimitRpm}
          min={1}
          max={1e12}
          unit={inT('unit.requestsPerMinute')}
          placeholder={inT('in.noLimit')}
          onCommit={(rateLimitRpm) => setApi({ rateLimitRpm })}
          testId="tco-rate-limit-rpm"
        />
        <OptionalNumberField
          label={inT('in.rateLimitTpm')}
          value={api.rateLimitTpm}
          min={1}
          max={1e15}
          unit={inT('unit.tokensPerMinute')}
          placeholder={inT('in.noLimit')}
          onCommit={(rateLimitTpm) => setApi({ rateLimitTpm })}
          testId="tco-rate-limit-tpm"
        />
      </div>
      <p className="-mt-1 text-xs text-muted">{inT('in.rateLimitHelp')}</p>
    </>
  );
}

/**
 * The invoice: its currency, how list amounts become invoice amounts (market rate or a
 * relay's peg), and this month's bill in words: list → invoice → paid at the market rate.
 */
function InvoiceFields() {
  const inT = useT(inputsMessages);
  const scenario = useAppStore((s) => s.scenario);
  const { api, fx } = scenario;
  const language = useLanguage();
  const summary = useWorkloadSummary(scenario);
  const differ = api.invoiceCurrency !== api.listCurrency;
  const pair = { invoice: api.invoiceCurrency, list: api.listCurrency };
  const bill = summary.data?.apiInvoice;
  // The bill in words, once the worker's figures are for this offer's currencies.
  const current = bill && bill.listCurrency === api.listCurrency && bill.invoiceCurrency === api.invoiceCurrency ? bill : null;
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label={inT('in.invoiceCurrency')}
          value={api.invoiceCurrency}
          options={currencies.map((c) => ({ value: c, label: c }))}
          onChange={(invoiceCurrency) => setApi({ invoiceCurrency })}
          testId="tco-invoice-currency"
        />
        {differ ? (
          <SelectField
            label={inT('in.invoiceFx')}
            value={api.invoiceFx}
            options={[
              {
                value: 'market',
                label: inT('in.fxMarket', { rate: formatRate(language, invoicePerListUnit({ api: { ...api, invoiceFx: 'market' }, fx })), ...pair }),
              },
              { value: 'peg', label: inT('in.fxPeg') },
            ]}
            onChange={(invoiceFx) => setApi({ invoiceFx })}
            testId="tco-invoice-fx"
          />
        ) : null}
        {differ && api.invoiceFx === 'peg' ? (
          <NumberField
            label={inT('in.peg', pair)}
            value={api.pegInvoicePerListUnit}
            min={0.000001}
            max={1000}
            digits={4}
            unit={`${api.invoiceCurrency}/${api.listCurrency}`}
            onCommit={(pegInvoicePerListUnit) => setApi({ pegInvoicePerListUnit })}
            testId="tco-peg"
          />
        ) : null}
      </div>
      {current && (api.listCurrency !== 'USD' || api.invoiceCurrency !== 'USD') ? (
        <p className="-mt-1 text-xs text-muted" data-testid="tco-invoice-line">
          {inT(api.invoiceCurrency === 'USD' ? 'in.invoiceLineUsd' : 'in.invoiceLine', {
            list: formatAmount(language, current.listCurrency, current.listAmount, { digits: 2 }),
            invoice: formatAmount(language, current.invoiceCurrency, current.invoiceAmount, { digits: 2 }),
            rate: formatRate(language, current.invoiceUnitsPerUsd),
            currency: current.invoiceCurrency,
            usd: formatAmount(language, 'USD', current.usd, { digits: 2 }),
          })}
        </p>
      ) : null}
    </>
  );
}

function DeploymentFields(props: { t: TcoT }) {
  const ft = useT(fieldLabels);
  const inT = useT(inputsMessages);
  const { t } = props;
  const bt = useT(billingMessages);
  const sh = useAppStore((s) => s.scenario.selfHosted);
  // The week profile built from a usage export is in that export's zone; the schedule is too
  // unless it names a zone of its own (profile.ts, scheduleShiftHours).
  const zone = useAppStore((s) => (s.scenario.workload.profileMode === 'weekly' ? (s.scenario.usage.source?.timeZone ?? null) : null));
  const language = useLanguage();
  const gpu = findGpu(sh.gpuId);
  const prices = pricesForGpu(sh.gpuId);
  const priceRec = sh.rentPriceId ? findGpuPrice(sh.rentPriceId) : undefined;
  const purchase = purchasesForGpu(sh.gpuId)[0];
  return (
    <>
      <SelectField
        label={ft('selfHosted.gpuId')}
        value={sh.gpuId}
        options={GPUS.map((g) => ({ value: g.id, label: g.name }))}
        onChange={(gpuId) => {
          const g = findGpu(gpuId);
          // A new GPU starts at the median of its on-demand rates, not at whichever provider is listed first.
          const first = defaultRentFor(gpuId);
          setSelf({
            gpuId,
            gpusPerNode: g?.gpusPerNode ?? sh.gpusPerNode,
            rentPriceId: first?.id ?? null,
            rentUnit: 'gpu-hour',
            rentPrice: first?.usdPerGpuHour ?? sh.rentPrice,
            powerWattsPerGpu: g?.tdpW ?? sh.powerWattsPerGpu,
          });
        }}
        badge={gpu ? <SourceBadge source={gpu.source} /> : null}
      />
      <div className="grid grid-cols-2 gap-3">
        <NumberField
          label={ft('selfHosted.gpusPerReplica')}
          value={sh.gpusPerReplica}
          min={1}
          max={4096}
          integer
          unit={inT('unit.gpus')}
          onCommit={(gpusPerReplica) => setSelf({ gpusPerReplica })}
        />
        <NumberField
          label={ft('selfHosted.gpusPerNode')}
          value={sh.gpusPerNode}
          min={1}
          max={MAX_GPUS_PER_NODE}
          integer
          unit={inT('unit.gpus')}
          onCommit={(gpusPerNode) => setSelf({ gpusPerNode })}
        />
        <NumberField
          label={inT('in.replicas')}
          value={sh.replicas}
          min={0}
          max={64}
          integer
          unit={t('unit.replicas')}
          help={inT('in.replicasHelp')}
          onCommit={(replicas) => setSelf({ replicas })}
          testId="tco-replicas"
        />
        <SelectField
          label={ft('selfHosted.redundancy')}
          value={sh.redundancy}
          options={[
            { value: 'none', label: inT('in.redundancyNone') },
            { value: 'n-plus-1', label: inT('in.redundancyN1') },
          ]}
          onChange={(redundancy) => setSelf({ redundancy })}
        />
      </div>
      <SelectField
        label={inT('in.serving')}
        value={sh.pools === null ? 'aggregated' : 'pools'}
        options={[
          { value: 'aggregated', label: inT('in.servingAggregated') },
          { value: 'pools', label: inT('in.servingPools') },
        ]}
        help={inT('in.servingHelp')}
        // Pools start without rates: the plan search estimates them, or the user enters a sweep's.
        onChange={(v) => setSelf({ pools: v === 'pools' ? { prefillRequestsPerSecond: 0, decodeRequestsPerSecond: 0, source: 'entered', label: null } : null })}
        testId="tco-serving"
      />
      {sh.pools ? (
        <div className="grid grid-cols-2 gap-3" data-testid="tco-pools">
          {(['prefill', 'decode'] as const).map((pool) => {
            const key = pool === 'prefill' ? 'prefillRequestsPerSecond' : 'decodeRequestsPerSecond';
            return (
              <NumberField
                key={pool}
                label={inT(pool === 'prefill' ? 'in.prefillRate' : 'in.decodeRate')}
                value={sh.pools?.[key] ?? 0}
                min={0}
                max={1_000_000}
                digits={3}
                unit={inT('unit.requestsPerSecond')}
                // A rate typed in is the user's own: entered, whatever the plan search estimated.
                onCommit={(v) => sh.pools && setSelf({ pools: { ...sh.pools, [key]: v, source: 'entered', label: null } })}
                testId={`tco-${pool}-rate`}
              />
            );
          })}
          <p className="col-span-2 text-xs text-muted" data-testid="tco-pools-source">
            {inT('in.poolsSource', { source: `${inT(`poolSource.${sh.pools.source}`)}${sh.pools.label ? ` (${sh.pools.label})` : ''}` })}
          </p>
        </div>
      ) : null}
      <SelectField
        label={inT('in.costMode')}
        value={sh.costMode}
        options={[
          { value: 'rent', label: inT('in.rent') },
          { value: 'buy', label: inT('in.buy') },
        ]}
        onChange={(costMode) => setSelf({ costMode })}
        testId="tco-cost-mode"
      />
      {sh.costMode === 'rent' ? (
        <>
          <SelectField
            label={inT('in.rentOffer')}
            value={sh.rentPriceId ?? ''}
            options={[
              ...(priceRec ? [] : [{ value: '', label: inT('in.customPrice') }]),
              // The source and its date tell apart two rates of one provider (two price lists, two dates).
              ...prices.map((p) => ({
                value: p.id,
                label: `${p.provider} · ${inT(`tier.${p.tier}`)} · ${formatNumber(language, p.usdPerGpuHour, 3)} ${t('unit.usdPerGpuHour')} · ${p.source.title.split(' ')[0] ?? ''}, ${formatDate(language, p.source.checked)}`,
              })),
            ]}
            onChange={(id) => {
              const p = findGpuPrice(id);
              // Catalog rates are per GPU-hour; shown in the unit the price field uses.
              if (p) setSelf({ rentPriceId: p.id, rentPrice: catalogPriceInUnit(p.usdPerGpuHour, sh.rentUnit, sh.gpusPerNode) });
            }}
            badge={priceRec ? <SourceBadge source={priceRec.source} /> : null}
            testId="tco-rent-offer"
          />
          <SelectField
            label={inT('in.rentUnit')}
            value={sh.rentUnit}
            options={[
              { value: 'gpu-hour', label: inT('in.perGpuHour') },
              { value: 'node-hour', label: inT('in.perNodeHour', { n: sh.gpusPerNode }) },
            ]}
            // The same rent in the other unit: × or ÷ the GPUs per node, so the cost does not jump.
            onChange={(rentUnit) =>
              setSelf({
                rentUnit,
                rentPrice: convertRentPrice(sh.rentPrice, sh.rentUnit, rentUnit, sh.gpusPerNode),
                billing: { ...sh.billing, reservedPrice: convertRentPrice(sh.billing.reservedPrice, sh.rentUnit, rentUnit, sh.gpusPerNode) },
              })
            }
            testId="tco-rent-unit"
          />
          <BillingFields t={t} />
        </>
      ) : (
        <>
          {purchase ? (
            <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
              {inT('in.purchaseQuote', { low: formatNumber(language, purchase.usdLow, 0), high: formatNumber(language, purchase.usdHigh, 0) })}
              <SourceBadge source={purchase.source} />
            </p>
          ) : null}
          <div className="grid grid-cols-2 gap-3">
            <NumberField
              label={inT('in.infraOverhead')}
              value={sh.infraOverheadShare}
              min={0}
              max={5}
              scale={100}
              digits={0}
              unit="%"
              onCommit={(infraOverheadShare) => setSelf({ infraOverheadShare })}
            />
            <NumberField
              label={ft('selfHosted.amortisationMonths')}
              value={sh.amortisationMonths}
              min={1}
              max={240}
              integer
              unit={inT('unit.months')}
              onCommit={(amortisationMonths) => setSelf({ amortisationMonths })}
            />
            <NumberField
              label={ft('selfHosted.residualShare')}
              value={sh.residualShare}
              min={0}
              max={1}
              scale={100}
              digits={0}
              unit="%"
              onCommit={(residualShare) => setSelf({ residualShare })}
            />
            <NumberField
              label={ft('selfHosted.powerWattsPerGpu')}
              value={sh.powerWattsPerGpu}
              min={0}
              max={10_000}
              integer
              unit="W"
              onCommit={(powerWattsPerGpu) => setSelf({ powerWattsPerGpu })}
            />
            <NumberField label={ft('selfHosted.pue')} value={sh.pue} min={1} max={5} digits={2} unit="×" onCommit={(pue) => setSelf({ pue })} />
            <NumberField
              label={inT('in.kwh')}
              value={sh.pricePerKwh}
              min={0}
              max={10}
              digits={3}
              unit={inT('unit.usdPerKwh')}
              onCommit={(pricePerKwh) => setSelf({ pricePerKwh })}
            />
          </div>
          <SelectField
            label={ft('selfHosted.powerDraw.mode')}
            value={sh.powerDraw.mode}
            options={(['rated', 'utilisation'] as const).map((v) => ({ value: v, label: bt(`power.${v}`) }))}
            onChange={(mode) => setSelf({ powerDraw: { ...sh.powerDraw, mode } })}
            testId="tco-power-mode"
          />
          {sh.powerDraw.mode === 'utilisation' ? (
            <>
              <div className="grid grid-cols-2 gap-3">
                <NumberField
                  label={ft('selfHosted.powerDraw.idleWattsPerGpu')}
                  value={sh.powerDraw.idleWattsPerGpu}
                  min={0}
                  max={10_000}
                  integer
                  unit="W"
                  onCommit={(idleWattsPerGpu) => setSelf({ powerDraw: { ...useAppStore.getState().scenario.selfHosted.powerDraw, idleWattsPerGpu } })}
                />
                <NumberField
                  label={ft('selfHosted.powerDraw.serverWattsPerNode')}
                  value={sh.powerDraw.serverWattsPerNode}
                  min={0}
                  max={100_000}
                  integer
                  unit="W"
                  onCommit={(serverWattsPerNode) => setSelf({ powerDraw: { ...useAppStore.getState().scenario.selfHosted.powerDraw, serverWattsPerNode } })}
                />
              </div>
              <p className="-mt-1 text-xs text-muted">{bt('power.help')}</p>
            </>
          ) : null}
        </>
      )}
      <SelectField
        label={inT('in.basis')}
        value={sh.throughput.basis}
        options={[
          { value: 'output', label: inT('in.basisOutput') },
          { value: 'total', label: inT('in.basisTotal') },
        ]}
        onChange={(basis) => setSelf({ throughput: { ...sh.throughput, basis } })}
      />
      <div className="grid grid-cols-2 gap-3">
        <OptionalNumberField
          label={inT('in.atInput')}
          value={sh.throughput.atInputTokens}
          min={0}
          max={1e8}
          unit={t('unit.tokens')}
          placeholder={inT('in.atPlaceholder')}
          onCommit={(atInputTokens) => setSelf({ throughput: { ...useAppStore.getState().scenario.selfHosted.throughput, atInputTokens } })}
          testId="tco-at-input"
        />
        <OptionalNumberField
          label={inT('in.atOutput')}
          value={sh.throughput.atOutputTokens}
          min={0}
          max={1e8}
          unit={t('unit.tokens')}
          placeholder={inT('in.atPlaceholder')}
          onCommit={(atOutputTokens) => setSelf({ throughput: { ...useAppStore.getState().scenario.selfHosted.throughput, atOutputTokens } })}
          testId="tco-at-output"
        />
      </div>
      <p className="-mt-1 text-xs text-muted">{inT('in.atHelp')}</p>
      <OptionalNumberField
        label={inT('in.prefill')}
        value={sh.throughput.prefillTokensPerSecond}
        min={1}
        max={1e10}
        unit={t('unit.inputTokensPerSecond')}
        placeholder={inT('in.prefillPlaceholder')}
        help={inT('in.prefillHelp')}
        onCommit={(prefillTokensPerSecond) => setSelf({ throughput: { ...useAppStore.getState().scenario.selfHosted.throughput, prefillTokensPerSecond } })}
        testId="tco-prefill"
      />
      {sh.costMode === 'rent' && sh.billing.mode !== 'on-demand' ? (
        <p className="text-xs text-muted" data-testid="tco-schedule-ignored">
          {bt('in.scheduleIgnored', { mode: bt(`in.mode.${sh.billing.mode}`) })}
        </p>
      ) : (
        <SelectField
          label={inT('in.hoursMode')}
          value={sh.hoursMode}
          options={[
            { value: 'always', label: inT('in.always') },
            { value: 'schedule', label: inT('in.schedule') },
          ]}
          onChange={(hoursMode) => setSelf({ hoursMode })}
        />
      )}
      {sh.hoursMode === 'schedule' && !(sh.costMode === 'rent' && sh.billing.mode !== 'on-demand') ? (
        <div className="grid grid-cols-2 gap-3">
          <NumberField
            label={inT('in.hoursPerDay')}
            value={sh.scheduleHoursPerDay}
            min={0}
            max={24}
            digits={1}
            unit={t('unit.hours')}
            help={inT('in.scheduleHelp')}
            onCommit={(scheduleHoursPerDay) => setSelf({ scheduleHoursPerDay })}
          />
          <NumberField
            label={inT('in.daysPerWeek')}
            value={sh.scheduleDaysPerWeek}
            min={0}
            max={7}
            digits={1}
            unit={inT('unit.days')}
            onCommit={(scheduleDaysPerWeek) => setSelf({ scheduleDaysPerWeek })}
          />
          <NumberField
            label={inT('in.scheduleStart')}
            value={sh.scheduleStartHour}
            min={0}
            max={23}
            integer
            unit={inT('unit.oClock')}
            help={zone === null ? inT('in.scheduleStartHelp') : inT('in.scheduleStartZone', { zone: sh.scheduleTimeZone ?? zone })}
            onCommit={(scheduleStartHour) => setSelf({ scheduleStartHour })}
            testId="tco-schedule-start"
          />
          {zone !== null ? (
            <SelectField
              label={inT('in.scheduleZone')}
              value={sh.scheduleTimeZone ?? ''}
              options={[{ value: '', label: inT('in.scheduleZoneWeek', { zone }) }, ...timeZoneNames(sh.scheduleTimeZone).map((z) => ({ value: z, label: z }))]}
              onChange={(z) => setSelf({ scheduleTimeZone: z === '' ? null : z })}
              help={inT('in.scheduleZoneHelp')}
              testId="tco-schedule-zone"
            />
          ) : null}
        </div>
      ) : null}
    </>
  );
}

function CostFields() {
  const ft = useT(fieldLabels);
  const inT = useT(inputsMessages);
  const bt = useT(billingMessages);
  const sh = useAppStore((s) => s.scenario.selfHosted);
  const setScaling = (patch: Partial<SelfHosted['scaling']>) => setSelf({ scaling: { ...useAppStore.getState().scenario.selfHosted.scaling, ...patch } });
  const setOutlook = (patch: Partial<SelfHosted['outlook']>) => setSelf({ outlook: { ...useAppStore.getState().scenario.selfHosted.outlook, ...patch } });
  return (
    <>
      <SelectField
        label={bt('scaling.staffPer')}
        value={sh.scaling.staffPer}
        options={(['deployment', 'node', 'replica'] as const).map((v) => ({ value: v, label: bt(`scaling.${v}`) }))}
        onChange={(staffPer) => setScaling({ staffPer })}
        testId="tco-staff-per"
      />
      <div className="grid grid-cols-2 gap-3">
        <NumberField
          label={ft('selfHosted.staffFte')}
          value={sh.staffFte}
          min={0}
          max={1000}
          digits={2}
          unit={inT('unit.fte')}
          help={inT('in.staffHelp')}
          onCommit={(staffFte) => setSelf({ staffFte })}
          testId="tco-staff-fte"
        />
        <NumberField
          label={ft('selfHosted.scaling.minOnCallFte')}
          value={sh.scaling.minOnCallFte}
          min={0}
          max={1000}
          digits={2}
          unit={inT('unit.fte')}
          help={bt('scaling.minOnCallHelp')}
          onCommit={(minOnCallFte) => setScaling({ minOnCallFte })}
          testId="tco-min-on-call"
        />
        <NumberField
          label={ft('selfHosted.scaling.otherPerNodeMonthly')}
          value={sh.scaling.otherPerNodeMonthly}
          min={0}
          max={MONEY_LIMITS.otherMonthly}
          digits={0}
          unit={inT('unit.usdPerMonth')}
          onCommit={(otherPerNodeMonthly) => setScaling({ otherPerNodeMonthly })}
          testId="tco-per-node"
        />
        <NumberField
          label={inT('in.staffCost')}
          value={sh.staffLoadedYearlyUsd}
          min={0}
          max={MONEY_LIMITS.staffYearly}
          digits={0}
          unit={inT('unit.usdPerYear')}
          onCommit={(staffLoadedYearlyUsd) => setSelf({ staffLoadedYearlyUsd })}
        />
        <NumberField
          label={inT('in.upgradeHours')}
          value={sh.upgradeHoursPerMonth}
          min={0}
          max={744}
          digits={1}
          unit={inT('unit.hoursPerMonth')}
          onCommit={(upgradeHoursPerMonth) => setSelf({ upgradeHoursPerMonth })}
        />
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">{inT('in.otherMonthly')}</legend>
        {sh.otherMonthly.map((o, i) => (
          <div key={i} className="grid grid-cols-[minmax(0,1fr)_minmax(0,8rem)_auto] items-end gap-2">
            <label className="flex flex-col gap-1 text-xs text-muted">
              {inT('in.otherLabel')}
              <input
                value={o.label}
                maxLength={80}
                onChange={(e) => setSelf({ otherMonthly: sh.otherMonthly.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)) })}
                className="rounded-md border border-border bg-surface px-2 py-1.5 text-sm text-text"
              />
            </label>
            <NumberField
              label={inT('in.otherAmount')}
              value={o.usd}
              min={0}
              max={MONEY_LIMITS.otherMonthly}
              digits={0}
              unit={inT('unit.usdPerMonth')}
              onCommit={(usd) => setSelf({ otherMonthly: sh.otherMonthly.map((x, j) => (j === i ? { ...x, usd } : x)) })}
            />
            <Button
              variant="textLink"
              size="xs"
              className="mb-1"
              onClick={() => setSelf({ otherMonthly: sh.otherMonthly.filter((_, j) => j !== i) })}
              aria-label={inT('in.removeCost', { label: o.label })}
            >
              {inT('in.remove')}
            </Button>
          </div>
        ))}
        {sh.otherMonthly.length < 20 ? (
          <Button
            variant="textLink"
            size="xs"
            className="justify-self-start"
            onClick={() => setSelf({ otherMonthly: [...sh.otherMonthly, { label: inT('in.newCost'), usd: 0 }] })}
          >
            {inT('in.addCost')}
          </Button>
        ) : null}
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <NumberField
          label={ft('selfHosted.oneTimeUsd')}
          value={sh.oneTimeUsd}
          min={0}
          max={MONEY_LIMITS.oneTime}
          digits={0}
          unit="USD"
          help={inT('in.oneTimeHelp')}
          onCommit={(oneTimeUsd) => setSelf({ oneTimeUsd })}
        />
        <NumberField
          label={ft('selfHosted.horizonMonths')}
          value={sh.horizonMonths}
          min={1}
          max={240}
          integer
          unit={inT('unit.months')}
          onCommit={(horizonMonths) => setSelf({ horizonMonths })}
          testId="tco-horizon-months"
        />
        <NumberField
          label={bt('capital.wacc')}
          value={sh.capital.waccYearly}
          min={0}
          max={1}
          scale={100}
          digits={1}
          unit="%"
          help={bt('capital.waccHelp')}
          onCommit={(waccYearly) => setSelf({ capital: { ...useAppStore.getState().scenario.selfHosted.capital, waccYearly } })}
          testId="tco-wacc"
        />
        <SelectField
          label={bt('capital.convention')}
          value={sh.capital.rateConvention}
          options={(['nominal', 'effective'] as const).map((v) => ({ value: v, label: bt(`capital.convention.${v}`) }))}
          onChange={(rateConvention) => setSelf({ capital: { ...useAppStore.getState().scenario.selfHosted.capital, rateConvention } })}
          help={bt('capital.conventionHelp')}
          testId="tco-rate-convention"
        />
        {sh.costMode === 'buy' ? (
          <SelectField
            label={bt('terminal.rule')}
            value={sh.terminalValue.rule}
            options={(['book', 'resale-share', 'none'] as const).map((v) => ({ value: v, label: bt(`terminal.rule.${v}`) }))}
            onChange={(rule) => setSelf({ terminalValue: { ...useAppStore.getState().scenario.selfHosted.terminalValue, rule } })}
            testId="tco-terminal-rule"
          />
        ) : null}
        <NumberField
          label={bt('ramp.parallel')}
          value={sh.ramp.parallelMonths}
          min={0}
          max={60}
          integer
          unit={inT('unit.months')}
          help={bt('ramp.parallelHelp')}
          onCommit={(parallelMonths) => setSelf({ ramp: { ...useAppStore.getState().scenario.selfHosted.ramp, parallelMonths } })}
          testId="tco-ramp-parallel"
        />
        <NumberField
          label={bt('ramp.ramp')}
          value={sh.ramp.rampMonths}
          min={0}
          max={60}
          integer
          unit={inT('unit.months')}
          help={bt('ramp.rampHelp')}
          onCommit={(rampMonths) => setSelf({ ramp: { ...useAppStore.getState().scenario.selfHosted.ramp, rampMonths } })}
          testId="tco-ramp-months"
        />
        <NumberField
          label={bt('tax.rate')}
          value={sh.tax.rate}
          min={0}
          max={0.9}
          scale={100}
          digits={1}
          unit="%"
          help={bt('tax.help')}
          onCommit={(rate) => setSelf({ tax: { rate } })}
          testId="tco-tax-rate"
        />
        {sh.costMode === 'buy' && sh.terminalValue.rule === 'resale-share' ? (
          <NumberField
            label={bt('terminal.resaleShare')}
            value={sh.terminalValue.resaleShare}
            min={0}
            max={1}
            scale={100}
            digits={0}
            unit="%"
            help={bt('terminal.resaleHelp')}
            onCommit={(resaleShare) => setSelf({ terminalValue: { ...useAppStore.getState().scenario.selfHosted.terminalValue, resaleShare } })}
            testId="tco-resale-share"
          />
        ) : null}
        <NumberField
          label={bt('outlook.growth')}
          value={sh.outlook.volumeGrowthMonthly}
          min={-0.5}
          max={1}
          scale={100}
          digits={1}
          unit={bt('outlook.perMonth')}
          onCommit={(volumeGrowthMonthly) => setOutlook({ volumeGrowthMonthly })}
          testId="tco-volume-growth"
        />
        <NumberField
          label={bt('outlook.apiChange')}
          value={sh.outlook.apiPriceChangeYearly}
          min={-0.99}
          max={10}
          scale={100}
          digits={0}
          unit={bt('outlook.perYear')}
          onCommit={(apiPriceChangeYearly) => setOutlook({ apiPriceChangeYearly })}
          testId="tco-api-change"
        />
        <NumberField
          label={bt('outlook.gpuChange')}
          value={sh.outlook.gpuPriceChangeYearly}
          min={-0.99}
          max={10}
          scale={100}
          digits={0}
          unit={bt('outlook.perYear')}
          onCommit={(gpuPriceChangeYearly) => setOutlook({ gpuPriceChangeYearly })}
          testId="tco-gpu-change"
        />
      </div>
      <p className="-mt-1 text-xs text-muted">{bt('outlook.help')}</p>
    </>
  );
}

function UncertaintyFields(props: { t: TcoT }) {
  const inT = useT(inputsMessages);
  const { t } = props;
  const u = useAppStore((s) => s.scenario.uncertainty);
  const update = useAppStore((s) => s.updateSection);
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <NumberField
          label={inT('in.sensitivity')}
          value={u.sensitivityShare}
          min={0.01}
          max={0.9}
          scale={100}
          digits={0}
          unit="± %"
          onCommit={(sensitivityShare) => update('uncertainty', { sensitivityShare })}
        />
        <NumberField
          label={inT('in.samples')}
          value={u.samples}
          min={1000}
          max={200_000}
          integer
          unit={inT('unit.samples')}
          onCommit={(samples) => update('uncertainty', { samples })}
        />
        <NumberField label={inT('in.seed')} value={u.seed} min={0} max={2 ** 31 - 1} integer onCommit={(seed) => update('uncertainty', { seed })} />
      </div>
      <RangesEditor t={t} />
    </>
  );
}

export const InputsPanel = memo(function InputsPanel() {
  const inT = useT(inputsMessages);
  const t = useT(tcoMessages);
  return (
    <div className="grid gap-3" data-testid="tco-inputs">
      <section aria-labelledby="tco-quick-title" className="rounded-lg border border-border bg-surface p-3">
        <h2 id="tco-quick-title" className="mb-2 text-sm font-semibold">
          {inT('group.quick')}
        </h2>
        <QuickInputs t={t} />
      </section>
      <Group title={inT('group.workload')} testId="tco-group-workload">
        {() => <WorkloadFields t={t} />}
      </Group>
      <Group title={inT('group.shape')} testId="tco-group-shape">
        {() => <ShapeFields t={t} />}
      </Group>
      <Group title={inT('group.api')} testId="tco-group-api">
        {() => <ApiFields />}
      </Group>
      <Group title={inT('group.deployment')} testId="tco-group-deployment">
        {() => <DeploymentFields t={t} />}
      </Group>
      <Group title={inT('group.costs')} testId="tco-group-costs">
        {() => <CostFields />}
      </Group>
      <Group title={inT('group.uncertainty')} testId="tco-group-uncertainty">
        {() => <UncertaintyFields t={t} />}
      </Group>
    </div>
  );
});
