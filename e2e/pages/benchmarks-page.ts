import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { BENCH_FIXTURES } from '../../src/testing/bench-fixtures';
import { expect, type Locator, type Page } from '@playwright/test';
import { chooseGenerated, type GeneratedFile } from './generated-file';
import { either } from './parts';

/** Real result files, committed under fixtures/bench with their provenance. */
export { BENCH_FIXTURES };

export interface DropFile {
  name: string;
  /** File content as base64. */
  base64: string;
}

export function fixtureFile(relativePath: string): DropFile {
  return { name: basename(relativePath), base64: readFileSync(resolve(BENCH_FIXTURES, relativePath)).toString('base64') };
}

/** The question before a run's throughput goes to the TCO page: what speaks against it, then use anyway or cancel. */
export class MeasuredConfirm {
  constructor(readonly root: Locator) {}

  /** The reasons named, one item each. */
  reasons(): Locator {
    return this.root.locator('li');
  }

  /** One reason, by its code ("api-endpoint", "model-mismatch"). */
  reason(code: string): Locator {
    return this.root.locator(`li[data-code="${code}"]`);
  }

  useAnywayButton(): Locator {
    return this.root.getByRole('button', { name: either('Use anyway', 'Trotzdem verwenden') });
  }

  async useAnyway(): Promise<void> {
    await this.useAnywayButton().click();
  }

  async cancel(): Promise<void> {
    await this.root.getByRole('button', { name: 'Cancel', exact: true }).click();
  }
}

/** The dialog that maps the columns of a CSV the importer does not know, named after its file. */
export class ColumnMappingDialog {
  constructor(
    readonly page: Page,
    readonly fileName: string,
  ) {}

  dialog(): Locator {
    return this.page.getByRole('dialog', { name: either(`Columns of ${this.fileName}`, `Spalten von ${this.fileName}`) });
  }

  /** A column's choice, by the figure it gives ("Time to first token"). */
  column(label: string): Locator {
    return this.dialog().getByLabel(label, { exact: true });
  }
}

/** A fixture under the name its tool writes (the fixtures are renamed to lie flat in one folder). */
export function fixtureFileAs(relativePath: string, name: string): DropFile {
  return { name, base64: readFileSync(resolve(BENCH_FIXTURES, relativePath)).toString('base64') };
}

export function textFile(name: string, content: string): DropFile {
  return { name, base64: Buffer.from(content, 'utf8').toString('base64') };
}

