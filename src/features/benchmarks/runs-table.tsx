import { Fragment, useMemo, useState } from 'react';
import { Button } from '../../components/button';
import { useLanguage, useT } from '../../components/use-t';
import type { GoodputResult } from '../../core/benchmarks/goodput';
import type { BenchRun, MetricId, SloLimits } from '../../core/benchmarks/run-schema';
import { metricOf, percentileValue } from '../../core/benchmarks/views';
import { formatInteger, formatPercent } from '../../lib/format/format';
import type { StoredFile } from '../../lib/storage/runs-db';
import { formatMs, formatRate, loadText, runName } from './format-bench';
import { benchmarksMessages, type BenchKey, type BenchT } from './messages';
import { exampleMessages } from './example-messages';
import { PublishedBadge } from './published-example';
import { RunDetails } from './run-details';

interface Column {
  id: string;
  head: BenchKey;
  numeric: boolean;
  sort: (run: BenchRun) => number | string | null;
}

function latency(run: BenchRun, id: MetricId, p: number): { value: number | null; recomputed: boolean } {
  const m = metricOf(run, id);
  if (!m) return { value: null, recomputed: false };
  return { value: percentileValue(m.summary, p), recomputed: m.from === 'recomputed' };
}

const LATENCY_COLUMNS: { id: string; head: BenchKey; metric: MetricId; p: number }[] = [
  { id: 'ttft50', head: 'col.ttft50', metric: 'ttft', p: 50 },
  { id: 'ttft99', head: 'col.ttft99', metric: 'ttft', p: 99 },
  { id: 'tpot50', head: 'col.tpot50', metric: 'tpot', p: 50 },
  { id: 'itl50', head: 'col.itl50', metric: 'itl', p: 50 },
  { id: 'e2el50', head: 'col.e2el50', metric: 'e2el', p: 50 },
  { id: 'e2el99', head: 'col.e2el99', metric: 'e2el', p: 99 },
];

function goodputText(t: BenchT, language: ReturnType<typeof useLanguage>, run: BenchRun, g: GoodputResult | undefined, limitsSet: boolean): string {
  if (!run.perRequest) return t('goodput.noRequests');
  if (!limitsSet) return t('goodput.setLimit');
  if (!g) return '…';
  if (g.status === 'not-applicable')
    return g.reason === 'metric-missing' ? t('goodput.missing', { metrics: g.missing.map((m) => t(`metric.${m}`)).join(', ') }) : t('goodput.noRequests');
  return t('goodput.value', {
    share: formatPercent(language, g.requestShare, 1),
    good: formatInteger(language, g.goodRequests),
    total: formatInteger(language, g.totalRequests),
  });
}

/**
 * Sortable table of all stored runs, units in the headers. Figures the file does not summarise
 * but that were computed from its requests are marked. Text from files is rendered as text.
 */
