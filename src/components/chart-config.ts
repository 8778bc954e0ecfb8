/**
 * One description of a chart's series that everything around the chart reads: the drawing
 * (data key, colour, dash), the legend under it, the data table's and the CSV's column names
 * (with units), and the legend drawn into a PNG/SVG download. A chart states each series once;
 * nothing is read back from the page's styles.
 *
 * Colours are theme variables (`var(--series-api)`), so a chart follows light and dark mode;
 * the export resolves them to plain colours when it writes the file.
 */

/** How a series is drawn; it decides the legend's swatch (a stroke for lines, a block for fills). */
export type SeriesKind = 'line' | 'step' | 'bar' | 'area';

/** A theme colour variable, e.g. `var(--series-api)`. */
export type ColourVar = `var(--${string})`;

export interface ChartSeries<K extends string = string> {
  /** The data key the chart library reads the values from. */
  key: K;
  /** The series' name in the data table and the CSV header. */
  label: string;
  /** The legend's wording where it says more than the column name. */
  legendLabel?: string;
  colour: ColourVar;
  /** Unit of the values, written after the name in the CSV header (`API (USD/month)`). */
  unit?: string;
  /** Default `line`. */
  kind?: SeriesKind;
  /** SVG stroke-dasharray of a line (`6 4`); a dashed line gets a dashed swatch. */
  dash?: string;
  /** A hatched fill (free space, headroom) instead of a solid one. */
  hatched?: boolean;
  /** A figure shown after the legend label (the value of a one-row chart). */
  detail?: string;
  /** `false` for a table/CSV column the chart does not draw here (no legend entry). */
  inLegend?: boolean;
}

/** A legend line without a swatch: what the chart cannot say with a colour. */
export interface ChartNote {
  text: string;
  /** `warn` for a caveat the reader must not miss (units that do not match). */
  tone?: 'muted' | 'warn';
}

export interface ChartConfig<K extends string = string> {
  /** The data series, in the order of the table's columns and the legend. */
  series: readonly ChartSeries<K>[];
  /** Lines drawn across the chart (budgets, limits): in the legend, not in the table. */
  references?: readonly ChartSeries[];
  notes?: readonly ChartNote[];
}

export type Swatch = 'line' | 'dashed' | 'block' | 'hatched';

export interface LegendItem {
  key: string;
  label: string;
  detail?: string;
  colour: ColourVar;
  swatch: Swatch;
  /** The dash pattern of a dashed line swatch. */
  dash?: string;
}

function swatchOf(s: ChartSeries): Swatch {
  if (s.hatched) return 'hatched';
  const kind = s.kind ?? 'line';
  if (kind === 'bar' || kind === 'area') return 'block';
  return s.dash ? 'dashed' : 'line';
}

/** The legend's entries with a swatch: the series, then the reference lines. */
export function legendItems(config: ChartConfig): LegendItem[] {
  return [...config.series, ...(config.references ?? [])]
    .filter((s) => s.inLegend !== false)
    .map((s) => ({
      key: s.key,
      label: s.legendLabel ?? s.label,
      ...(s.detail !== undefined ? { detail: s.detail } : {}),
      colour: s.colour,
      swatch: swatchOf(s),
      ...(s.dash ? { dash: s.dash } : {}),
    }));
}

/** The data table's column names for the series. */
export function tableColumns(config: ChartConfig): string[] {
  return config.series.map((s) => s.label);
}

/** The CSV header's names for the series, each with its unit in brackets where it has one. */
export function csvColumns(config: ChartConfig): string[] {
  return config.series.map((s) => (s.unit ? `${s.label} (${s.unit})` : s.label));
}

/** A series by its data key (the chart draws it with this colour and dash). */
export function seriesOf<K extends string>(config: ChartConfig<K>, key: K): ChartSeries<K> {
  const s = config.series.find((x) => x.key === key);
  if (!s) throw new Error(`Chart config has no series "${key}"`);
  return s;
}

/**
 * The legend for a PNG/SVG file: swatch entries (colour still a theme variable, resolved by
 * the export) and the notes, each on a row of its own.
 */
export function exportLegend(config: ChartConfig): { items: { label: string; colour: string; swatch: Swatch; dash?: string }[]; notes: string[] } {
  return {
    items: legendItems(config).map((i) => ({
      label: i.detail !== undefined ? `${i.label} ${i.detail}` : i.label,
      colour: i.colour,
      swatch: i.swatch,
      ...(i.dash ? { dash: i.dash } : {}),
    })),
    notes: (config.notes ?? []).map((n) => n.text),
  };
}
