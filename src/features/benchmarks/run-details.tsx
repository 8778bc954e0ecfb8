import { useLanguage, useT } from '../../components/use-t';
import type { BenchRun, ComparisonRow, MetricId } from '../../core/benchmarks/run-schema';
import { metricIds } from '../../core/benchmarks/run-schema';
import { formatDateTime, formatInteger, formatMoney, formatNumber, formatPercent } from '../../lib/format/format';
import { useAppStore } from '../../state/store';
import { formatMs, formatRate, runName } from './format-bench';
import { benchmarksMessages, type BenchT } from './messages';

/** Float noise such as -1e-13 shows as 0, not "-0". */
function tiny(v: number): boolean {
  return Math.abs(v) < 1e-9;
}

/** A date with a zone in the reader's local time; local time without a zone as written. */
function showDate(language: ReturnType<typeof useLanguage>, date: string): string {
  return /(Z|[+-]\d{2}:?\d{2})$/.test(date) ? formatDateTime(language, date) : date.replace('T', ' ');
}

function figureName(t: BenchT, row: ComparisonRow): string {
  const q = (metricIds as readonly string[]).includes(row.quantity) ? t(`metric.${row.quantity as MetricId}`) : t(`q.${row.quantity as 'ok'}`);
  return `${q} · ${row.stat}`;
}

