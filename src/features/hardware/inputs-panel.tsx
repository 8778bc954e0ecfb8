import { countIn } from '../../lib/i18n/count';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { NumberField } from '../../components/number-field';
import { SelectField } from '../../components/select-field';
import { SourceBadge } from '../../components/source-badge';
import { useLanguage, useT } from '../../components/use-t';
import { findGpu, findModel } from '../../core/catalog/catalog';
import { GPUS } from '../../core/catalog/gpus';
import { MODELS } from '../../core/catalog/models';
import { engineLimits } from '../../core/hardware/engine-profile';
import type { InputIssue } from '../../core/hardware/setup';
import type { KvFormat, WeightFormat } from '../../core/scenario/model-spec';
import { MAX_GPUS_PER_NODE, type Language, type Scenario } from '../../core/scenario/schema';
import { formatInteger } from '../../lib/format/format';
import { fieldLabels } from '../../lib/i18n/fields';
import { useAppStore } from '../../state/store';
import { plural } from '../../core/text/plural';
import { layoutMessages } from './layout-messages';
import { hardwareMessages, type HardwareT } from './messages';
import { shortTokens } from './format-hardware';

type T = HardwareT;

export function issueText(t: T, language: Language, issue: InputIssue): string {
  const params = Object.fromEntries(Object.entries(issue.params ?? {}).map(([k, v]) => [k, typeof v === 'number' ? formatInteger(language, v) : v]));
  return t(`issue.${issue.code}`, params);
}

/** Messages of the cross-field checks, shown right under the field they concern. */
function FieldIssues(props: { issues: readonly InputIssue[]; field: string; t: T }) {
  const language = useLanguage();
  const mine = props.issues.filter((i) => i.field === props.field || i.field.startsWith(`${props.field}.`));
  if (mine.length === 0) return null;
  return (
    <div data-testid={`issue-${props.field}`}>
      {mine.map((i) => (
        <p key={`${i.field}-${i.code}`} role="alert" className="text-xs text-bad">
          {issueText(props.t, language, i)}
        </p>
      ))}
    </div>
  );
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

const WEIGHT_LABELS: Record<WeightFormat, string> = {
  bf16: 'BF16 (16 bit)',
  fp8: 'FP8 (≈8 bit)',
  int4: 'INT4 g32 (4.5 bit)',
  mxfp4: 'MXFP4 (4.25 bit)',
};
const KV_LABELS: Record<KvFormat, string> = { bf16: 'BF16 (2 B)', fp8: 'FP8 (1 B)' };

/** An engine limit: the scenario's value, or vLLM's default for the GPU (null), with a way back to the default. */
function EngineLimitField(props: {
  label: string;
  help: string;
  value: number | null;
  engineDefault: number | null;
  max: number;
  onCommit: (value: number | null) => void;
  testId: string;
  t: T;
}) {
  const { label, help, value, engineDefault, max, onCommit, testId, t } = props;
  const language = useLanguage();
  const shown = value ?? engineDefault ?? 1;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <NumberField
        label={label}
        value={shown}
        integer
        min={1}
        max={max}
        help={help}
        onCommit={(v) => onCommit(v === engineDefault && value === null ? null : v)}
        testId={testId}
        badge={
          value === null ? (
            <span className="text-xs text-muted" data-testid={`${testId}-default`}>
              {t('engineDefault')}
            </span>
          ) : null
        }
      />
      {value !== null && engineDefault !== null ? (
        <Button variant="link" size="xs" className="self-start text-accent" onClick={() => onCommit(null)}>
          {t('engineDefaultReset', { n: formatInteger(language, engineDefault) })}
        </Button>
      ) : null}
    </div>
  );
}