export function RunsTable(props: {
  runs: readonly BenchRun[];
  files: readonly StoredFile[];
  selected: ReadonlySet<string>;
  maxSelected: number;
  onToggle: (id: string) => void;
  goodput: Record<string, GoodputResult> | undefined;
  limits: SloLimits;
  measuredHash: string | null;
  measuredLabel: string | null;
  onUseMeasured: (run: BenchRun) => void;
  onDelete: (run: BenchRun) => void;
}) {
  const { runs, files, selected, maxSelected, onToggle, goodput, limits, measuredHash, measuredLabel, onUseMeasured, onDelete } = props;
  const t = useT(benchmarksMessages);
  const te = useT(exampleMessages);
  const language = useLanguage();
  const [sort, setSort] = useState<{ id: string; dir: 1 | -1 } | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const limitsSet = limits.ttftMs !== null || limits.tpotMs !== null || limits.e2elMs !== null;
  const fileName = useMemo(() => new Map(files.map((f) => [f.hash, f.name])), [files]);

  const columns: Column[] = useMemo(
    () => [
      { id: 'run', head: 'col.run', numeric: false, sort: (r) => runName(t, r).toLowerCase() },
      { id: 'endpoint', head: 'col.endpoint', numeric: false, sort: (r) => r.endpoint.provider ?? r.endpoint.kind },
      { id: 'hardware', head: 'col.hardware', numeric: false, sort: (r) => r.hardware ?? '' },
      {
        id: 'load',
        head: 'col.load',
        numeric: true,
        sort: (r) =>
          r.load.concurrency ?? (typeof r.load.requestRate === 'number' ? r.load.requestRate : r.load.requestRate === 'inf' ? Number.MAX_VALUE : null),
      },
      { id: 'requests', head: 'col.requests', numeric: true, sort: (r) => r.requests.ok },
      { id: 'outTps', head: 'col.outTps', numeric: true, sort: (r) => r.throughput.outputTokensPerS },
      { id: 'totalTps', head: 'col.totalTps', numeric: true, sort: (r) => r.throughput.totalTokensPerS },
      { id: 'rps', head: 'col.rps', numeric: true, sort: (r) => r.throughput.requestsPerS },
      ...LATENCY_COLUMNS.map((c) => ({ id: c.id, head: c.head, numeric: true, sort: (r: BenchRun) => latency(r, c.metric, c.p).value })),
      {
        id: 'goodput',
        head: 'col.goodput',
        numeric: true,
        sort: (r) => {
          const g = goodput?.[r.id];
          return g && g.status === 'ok' ? g.requestShare : null;
        },
      },
    ],
    [t, goodput],
  );

  // Columns no run has a value for are left out, so the table fits more often without scrolling.
  const shown = useMemo(() => {
    const always = new Set(['run', 'load', 'requests', 'outTps']);
    return new Set(
      columns
        .filter(
          (c) => always.has(c.id) || (c.id === 'goodput' ? runs.some((r) => r.perRequest !== null) : runs.some((r) => c.sort(r) !== null && c.sort(r) !== '')),
        )
        .map((c) => c.id),
    );
  }, [columns, runs]);
  const visible = columns.filter((c) => shown.has(c.id));

  const rows = useMemo(() => {
    if (!sort) return [...runs];
    const col = columns.find((c) => c.id === sort.id);
    if (!col) return [...runs];
    return [...runs].sort((a, b) => {
      const x = col.sort(a);
      const y = col.sort(b);
      if (x === null && y === null) return 0;
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : x > y ? 1 : 0) * sort.dir;
    });
  }, [runs, sort, columns]);

  const th = 'border-b border-border px-1.5 py-1.5 text-left align-bottom text-xs font-medium text-muted';
  const td = 'border-b border-border/60 px-1.5 py-1.5 align-top';
  return (
    <div className="relative overflow-x-auto" data-testid="runs-table-wrap">
      <table className="figures w-full min-w-[960px] border-collapse text-sm" data-testid="runs-table">
        <thead>
          <tr>
            <th scope="col" className={th}>
              {t('col.select')}
            </th>
            {visible.map((c) => {
              const active = sort?.id === c.id;
              return (
                <th
                  key={c.id}
                  scope="col"
                  className={`${th} ${c.numeric ? 'text-right' : ''}`}
                  aria-sort={active ? (sort?.dir === 1 ? 'ascending' : 'descending') : 'none'}
                >
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 text-left hover:text-text"
                    aria-label={t('sort.by', { column: t(c.head) })}
                    onClick={() => setSort((s) => (s?.id === c.id ? { id: c.id, dir: s.dir === 1 ? -1 : 1 } : { id: c.id, dir: c.numeric ? -1 : 1 }))}
                  >
                    {t(c.head)}
                    <span aria-hidden>{active ? (sort?.dir === 1 ? '▲' : '▼') : '↕'}</span>
                  </button>
                </th>
              );
            })}
            <th scope="col" className={th}>
              {t('col.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((run) => {
            const name = runName(t, run);
            const isSelected = selected.has(run.id);
            const isMeasured = measuredHash !== null && run.source.fileHash === measuredHash && measuredLabel !== null && measuredLabel.startsWith(name);
            const g = goodput?.[run.id];
            return (
              <Fragment key={run.id}>
                <tr data-testid="run-row" data-run-id={run.id} data-tool={run.tool} className={isSelected ? 'bg-surface-2' : undefined}>
                  <td className={td}>
                    <input
                      type="checkbox"
                      checked={isSelected}
                      disabled={!isSelected && selected.size >= maxSelected}
                      onChange={() => onToggle(run.id)}
                      aria-label={t('select.run', { run: name })}
                      data-testid="run-select"
                    />
                  </td>
                  <td className={`${td} w-[180px] max-w-[180px] sm:w-[260px] sm:max-w-[260px]`}>
                    <div className="font-medium break-words">{name}</div>
                    <div
                      className="truncate text-xs text-muted"
                      title={`${run.label ? `${run.label} · ` : ''}${fileName.get(run.source.fileHash) ?? run.source.fileName}`}
                    >
                      {run.label ? `${run.label} · ` : ''}
                      {fileName.get(run.source.fileHash) ?? run.source.fileName}
                    </div>
                    {run.published ? <PublishedBadge published={run.published} /> : null}
                    {isMeasured ? <div className="text-xs text-ok">{t('measured.current')}</div> : null}
                  </td>
                  {shown.has('endpoint') ? (
                    <td className={td}>
                      {t(`endpoint.${run.endpoint.kind}`)}
                      {run.endpoint.provider ? <div className="text-xs text-muted break-all">{run.endpoint.provider}</div> : null}
                    </td>
                  ) : null}
                  {shown.has('hardware') ? (
                    <td className={`${td} break-words`}>
                      {run.hardware ?? '–'}
                      {run.gpus !== null ? <div className="text-xs text-muted">× {formatInteger(language, run.gpus)}</div> : null}
                    </td>
                  ) : null}
                  <td className={`${td} text-right whitespace-nowrap`}>{loadText(t, language, run)}</td>
                  <td className={`${td} text-right whitespace-nowrap`}>
                    {formatInteger(language, run.requests.ok)} /{' '}
                    <span className={run.requests.failed ? 'text-bad' : undefined}>{formatInteger(language, run.requests.failed)}</span>
                  </td>
                  <td className={`${td} text-right`} data-testid="cell-out-tps">
                    {formatRate(language, run.throughput.outputTokensPerS)}
                    {run.throughput.derived.includes('outputTokensPerS') ? <sup title={t('derived')}>*</sup> : null}
                  </td>
                  {shown.has('totalTps') ? (
                    <td className={`${td} text-right`}>
                      {formatRate(language, run.throughput.totalTokensPerS)}
                      {run.throughput.derived.includes('totalTokensPerS') ? <sup title={t('derived')}>*</sup> : null}
                    </td>
                  ) : null}
                  {shown.has('rps') ? (
                    <td className={`${td} text-right`}>
                      {formatRate(language, run.throughput.requestsPerS)}
                      {run.throughput.derived.includes('requestsPerS') ? <sup title={t('derived')}>*</sup> : null}
                    </td>
                  ) : null}
                  {LATENCY_COLUMNS.filter((c) => shown.has(c.id)).map((c) => {
                    const v = latency(run, c.metric, c.p);
                    return (
                      <td key={c.id} className={`${td} text-right`} data-testid={`cell-${c.id}`}>
                        {formatMs(language, v.value)}
                        {v.recomputed && v.value !== null ? <sup title={t('runs.recomputed')}>†</sup> : null}
                      </td>
                    );
                  })}
                  {shown.has('goodput') ? (
                    <td className={`${td} text-right text-xs`} data-testid="cell-goodput">
                      {goodputText(t, language, run, g, limitsSet)}
                      {g?.status === 'ok' && g.outputTokenShare !== null ? (
                        <div className="text-muted">{t('goodput.tokens', { share: formatPercent(language, g.outputTokenShare, 1) })}</div>
                      ) : null}
                    </td>
                  ) : null}
                  <td className={`${td} text-xs whitespace-nowrap`}>
                    <div className="flex flex-col items-start gap-1">
                      <Button
                        variant="link"
                        className="text-accent"
                        aria-expanded={open === run.id}
                        onClick={() => setOpen((o) => (o === run.id ? null : run.id))}
                      >
                        {open === run.id ? t('action.hideDetails') : t('action.details')}
                      </Button>
                      {/* A publisher's claim is not the user's measurement: it does not become the TCO's "measured" throughput. */}
                      {run.published ? (
                        <span className="max-w-[10rem] text-xs whitespace-normal text-muted">{te('noTco')}</span>
                      ) : (
                        <Button
                          variant="link"
                          className="text-accent"
                          onClick={() => onUseMeasured(run)}
                          data-testid="use-measured"
                          title={t('action.useMeasured')}
                          aria-label={`${t('action.useMeasured')}: ${name}`}
                        >
                          {t('action.useInTco')}
                        </Button>
                      )}
                      <Button variant="link" className="text-bad" onClick={() => onDelete(run)} aria-label={`${t('action.delete')}: ${name}`}>
                        {t('action.delete')}
                      </Button>
                    </div>
                  </td>
                </tr>
                {open === run.id ? (
                  <tr>
                    <td colSpan={visible.length + 2} className="border-b border-border bg-surface-2/50">
                      <RunDetails run={run} fileName={fileName.get(run.source.fileHash) ?? run.source.fileName} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