/** Everything known about one run: source, definitions, the file vs recomputed, notes. */
export function RunDetails(props: { run: BenchRun; fileName: string }) {
  const { run, fileName } = props;
  const t = useT(benchmarksMessages);
  const language = useLanguage();
  const currency = useAppStore((s) => s.currency);
  const fx = useAppStore((s) => s.scenario.fx);
  const isLatency = (row: ComparisonRow) => (metricIds as readonly string[]).includes(row.quantity);
  const value = (row: ComparisonRow, v: number) =>
    isLatency(row) ? `${formatMs(language, v)} ms` : row.quantity.endsWith('PerS') ? formatRate(language, v) : formatNumber(language, v, 0);
  const r = run.requests;
  const dd = 'mb-2 break-words';
  const dt = 'text-xs font-medium text-muted';
  return (
    <div className="flex flex-col gap-4 p-3 text-sm" data-testid="run-details" aria-label={t('det.title', { run: runName(t, run) })}>
      <div className="grid gap-x-6 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
        <dl>
          <dt className={dt}>{t('det.file')}</dt>
          <dd className={dd}>{run.source.companionFile ? `${fileName} + ${run.source.companionFile}` : fileName}</dd>
          <dt className={dt}>{t('det.format')}</dt>
          <dd className={dd}>
            {run.source.format}
            {run.toolVersion ? ` · ${t('det.toolVersion')} ${run.toolVersion}` : ''}
          </dd>
          {run.date ? (
            <>
              <dt className={dt}>{t('det.date')}</dt>
              <dd className={dd}>{showDate(language, run.date)}</dd>
            </>
          ) : null}
        </dl>
        <dl>
          <dt className={dt}>{t('det.requests')}</dt>
          <dd className={`${dd} figures`}>{[r.total, r.ok, r.failed, r.incomplete].map((n) => formatInteger(language, n)).join(' / ')}</dd>
          <dt className={dt}>{t('det.duration')}</dt>
          <dd className={`${dd} figures`}>{formatNumber(language, run.durationS, 2)}</dd>
          <dt className={dt}>{t('det.tokens')}</dt>
          <dd className={`${dd} figures`}>
            {formatInteger(language, run.tokens.input)} / {formatInteger(language, run.tokens.output)}
          </dd>
        </dl>
        <dl>
          {run.perRequest ? (
            <>
              <dt className={dt}>
                {t('det.perRequest', {
                  count: formatInteger(language, run.perRequest.count),
                  ok: formatInteger(language, run.perRequest.ok),
                  sampled: run.perRequest.sampled
                    ? t('det.sampled')
                    : run.perRequest.kept !== undefined
                      ? t('det.tableSample', { kept: formatInteger(language, run.perRequest.kept) })
                      : '',
                })}
              </dt>
              <dd className={dd} />
            </>
          ) : null}
          {run.cost ? (
            <>
              <dt className={dt}>{t('det.cost')}</dt>
              <dd className={`${dd} figures`}>
                {t('det.costValue', {
                  cost: formatMoney(language, currency, fx, run.cost.totalUsd),
                  rows: formatInteger(language, run.cost.rowsWithCost),
                  missing: formatInteger(language, run.cost.rowsWithoutCost),
                })}
              </dd>
            </>
          ) : null}
          {run.throughput.derived.length > 0 ? (
            <>
              <dt className={dt}>{t('derived')}</dt>
              <dd className={dd}>{run.throughput.derived.map((d) => t(`q.${d}`)).join(', ')}</dd>
            </>
          ) : null}
        </dl>
      </div>

      <section>
        <h4 className="mb-1 text-sm font-semibold">{t('det.definitions')}</h4>
        <ul className="flex flex-col gap-1 text-xs" data-testid="metric-definitions">
          {metricIds
            .filter((id) => run.definitions[id])
            .map((id) => {
              const d = run.definitions[id] as NonNullable<BenchRun['definitions'][MetricId]>;
              return (
                <li key={id} data-metric={id}>
                  <span className="font-medium">{t(`metric.${id}`)}</span> {d.sourceName ? t('def.source', { name: d.sourceName }) : ''}: {t(`def.${id}`)}{' '}
                  {t(`def.weighting.${d.weighting}`)}; {t(`def.method.${d.percentileMethod}`)}.
                </li>
              );
            })}
        </ul>
      </section>

      <section>
        <h4 className="mb-1 text-sm font-semibold">{t('det.comparison')}</h4>
        {run.comparison.length === 0 ? (
          <p className="text-xs text-muted">{t('det.noComparison')}</p>
        ) : (
          <div className="max-h-72 overflow-auto">
            <table className="figures w-full border-collapse text-xs" data-testid="comparison-table">
              <thead>
                <tr>
                  {[t('det.figure'), t('det.fileValue'), t('det.recomputedValue'), t('det.diff'), t('det.verdict')].map((h) => (
                    <th key={h} scope="col" className="sticky top-0 border-b border-border bg-surface px-2 py-1 text-left font-medium text-muted">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {run.comparison.map((row, i) => (
                  <tr key={i} data-verdict={row.verdict}>
                    <td className="border-b border-border/60 px-2 py-1">{figureName(t, row)}</td>
                    <td className="border-b border-border/60 px-2 py-1">{value(row, row.file)}</td>
                    <td className="border-b border-border/60 px-2 py-1">{value(row, row.recomputed)}</td>
                    <td className="border-b border-border/60 px-2 py-1">
                      {value(row, tiny(row.diff) ? 0 : row.diff)}
                      {row.relDiff !== null ? ` (${formatPercent(language, tiny(row.relDiff) ? 0 : row.relDiff, 2)})` : ''}
                    </td>
                    <td
                      className={`border-b border-border/60 px-2 py-1 ${row.verdict === 'agrees' ? 'text-ok' : row.verdict === 'differs' ? 'text-bad' : 'text-muted'}`}
                    >
                      {t(`verdict.${row.verdict}`)}
                      {row.reason ? ` (${t(`reason.${row.reason}`)})` : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {run.notes.length > 0 ? (
        <section>
          <h4 className="mb-1 text-sm font-semibold">{t('det.notes')}</h4>
          <ul className="list-disc pl-5 text-xs" data-testid="run-notes">
            {run.notes.map((n, i) => (
              <li key={i}>{t(`note.${n.code}`, { detail: n.detail ?? '' })}</li>
            ))}
          </ul>
        </section>
      ) : null}

      {run.requests.errors.length > 0 ? (
        <section>
          <h4 className="mb-1 text-sm font-semibold">{t('det.errors')}</h4>
          <ul className="figures text-xs">
            {run.requests.errors.slice(0, 20).map((e, i) => (
              <li key={i} className="break-words">
                {formatInteger(language, e.count)} × {e.kind}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {run.extras.length > 0 ? (
        <section>
          <h4 className="mb-1 text-sm font-semibold">{t('det.extras')}</h4>
          <dl className="figures grid grid-cols-[auto_1fr] gap-x-3 text-xs">
            {run.extras.map((x) => (
              <div key={x.key} className="contents">
                <dt className="text-muted break-all">{x.key}</dt>
                <dd className="break-words">{typeof x.value === 'number' ? formatNumber(language, x.value, 4) : x.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </div>
  );
}
