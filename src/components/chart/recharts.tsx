/**
 * The kit's second renderer: Recharts, for the charts whose needs the plot parts (plot.tsx) do
 * not cover and that are not redrawn while a slider moves (docs/charts.md says which, and the
 * figures behind each choice). Charts take its parts from here, never from 'recharts' itself
 * (ESLint refuses that outside src/components/chart/), so the renderer stays one decision of the
 * kit, and with them the house style every such chart shares: muted axes and tick texts of
 * 11 px, the grid colour, the tooltip box, animation off.
 */
export { Bar, BarChart, CartesianGrid, Line, LineChart, ReferenceDot, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** Tick texts of an axis. */
export const TICK = { fill: 'var(--muted)', fontSize: 11 } as const;

/** An axis line and its tick texts in one (`{...AXIS}` on XAxis / YAxis). */
export const AXIS = { stroke: 'var(--muted)', fontSize: 11 } as const;

/** An axis title (`label={{ value, position, ...AXIS_TITLE }}`). */
export const AXIS_TITLE = { fill: 'var(--muted)', fontSize: 11 } as const;

/** The tooltip's box (`contentStyle`), in the theme's colours. */
export const TOOLTIP_BOX = { background: 'var(--surface)', border: '1px solid var(--border)', color: 'var(--text)', fontSize: 12 } as const;

/** The grid's stroke (`<CartesianGrid stroke={GRID} />`). */
export const GRID = 'var(--grid)';