export function InputsPanel(props: { issues: readonly InputIssue[]; mla: boolean; modelMax: number | null }) {
  const ft = useT(fieldLabels);
  const { issues, mla, modelMax } = props;
  const t = useT(hardwareMessages);
  const lt = useT(layoutMessages);
  const language = useLanguage();
  const s = useAppStore((st) => st.scenario);
  const updateSection = useAppStore((st) => st.updateSection);
  const h = s.hardware;
  const sh = s.selfHosted;
  const setHw = (patch: Partial<Scenario['hardware']>) => updateSection('hardware', patch);
  const setSh = (patch: Partial<Scenario['selfHosted']>) => updateSection('selfHosted', patch);
  const model = findModel(sh.modelId);
  const gpu = findGpu(sh.gpuId);
  const stages = Number.isInteger(sh.gpusPerReplica / h.tensorParallel) ? sh.gpusPerReplica / h.tensorParallel : null;
  // vLLM's defaults for the chosen GPU, shown where the scenario leaves a limit to the engine.
  const limits = gpu ? engineLimits({ maxNumBatchedTokens: null, maxNumSeqs: null }, gpu) : null;

  const modelOptions = [
    ...MODELS.map((m) => ({ value: m.id, label: m.name })),
    { value: 'custom', label: h.customModel ? `${t('customOption')}: ${h.customModel.name}` : t('customOption') },
  ];
  const contextPresets = [8192, 32_768, 131_072, ...(modelMax ? [modelMax] : [])].filter((v, i, a) => a.indexOf(v) === i).sort((a, b) => a - b);

  return (
    <Card title={t('inputs')} testId="hardware-inputs">
      <p className="mb-3 text-xs text-muted">{t('inputsHint')}</p>
      {/* Long option texts must not widen the column on a phone. */}
      <div className="grid min-w-0 gap-3 [&_select]:w-full [&_select]:min-w-0">
        <div>
          <SelectField
            label={ft('selfHosted.modelId')}
            value={sh.modelId}
            options={modelOptions}
            testId="hw-model"
            badge={model ? <SourceBadge source={model.source} /> : null}
            onChange={(id) => {
              const m = findModel(id);
              if (m) {
                setSh({ modelId: id });
                setHw({ weightFormat: m.releasedFormat });
              } else if (id === 'custom') {
                setSh({ modelId: 'custom' });
                if (h.customModel) setHw({ weightFormat: h.customModel.releasedFormat });
              }
            }}
          />
          <FieldIssues issues={issues} field="selfHosted.modelId" t={t} />
          <FieldIssues issues={issues} field="hardware.customModel" t={t} />
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <SelectField<WeightFormat>
            label={ft('hardware.weightFormat')}
            value={h.weightFormat}
            options={(Object.keys(WEIGHT_LABELS) as WeightFormat[]).map((f) => ({ value: f, label: WEIGHT_LABELS[f] }))}
            onChange={(weightFormat) => setHw({ weightFormat })}
            testId="hw-weights"
          />
          <SelectField<KvFormat>
            label={ft('hardware.kvFormat')}
            value={h.kvFormat}
            options={(Object.keys(KV_LABELS) as KvFormat[]).map((f) => ({ value: f, label: KV_LABELS[f] }))}
            onChange={(kvFormat) => setHw({ kvFormat })}
            testId="hw-kv"
          />
        </div>
        <div>
          <NumberField
            label={t('context')}
            value={h.contextLength}
            unit={t('units_tokens')}
            integer
            min={1}
            max={100_000_000}
            onCommit={(contextLength) => setHw({ contextLength })}
            testId="hw-context"
          />
          <div className="mt-1 flex flex-wrap gap-1">
            {contextPresets.map((c) => (
              <button
                key={c}
                type="button"
                onClick={() => setHw({ contextLength: c })}
                aria-pressed={h.contextLength === c}
                className={`figures rounded border px-1.5 py-0.5 text-[11px] ${h.contextLength === c ? 'border-accent bg-accent text-accent-contrast' : 'border-border text-muted hover:bg-surface-2'}`}
              >
                {shortTokens(language, c)}
                {c === modelMax ? ` (${t('modelMax')})` : ''}
              </button>
            ))}
          </div>
          {modelMax !== null && h.contextLength > modelMax ? (
            // Still computed (memory for an over-long context is a fair question), but said at the field.
            <p className="mt-1 text-xs font-medium text-warn" role="status" data-testid="hw-context-over-max">
              {t('contextOverMax', { max: formatInteger(language, modelMax) })}
            </p>
          ) : null}
          <FieldIssues issues={issues} field="hardware.contextLength" t={t} />
        </div>
        <div>
          <NumberField
            label={ft('hardware.concurrentSequences')}
            value={h.concurrentSequences}
            integer
            min={1}
            max={1_000_000}
            slider={{ min: 1, max: 512, step: 1 }}
            onCommit={(concurrentSequences) => setHw({ concurrentSequences })}
            testId="hw-concurrency"
          />
          <FieldIssues issues={issues} field="hardware.concurrentSequences" t={t} />
        </div>
        <div>
          <SelectField
            label={ft('selfHosted.gpuId')}
            value={sh.gpuId}
            options={GPUS.map((g) => ({ value: g.id, label: `${g.name} · ${formatInteger(language, g.memoryGB)} GB` }))}
            badge={gpu ? <SourceBadge source={gpu.source} /> : null}
            onChange={(gpuId) => {
              const g = findGpu(gpuId);
              setSh(g ? { gpuId, gpusPerNode: Math.min(MAX_GPUS_PER_NODE, g.gpusPerNode) } : { gpuId });
            }}
            testId="hw-gpu"
          />
          <FieldIssues issues={issues} field="selfHosted.gpuId" t={t} />
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <div>
            <NumberField
              label={ft('selfHosted.gpusPerReplica')}
              value={sh.gpusPerReplica}
              unit={t('units_gpus')}
              integer
              min={1}
              max={4096}
              onCommit={(gpusPerReplica) => {
                setSh({ gpusPerReplica });
                // Keep TP valid when the count changes: TP over the part of the count inside one node.
                if (h.tensorParallel > gpusPerReplica || gpusPerReplica % h.tensorParallel !== 0) {
                  setHw({ tensorParallel: gcd(gpusPerReplica, sh.gpusPerNode) });
                }
              }}
              testId="hw-gpu-count"
            />
            <FieldIssues issues={issues} field="selfHosted.gpusPerReplica" t={t} />
          </div>
          <div>
            <NumberField
              label={ft('selfHosted.gpusPerNode')}
              value={sh.gpusPerNode}
              integer
              min={1}
              max={MAX_GPUS_PER_NODE}
              onCommit={(gpusPerNode) => setSh({ gpusPerNode })}
              testId="hw-per-node"
            />
            <FieldIssues issues={issues} field="selfHosted.gpusPerNode" t={t} />
          </div>
        </div>
        <SelectField
          label={lt('choice')}
          value={h.layout.choice}
          options={[
            { value: 'best-fit', label: lt('choiceBest') },
            { value: 'pinned', label: lt('choicePinned') },
          ]}
          onChange={(choice) => setHw({ layout: { choice } })}
          help={lt('choiceHelp')}
          testId="hw-layout-choice"
        />
        {h.layout.choice === 'pinned' ? (
          <>
            <div>
              <NumberField
                label={t('tp')}
                value={h.tensorParallel}
                integer
                min={1}
                max={1024}
                help={
                  stages !== null
                    ? t(plural(language, stages, { one: 'tpHelp.one', other: 'tpHelp.other' }), {
                        stages: formatInteger(language, stages),
                        gpus: countIn(hardwareMessages, language, 'gpus', h.tensorParallel),
                      })
                    : undefined
                }
                onCommit={(tensorParallel) => setHw({ tensorParallel })}
                testId="hw-tp"
              />
              <FieldIssues issues={issues} field="hardware.tensorParallel" t={t} />
            </div>
            <div>
              {mla ? (
                <SelectField
                  label={t('mlaMode')}
                  value={h.mlaKvMode}
                  options={[
                    { value: 'replicated', label: t('mlaReplicated') },
                    { value: 'dp-attention', label: t('mlaDp') },
                    { value: 'dcp', label: t('mlaDcp') },
                  ]}
                  onChange={(mlaKvMode) => setHw({ mlaKvMode })}
                  help={t('mlaModeHelp')}
                  testId="hw-mla-mode"
                />
              ) : (
                <div className="flex flex-col gap-1">
                  <span className="text-sm font-medium">{t('mlaMode')}</span>
                  <p className="text-xs text-muted" data-testid="hw-mla-mode-na">
                    {t('mlaModeNotApplicable')}
                  </p>
                </div>
              )}
              {mla && h.mlaKvMode === 'dcp' ? (
                <div className="mt-2">
                  <NumberField label={t('dcpSize')} value={h.dcpSize} integer min={1} max={1024} onCommit={(dcpSize) => setHw({ dcpSize })} testId="hw-dcp" />
                  <FieldIssues issues={issues} field="hardware.dcpSize" t={t} />
                </div>
              ) : null}
            </div>
          </>
        ) : null}
        <NumberField
          label={ft('hardware.memoryUtilisation')}
          value={h.memoryUtilisation}
          min={0.1}
          max={1}
          digits={2}
          slider={{ min: 0.5, max: 1, step: 0.01 }}
          help={t('utilisationHelp')}
          onCommit={(memoryUtilisation) => setHw({ memoryUtilisation })}
          testId="hw-util"
        />
        <SelectField<Scenario['hardware']['overheadSource']>
          label={t('overheadSource')}
          value={h.overheadSource}
          options={[
            { value: 'estimated', label: t('overheadSource.estimated') },
            { value: 'entered', label: t('overheadSource.entered') },
          ]}
          onChange={(overheadSource) => setHw({ overheadSource })}
          help={t('overheadSourceHelp')}
          testId="hw-overhead-source"
        />
        {h.overheadSource === 'entered' ? (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
            <NumberField
              label={t('runtime')}
              value={h.runtimeOverheadGiB}
              unit={t('units_gib')}
              min={0}
              max={1000}
              digits={2}
              help={t('runtimeHelp')}
              onCommit={(runtimeOverheadGiB) => setHw({ runtimeOverheadGiB })}
              testId="hw-runtime"
            />
            <NumberField
              label={t('activation')}
              value={h.activationGiB}
              unit={t('units_gib')}
              min={0}
              max={1000}
              digits={2}
              onCommit={(activationGiB) => setHw({ activationGiB })}
              testId="hw-activation"
            />
          </div>
        ) : null}
        {/* One per row: the engine's own names are long and would run into each other side by side. */}
        <div className="grid grid-cols-1 gap-3">
          <EngineLimitField
            label={t('maxBatchedTokens')}
            help={t('maxBatchedTokensHelp')}
            value={h.maxNumBatchedTokens}
            engineDefault={limits?.maxNumBatchedTokens ?? null}
            max={10_000_000}
            onCommit={(maxNumBatchedTokens) => setHw({ maxNumBatchedTokens })}
            testId="hw-max-batched-tokens"
            t={t}
          />
          <EngineLimitField
            label={t('maxSeqs')}
            help={t('maxSeqsHelp')}
            value={h.maxNumSeqs}
            engineDefault={limits?.maxNumSeqs ?? null}
            max={100_000}
            onCommit={(maxNumSeqs) => setHw({ maxNumSeqs })}
            testId="hw-max-seqs"
            t={t}
          />
        </div>
        <NumberField
          label={t('downloadGbps')}
          value={h.downloadGbps}
          unit={t('units_gbps')}
          min={0.01}
          max={100_000}
          digits={2}
          onCommit={(downloadGbps) => setHw({ downloadGbps })}
          testId="hw-download"
        />
        <details className="rounded-md border border-border p-2">
          <summary className="cursor-pointer text-sm font-medium">{t('efficiency')}</summary>
          <div className="mt-2 grid gap-3">
            <NumberField
              label={t('bwEff')}
              value={h.bandwidthEfficiency}
              min={0.05}
              max={1}
              digits={2}
              slider={{ min: 0.05, max: 1, step: 0.01 }}
              onCommit={(bandwidthEfficiency) => setHw({ bandwidthEfficiency })}
              testId="hw-bw-eff"
            />
            <NumberField
              label={t('computeEff')}
              value={h.computeEfficiency}
              min={0.05}
              max={1}
              digits={2}
              slider={{ min: 0.05, max: 1, step: 0.01 }}
              onCommit={(computeEfficiency) => setHw({ computeEfficiency })}
              testId="hw-compute-eff"
            />
            <NumberField
              label={t('stepOverhead')}
              value={h.stepOverheadMs}
              unit={t('units_ms')}
              min={0}
              max={1000}
              digits={2}
              onCommit={(stepOverheadMs) => setHw({ stepOverheadMs })}
              testId="hw-step-ms"
            />
            <NumberField
              label={t('promptTokens')}
              value={h.promptTokens}
              unit={t('units_tokens')}
              integer
              min={1}
              max={100_000_000}
              onCommit={(promptTokens) => setHw({ promptTokens })}
              testId="hw-prompt"
            />
          </div>
        </details>
      </div>
    </Card>
  );
}
