import { memo } from 'react';
import { ChartFrame } from '../../../components/chart-frame';
import { seriesOf, type ChartConfig } from '../../../components/chart-config';
import { Help } from '../../../components/help';
import { useT } from '../../../components/use-t';
import type { Figure, TcoEvaluation } from '../../../core/tco/evaluate';
import type { Fmt } from '../../../lib/format/fmt';
import type { TcoT } from '../messages';
import { csvShare } from './csv';
import { chartMessages } from './chart-messages';

/**
 * Utilisation of the self-hosted deployment as a half-circle gauge: busy share (all attempts)
 * and productive share (accepted work only), with the maximum sustainable utilisation marked.
 * Plain SVG: five paths, nothing to lay out.
 */
const R = 80;
const CX = 100;
const CY = 96;

function point(share: number, r = R): [number, number] {
  const a = Math.PI * (1 - Math.min(1, Math.max(0, share)));
  return [CX + r * Math.cos(a), CY - r * Math.sin(a)];
}

function arc(share: number, r = R): string {
  const [x0, y0] = point(0, r);
  const [x1, y1] = point(share, r);
  return `M ${x0} ${y0} A ${r} ${r} 0 0 1 ${x1.toFixed(2)} ${y1.toFixed(2)}`;
}

const val = (f: Figure) => (f.ok ? f.value : null);

export const UtilisationGauge = memo(function UtilisationGauge(props: { evaluation: TcoEvaluation; resultKey: string; fmt: Fmt; t: TcoT }) {
  const chT = useT(chartMessages);
  const { evaluation: e, resultKey, fmt, t } = props;
  const u = e.selfHosted.utilisation;
  const avg = val(u.average);
  const productive = val(u.productive);
  const peak = val(u.peak);
  const text = (f: Figure) => (f.ok ? fmt.percent(f.value, f.value < 0.1 ? 1 : 0) : t(`na.${f.reason}`));
  const summary = chT('chart.gaugeAria', { average: text(u.average), productive: text(u.productive), max: fmt.percent(u.max, 0) });
  // The two arcs and the limit mark. The legend with its help button stays under the frame;
  // its swatches, the arcs and the image files' legend all read from here.
  const limit = { key: 'max', label: chT('chart.utilMax'), colour: 'var(--text)', detail: fmt.percent(u.max, 0) } as const;
  const config: ChartConfig<'productive' | 'average'> = {
    series: [
      { key: 'productive', label: chT('chart.utilProductive'), colour: 'var(--series-self)', kind: 'bar', detail: text(u.productive) },
      { key: 'average', label: chT('chart.utilAverage'), colour: 'var(--series-5)', kind: 'bar', detail: text(u.average) },
    ],
    references: [limit],
  };
  const prod = seriesOf(config, 'productive');
  const average = seriesOf(config, 'average');
  const [mx0, my0] = point(u.max, R - 14);
  const [mx1, my1] = point(u.max, R + 10);
  const table = {
    head: [chT('chart.measure'), chT('chart.value')],
    rows: [
      [chT('chart.utilAverage'), text(u.average)],
      [chT('chart.utilProductive'), text(u.productive)],
      [chT('chart.utilPeak'), text(u.peak)],
      [chT('chart.utilMax'), fmt.percent(u.max, 0)],
    ],
  };
  // Shares as fractions; a figure without a value says why.
  const raw = (f: Figure) => (f.ok ? csvShare(f.value) : t(`na.${f.reason}`));
  const csv = {
    head: [chT('chart.measure'), `${chT('chart.value')} (${chT('chart.csvShare')})`],
    rows: [
      [chT('chart.utilAverage'), raw(u.average)],
      [chT('chart.utilProductive'), raw(u.productive)],
      [chT('chart.utilPeak'), raw(u.peak)],
      [chT('chart.utilMax'), csvShare(u.max)],
    ],
  };
  return (
    <div data-chart="gauge" data-kind="eval" data-for={resultKey}>
      <ChartFrame title={chT('chart.gaugeTitle')} summary={summary} table={table} csv={csv} height={150} testId="tco-gauge" config={config} legend="outside">
        <svg viewBox="0 0 200 112" className="h-full w-full" aria-hidden>
          <path d={arc(1)} fill="none" stroke="var(--grid)" strokeWidth={18} />
          {avg !== null ? <path d={arc(avg)} fill="none" stroke={average.colour} strokeWidth={18} /> : null}
          {productive !== null ? <path d={arc(productive)} fill="none" stroke={prod.colour} strokeWidth={10} /> : null}
          <line x1={mx0} y1={my0} x2={mx1} y2={my1} stroke={limit.colour} strokeWidth={2} />
          <text x={CX} y={CY - 14} textAnchor="middle" fontSize={22} fontWeight={600} fill="var(--text)" className="figures">
            {productive === null ? '–' : fmt.percent(productive, productive < 0.1 ? 1 : 0)}
          </text>
          <text x={CX} y={CY + 4} textAnchor="middle" fontSize={9} fill="var(--muted)">
            {chT('chart.utilProductive')}
          </text>
        </svg>
      </ChartFrame>
      <ul className="mt-1 grid gap-0.5 text-xs text-muted">
        <li className="flex items-center gap-1.5">
          <span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: prod.colour }} />
          {prod.label}: <span className="figures text-text">{prod.detail}</span>
          <Help topic="utilisation" />
        </li>
        <li className="flex items-center gap-1.5">
          <span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: average.colour }} />
          {average.label}: <span className="figures text-text">{average.detail}</span>
        </li>
        <li>
          {chT('chart.utilPeak')}: <span className="figures text-text">{text(u.peak)}</span> · {chT('chart.utilMax')}:{' '}
          <span className="figures text-text">{fmt.percent(u.max, 0)}</span>
          {peak !== null && peak > u.max + 1e-9 ? <span className="text-bad"> · {chT('chart.utilOver')}</span> : null}
        </li>
      </ul>
    </div>
  );
});
