import { describe, expect, it } from 'vitest';
import { csvColumns, exportLegend, legendItems, seriesOf, tableColumns, type ChartConfig } from './chart-config';
import { resolveColour } from '../lib/export/chart-image';

/** The cost-by-volume chart's three lines, worded as on the English page. */
const cost: ChartConfig<'api' | 'self' | 'hybrid'> = {
  series: [
    { key: 'api', label: 'API', colour: 'var(--series-api)', unit: 'USD/month' },
    { key: 'self', label: 'Self-hosted', legendLabel: 'Self-hosted (whole replicas)', colour: 'var(--series-self)', unit: 'USD/month', kind: 'step' },
    { key: 'hybrid', label: 'Hybrid', colour: 'var(--series-hybrid)', unit: 'USD/month', dash: '6 4' },
  ],
  notes: [{ text: 'No break-even: the self-hosted steps stay above the API line.' }],
};

describe('chart config', () => {
  it('names the CSV columns with their units, the table columns without', () => {
    // The header the TCO page's cost CSV has always had (e2e/tco.spec.ts checks the whole line).
    expect(csvColumns(cost)).toEqual(['API (USD/month)', 'Self-hosted (USD/month)', 'Hybrid (USD/month)']);
    expect(tableColumns(cost)).toEqual(['API', 'Self-hosted', 'Hybrid']);
    // A series without a unit keeps its bare name.
    expect(csvColumns({ series: [{ key: 'ok', label: 'Succeeded', colour: 'var(--series-hybrid)' }] })).toEqual(['Succeeded']);
  });

  it('gives each series one legend entry, its swatch from how it is drawn', () => {
    const items = legendItems(cost);
    expect(items.map((i) => i.label)).toEqual(['API', 'Self-hosted (whole replicas)', 'Hybrid']);
    // A solid line and a step are stroked; a dashed line gets a dashed swatch with its pattern.
    expect(items.map((i) => i.swatch)).toEqual(['line', 'line', 'dashed']);
    expect(items[2]?.dash).toBe('6 4');
    expect(items.map((i) => i.colour)).toEqual(['var(--series-api)', 'var(--series-self)', 'var(--series-hybrid)']);
    const bars = legendItems({
      series: [
        { key: 'gpu', label: 'GPUs', colour: 'var(--series-self)', kind: 'bar' },
        { key: 'owned', label: 'Owned', colour: 'var(--series-self)', kind: 'area' },
        { key: 'free', label: 'Free', colour: 'var(--series-hybrid)', kind: 'bar', hatched: true },
      ],
      references: [{ key: 'budget', label: 'Budget 128 GB', colour: 'var(--warn)', dash: '5 3' }],
    });
    // Fills are blocks, a hatched fill keeps its stripes, reference lines follow the series.
    expect(bars.map((i) => [i.key, i.swatch])).toEqual([
      ['gpu', 'block'],
      ['owned', 'block'],
      ['free', 'hatched'],
      ['budget', 'dashed'],
    ]);
  });

  it('reference lines are in the legend but not in the table or the CSV', () => {
    const config: ChartConfig = {
      series: [{ key: 'kv', label: 'KV cache', colour: 'var(--series-self)', kind: 'bar', detail: '40.2 GB' }],
      references: [{ key: 'physical', label: 'Physical 141 GB', colour: 'var(--text)' }],
    };
    expect(tableColumns(config)).toEqual(['KV cache']);
    expect(csvColumns(config)).toEqual(['KV cache']);
    expect(legendItems(config).map((i) => i.label)).toEqual(['KV cache', 'Physical 141 GB']);
  });

  it('hands the image export the same legend, a figure after its label and the notes apart', () => {
    const legend = exportLegend({
      ...cost,
      series: [...cost.series, { key: 'kv', label: 'KV cache', colour: 'var(--series-5)', kind: 'bar', detail: '40.2 GB' }],
    });
    expect(legend.items).toEqual([
      { label: 'API', colour: 'var(--series-api)', swatch: 'line' },
      { label: 'Self-hosted (whole replicas)', colour: 'var(--series-self)', swatch: 'line' },
      { label: 'Hybrid', colour: 'var(--series-hybrid)', swatch: 'dashed', dash: '6 4' },
      { label: 'KV cache 40.2 GB', colour: 'var(--series-5)', swatch: 'block' },
    ]);
    expect(legend.notes).toEqual(['No break-even: the self-hosted steps stay above the API line.']);
  });

  it('keeps a column the chart does not draw in the table and CSV but out of the legend', () => {
    // The pilot's utilisation chart: the API has no utilisation, so only the self-hosted line
    // is drawn, yet the table keeps an "API" column (n/a) next to it.
    const util: ChartConfig = {
      series: [
        { key: 'api', label: 'API', colour: 'var(--series-api)', unit: '%', inLegend: false },
        { key: 'selfHosted', label: 'Self-hosted', colour: 'var(--series-self)', unit: '%', dash: '6 2' },
      ],
    };
    expect(tableColumns(util)).toEqual(['API', 'Self-hosted']);
    expect(csvColumns(util)).toEqual(['API (%)', 'Self-hosted (%)']);
    expect(exportLegend(util).items).toEqual([{ label: 'Self-hosted', colour: 'var(--series-self)', swatch: 'dashed', dash: '6 2' }]);
  });

  it('finds a series by its key and says which one is missing', () => {
    expect(seriesOf(cost, 'hybrid').dash).toBe('6 4');
    expect(() => seriesOf(cost as ChartConfig<string>, 'gpu')).toThrow('Chart config has no series "gpu"');
  });
});

describe('export colours', () => {
  // The light theme's Okabe-Ito blue for the API line (src/index.css), as the browser returns
  // a custom property: with the space after the colon.
  const theme: Record<string, string> = { '--series-api': ' #0072b2' };
  const lookup = (name: string) => theme[name] ?? '';

  it('resolves a theme variable to its value on the page root', () => {
    expect(resolveColour('var(--series-api)', lookup)).toBe('#0072b2');
  });

  it('keeps a plain colour, and an unknown variable as written', () => {
    expect(resolveColour('rgb(0, 114, 178)', lookup)).toBe('rgb(0, 114, 178)');
    expect(resolveColour('var(--series-9)', lookup)).toBe('var(--series-9)');
  });
});