/** Page model of the imported-benchmark-results page. */
export class BenchmarksPage {
  /** The panel of capacity series, as a selector (an accessibility scan takes only it). */
  static readonly seriesSelector = '[data-testid="bench-series"]';

  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/#/benchmarks');
    await expect(this.root()).toBeVisible();
  }

  root(): Locator {
    return this.page.getByTestId('benchmarks-page');
  }

  dropZone(): Locator {
    return this.page.getByTestId('drop-zone');
  }

  /** The drop zone's count of ended imports before the last drop (see waitForImportDone). */
  private finishedBefore: string | null = null;

  private async noteFinished(): Promise<void> {
    this.finishedBefore = await this.dropZone().getAttribute('data-imports-finished');
  }

  /** Drops files on the drop zone the way a browser does: dragover, then drop with a DataTransfer. */
  async drop(files: DropFile[]): Promise<void> {
    await this.noteFinished();
    const dataTransfer = await this.page.evaluateHandle((list: DropFile[]) => {
      const dt = new DataTransfer();
      for (const f of list) {
        const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
        dt.items.add(new File([bytes], f.name));
      }
      return dt;
    }, files);
    await this.dropZone().dispatchEvent('dragover', { dataTransfer });
    await this.dropZone().dispatchEvent('drop', { dataTransfer });
  }

  /** Drops a large request log built inside the page (no transfer from the test runner). */
  async dropGenerated(
    name: string,
    lines: number,
    row = '{"ts":"2026-01-15T10:00:00.000Z","model":"m","status":"ok","ttft_ms":400,"duration_ms":2000,"in_tok":100,"out_tok":50}',
  ): Promise<void> {
    await this.noteFinished();
    const dataTransfer = await this.page.evaluateHandle(
      ({ fileName, count, line }) => {
        const dt = new DataTransfer();
        dt.items.add(new File([`${line}\n`.repeat(count)], fileName));
        return dt;
      },
      { fileName: name, count: lines, line: row },
    );
    await this.dropZone().dispatchEvent('drop', { dataTransfer });
  }

  /** Drops a file made in the page of runs of repeated lines: `[line, count]` after each other. */
  async dropSegments(name: string, segments: [string, number][]): Promise<void> {
    await this.noteFinished();
    const dataTransfer = await this.page.evaluateHandle(
      ({ fileName, parts }) => {
        const dt = new DataTransfer();
        dt.items.add(
          new File(
            parts.map(([line, count]) => `${line}\n`.repeat(count)),
            fileName,
          ),
        );
        return dt;
      },
      { fileName: name, parts: segments },
    );
    await this.dropZone().dispatchEvent('drop', { dataTransfer });
  }

  /** Chooses a file made in the page (see generated-file.ts). */
  async chooseGenerated(file: GeneratedFile): Promise<void> {
    await chooseGenerated(this.page.getByTestId('file-input'), file);
  }

  /** The message of one dropped file. */
  outcome(fileName: string): Locator {
    return this.page.locator(`[data-testid="import-outcome"][data-file="${fileName}"]`);
  }

  rows(): Locator {
    return this.page.getByTestId('run-row');
  }

  /** A stored file's row in the list of files, by its name. */
  fileRow(name: string): Locator {
    return this.page.getByTestId('file-row').filter({ hasText: name });
  }

  /** The note on an empty page that no file is stored yet. */
  noFiles(): Locator {
    return this.page.getByText('No files stored yet.');
  }

  /** What an import says when it is done ("… as an example (8 runs)"), by a part of its text. */
  status(text: string): Locator {
    return this.page.getByRole('status').filter({ hasText: text });
  }

  /** The progress of a running import, and the way to stop it. */
  importProgress(): Locator {
    return this.page.getByTestId('import-progress');
  }

  async cancelImport(): Promise<void> {
    await this.page.getByRole('button', { name: 'Cancel import' }).click();
  }

  /** What the last import says as a whole ("Import cancelled; …"). */
  importMessage(): Locator {
    return this.page.getByTestId('import-message');
  }

  /** Sorts the runs by a column, by its header ("Output (tok/s)"). */
  async sortBy(column: string): Promise<void> {
    await this.page.getByRole('button', { name: `Sort by ${column}` }).click();
  }

  /** A run's button that offers its throughput to the TCO page. */
  useMeasuredButton(row: Locator): Locator {
    return row.getByRole('button', { name: /^Use as measured throughput/ });
  }

  /** Offers a run's throughput to the TCO page; when something speaks against it, the question comes (see `measuredConfirm`). */
  async useMeasured(row: Locator): Promise<void> {
    await this.useMeasuredButton(row).click();
  }

  measuredConfirm(): MeasuredConfirm {
    return new MeasuredConfirm(this.page.getByTestId('measured-confirm'));
  }

  /** What taking a run's throughput did, or why it was not taken. */
  measuredNotice(): Locator {
    return this.page.getByTestId('measured-notice');
  }

  /** A published run's badge (publisher and date). */
  publishedBadge(row: Locator): Locator {
    return row.getByTestId('published-badge');
  }

  /** A file's button that opens the mapping of its columns. */
  chooseColumnsButton(fileName: string): Locator {
    return this.outcome(fileName).getByRole('button', { name: 'Choose columns…' });
  }

  /** The column mapping of a file (open or not). */
  mappingDialog(fileName: string): ColumnMappingDialog {
    return new ColumnMappingDialog(this.page, fileName);
  }

  row(text: string | RegExp): Locator {
    return this.rows().filter({ hasText: text });
  }

  /** Every figure of a run's row, in column order. */
  cells(row: Locator): Locator {
    return row.locator('[data-testid^="cell-"]');
  }

  /** A figure of a run's row, by its column ("ttft99", "out-tps", "goodput"). */
  cell(row: Locator, column: string): Locator {
    return row.getByTestId(`cell-${column}`);
  }

  /** The note that imported files are kept in this tab only (storage failed). */
  unstored(): Locator {
    return this.page.getByTestId('bench-unstored');
  }

  /** "2 runs selected". */
  compareCount(): Locator {
    return this.page.getByTestId('compare-count');
  }

  /** A chart of the comparison, by its name ("percentiles", "cdf", "errors", "load"). */
  chart(name: 'percentiles' | 'cdf' | 'errors' | 'load'): Locator {
    return this.page.getByTestId(`chart-${name}`);
  }

  /** A chart's drawing, named by its summary. */
  chartImage(name: Parameters<BenchmarksPage['chart']>[0]): Locator {
    return this.chart(name).getByRole('img');
  }

  /** A text of a chart (an axis title: "TTFT (ms, log)"). */
  chartText(name: Parameters<BenchmarksPage['chart']>[0], text: string, options: { exact?: boolean } = {}): Locator {
    return this.chart(name).getByText(text, options);
  }

  /** A y-axis tick label of a chart, by its text ("250,000"). */
  yTick(name: Parameters<BenchmarksPage['chart']>[0], text: string): Locator {
    return this.chart(name).locator('.recharts-yAxis-tick-labels').getByText(text, { exact: true });
  }

  /** A chart's axis choice: `data-value` says "log" or "linear". */
  scale(name: 'percentiles' | 'cdf'): Locator {
    return this.page.getByTestId(`scale-${name}`);
  }

  async setScale(name: 'percentiles' | 'cdf', value: 'log' | 'linear'): Promise<void> {
    await this.scale(name).getByRole('radio', { name: value }).click();
  }

  /** The request chart's choice: `data-value` says "shares" or "counts". */
  errorsMode(): Locator {
    return this.page.getByTestId('mode-errors');
  }

  /** Charts are drawn when they scroll into view. */
  async showCompare(): Promise<void> {
    await this.page.getByTestId('bench-compare').scrollIntoViewIfNeeded();
    await this.page.getByTestId('chart-percentiles').scrollIntoViewIfNeeded();
  }

  /** Scrolls to the end of the comparison, so its lower charts (throughput, requests) are drawn too. */
  async showCompareEnd(): Promise<void> {
    await this.showCompare();
    await this.page.getByTestId('bench-compare').evaluate((el) => el.scrollIntoView({ block: 'end' }));
  }

  /** A row's compare checkbox, named "Compare <run>". */
  runSelect(row: Locator): Locator {
    return row.getByRole('checkbox', { name: /^Compare / });
  }

  /** A latency-target field of the SLO panel, by its label ("TTFT limit"). */
  sloLimit(label: string | RegExp): Locator {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  /** The capacity series the runs make, one item each. */
  seriesItems(): Locator {
    return this.seriesPanel().getByTestId('series-item');
  }

  /** The panel of capacity series. */
  seriesPanel(): Locator {
    return this.page.locator(BenchmarksPage.seriesSelector);
  }

  /** A series' notes, or one of them by its code ("duplicate-file"). */
  seriesNotes(series: Locator): Locator {
    return series.getByTestId('series-note');
  }

  seriesNote(series: Locator, code: string): Locator {
    return series.locator(`[data-code="${code}"]`);
  }

  legend(): Locator {
    return this.page.getByTestId('compare-legend');
  }

  legendItems(): Locator {
    return this.legend().locator('li');
  }

  /** Loads a series of the library of published measurements from the empty page, by its label. */
  async loadPublishedExample(label: string | RegExp): Promise<void> {
    await this.page.getByRole('button', { name: 'Load a published example' }).click();
    const pick = this.page.getByRole('combobox', { name: 'Published series' });
    const option = pick.getByRole('option', { name: label });
    await pick.selectOption({ label: (await option.textContent()) ?? '' });
    await this.page.getByRole('button', { name: 'Load example' }).click();
  }

  /**
   * The horizontal room between a chart's rotated y-axis title and its nearest tick text, in px
   * (negative: they overlap), once the axis has its title and ticks.
   */
  async yTitleClearance(chart: Locator): Promise<number> {
    const surface = chart.locator('svg.recharts-surface');
    const title = surface.locator('.recharts-label[transform*="rotate(-90"]');
    await expect(title).toHaveCount(1);
    await expect(surface.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').first()).toBeVisible();
    return surface.evaluate((el) => {
      const right = (el.querySelector('.recharts-label[transform*="rotate(-90"]') as SVGGraphicsElement).getBoundingClientRect().right;
      const ticks = [...el.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')].map((t) => t.getBoundingClientRect().left);
      return Math.min(...ticks) - right;
    });
  }

  /**
   * Waits until the import of the last drop has ended: the drop zone has counted one more ended
   * import than before the drop (the progress bar alone is also absent in the moment between a
   * drop and the import's start), and no progress bar is left.
   */
  async waitForImportDone(): Promise<void> {
    if (this.finishedBefore !== null) await expect(this.dropZone()).not.toHaveAttribute('data-imports-finished', this.finishedBefore);
    this.finishedBefore = null;
    await expect(this.page.getByTestId('import-progress')).toHaveCount(0);
  }
}
