import { useId, useState } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { NumberField } from '../../components/number-field';
import { useLanguage } from '../../components/use-t';
import { findModel } from '../../core/catalog/catalog';
import type { ConfigIssue, ConfigNote } from '../../core/hardware/hf-config';
import type { ModelSpec } from '../../core/scenario/model-spec';
import { formatInteger, formatNumber } from '../../lib/format/format';
import { useAppStore } from '../../state/store';
import type { HardwareT } from './messages';
import { useParsedConfig } from './use-hardware';

function issueLine(t: HardwareT, i: ConfigIssue): string {
  return t(`cfg.${i.code}`, {
    path: i.path || 'config.json',
    detail: i.rule ? t(`rule.${i.rule}`, i.values) : (i.detail ?? ''),
    neededFor: i.neededFor ? t(`need.${i.neededFor}`) : '',
    expected: i.expected ? t(`expect.${i.expected}`) : t('expect.unknown', { detail: i.detail ?? '' }),
  });
}

function noteLine(t: HardwareT, language: ReturnType<typeof useLanguage>, n: ConfigNote): string {
  const params = Object.fromEntries(Object.entries(n.params ?? {}).map(([k, v]) => [k, typeof v === 'number' ? formatNumber(language, v, 2) : v]));
  return t(`note.${n.code}`, params);
}

/** Paste a config.json, or copy a catalog model, then edit the figures that matter. */
export function CustomModelCard(props: { t: HardwareT }) {
  const { t } = props;
  const language = useLanguage();
  const scenario = useAppStore((s) => s.scenario);
  const updateSection = useAppStore((s) => s.updateSection);
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState<{ text: string; name: string } | null>(null);
  const parsed = useParsedConfig(submitted);
  const textId = useId();
  const nameId = useId();
  const customNameId = useId();
  const custom = scenario.hardware.customModel;
  const catalogModel = findModel(scenario.selfHosted.modelId);

  const adoptSpec = (spec: ModelSpec) => {
    updateSection('hardware', { customModel: spec, weightFormat: spec.releasedFormat });
    updateSection('selfHosted', { modelId: 'custom' });
  };
  const edit = (patch: Partial<ModelSpec>) => {
    if (custom) updateSection('hardware', { customModel: { ...custom, ...patch } });
  };
  const result = parsed.data;
  return (
    <Card title={t('customTitle')} testId="hw-custom">
      <p className="mb-2 text-xs text-muted">{t('customHint')}</p>
      <label htmlFor={textId} className="text-sm font-medium">
        {t('configLabel')}
      </label>
      <textarea
        id={textId}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={5}
        spellCheck={false}
        className="mt-1 w-full rounded-md border border-border bg-surface p-2 font-mono text-xs"
        data-testid="hw-config-text"
      />
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={nameId} className="text-xs text-muted">
            {t('nameLabel')}
          </label>
          <input
            id={nameId}
            value={name}
            maxLength={120}
            onChange={(e) => setName(e.target.value)}
            className="rounded-md border border-border bg-surface px-2 py-1 text-sm"
          />
        </div>
        <Button onClick={() => setSubmitted({ text, name })} disabled={text.trim() === ''} className="font-medium" data-testid="hw-config-read">
          {t('readConfig')}
        </Button>
      </div>
      {result && !result.ok ? (
        <ul className="mt-2 grid gap-1" data-testid="hw-config-issues">
          {result.issues.map((i) => (
            <li key={`${i.path}-${i.code}`} role="alert" className="text-xs text-bad">
              {issueLine(t, i)}
            </li>
          ))}
        </ul>
      ) : null}
      {result && result.ok ? (
        <div className="mt-2 rounded-md bg-surface-2 p-2 text-xs" data-testid="hw-config-ok">
          <p className="figures font-medium">
            {t('configOk', {
              kinds: result.detected.kinds.map((k) => t(`kindsLabel_${k}`)).join(' + '),
              total: formatNumber(language, result.detected.totalParamsB, 1),
              active: formatNumber(language, result.detected.activeParamsB, 1),
              moe: result.spec.moe ? t('moeYes', { k: result.spec.moe.activePerToken, e: result.spec.moe.experts }) : t('moeNo'),
              ctx: formatInteger(language, result.spec.maxContext),
              format: result.spec.releasedFormat.toUpperCase(),
            })}
          </p>
          <ul className="mt-1 list-disc pl-4 text-muted">
            {result.notes.map((n) => (
              <li key={n.code}>{noteLine(t, language, n)}</li>
            ))}
          </ul>
          <Button variant="primary" onClick={() => adoptSpec(result.spec)} className="mt-2" data-testid="hw-config-use">
            {t('useModel')}
          </Button>
        </div>
      ) : null}
      {catalogModel ? (
        <Button
          variant="textLink"
          size="sm"
          className="mt-3"
          onClick={() => {
            const { id: _id, vendor: _vendor, source: _source, variants: _variants, ...spec } = catalogModel;
            adoptSpec({ ...spec, name: `${spec.name} (custom)`.slice(0, 120) });
          }}
        >
          {t('customise', { model: catalogModel.name })}
        </Button>
      ) : null}
      {custom && scenario.selfHosted.modelId === 'custom' ? (
        <div className="mt-3 grid gap-3 border-t border-border pt-3" data-testid="hw-custom-fields">
          <h3 className="text-sm font-semibold">{t('customFields')}</h3>
          <div className="flex flex-col gap-1">
            <label htmlFor={customNameId} className="text-sm font-medium">
              {t('customName')}
            </label>
            <input
              id={customNameId}
              value={custom.name}
              maxLength={120}
              onChange={(e) => e.target.value.trim() && edit({ name: e.target.value })}
              className="rounded-md border border-border bg-surface px-2 py-1.5 text-sm"
            />
          </div>
          <NumberField
            label={t('totalParams')}
            value={custom.totalParamsB}
            unit={t('unitsB')}
            min={0.001}
            max={100_000}
            digits={3}
            onCommit={(totalParamsB) => edit({ totalParamsB })}
            testId="hw-custom-total"
          />
          <NumberField
            label={t('activeParams')}
            value={custom.activeParamsB}
            unit={t('unitsB')}
            min={0.001}
            max={100_000}
            digits={3}
            onCommit={(activeParamsB) => edit({ activeParamsB })}
            testId="hw-custom-active"
          />
          <NumberField
            label={t('maxContext')}
            value={custom.maxContext}
            unit={t('units_tokens')}
            integer
            min={1}
            max={100_000_000}
            onCommit={(maxContext) => edit({ maxContext })}
            testId="hw-custom-max-ctx"
          />
          <NumberField
            label={t('checkpointGb')}
            value={custom.checkpointBytes === null ? 0 : custom.checkpointBytes / 1e9}
            unit={t('unitsGb')}
            min={0}
            max={1_000_000}
            digits={2}
            onCommit={(v) => edit({ checkpointBytes: v > 0 ? v * 1e9 : null })}
            testId="hw-custom-checkpoint"
          />
        </div>
      ) : null}
    </Card>
  );
}
