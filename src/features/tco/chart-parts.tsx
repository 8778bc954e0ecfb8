import { memo } from 'react';
import { seriesOf, type ChartConfig } from '../../components/chart-config';
import type { Area } from '../../components/chart/geometry';
import { Clipped } from '../../components/chart/plot';

/**
 * SVG parts drawn inside a chart's SVG (so they are part of the PNG/SVG download), placed
 * from the chart's plot area.
 */

/**
 * Where a line leaves the top of the chart: an arrow at that volume and the value it jumps to,
 * so a capped axis never hides that the line goes on.
 */
export const OffChartMark = memo(function OffChartMark(props: { area: Area; share: number; label: string; color: string; fontSize: number }) {
  const { area } = props;
  if (!(props.share >= 0 && props.share <= 1)) return null;
  const x = area.x + area.width * props.share;
  const y = area.y;
  const right = props.share > 0.7;
  return (
    <g data-testid="tco-off-chart" data-share={props.share}>
      <path d={`M ${x} ${y + 14} L ${x} ${y + 2} M ${x - 4} ${y + 6} L ${x} ${y + 1} L ${x + 4} ${y + 6}`} stroke={props.color} strokeWidth={2} fill="none" />
      {/* A halo in the background colour keeps the label readable where a line crosses it. */}
      <text
        x={right ? x - 7 : x + 7}
        y={y + 11}
        textAnchor={right ? 'end' : 'start'}
        fontSize={props.fontSize}
        fontWeight={600}
        fill={props.color}
        stroke="var(--surface)"
        strokeWidth={4}
        strokeLinejoin="round"
        paintOrder="stroke"
      >
        {props.label}
      </text>
    </g>
  );
});

type OptionKey = 'api' | 'self' | 'hybrid';

/**
 * The three options' lines of a cost chart, clipped to the plot: API and self-hosted solid, the
 * hybrid thinner and dashed (`line` gives a series' path).
 */
export function OptionLines(props: { area: Area; config: ChartConfig<OptionKey>; line: (key: OptionKey) => string }) {
  const { area, config, line } = props;
  const hybrid = seriesOf(config, 'hybrid');
  return (
    <Clipped area={area}>
      <g fill="none">
        <path d={line('api')} stroke={seriesOf(config, 'api').colour} strokeWidth={2.5} />
        <path d={line('self')} stroke={seriesOf(config, 'self').colour} strokeWidth={2.5} />
        <path d={line('hybrid')} stroke={hybrid.colour} strokeWidth={2} strokeDasharray={hybrid.dash} />
      </g>
    </Clipped>
  );
}
