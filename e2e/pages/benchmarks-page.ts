import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { BENCH_FIXTURES } from '../../src/testing/bench-fixtures';
import { expect, type Locator, type Page } from '@playwright/test';
import { chooseGenerated, type GeneratedFile } from './generated-file';

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

/** A fixture under the name its tool writes (the fixtures are renamed to lie flat in one folder). */
export function fixtureFileAs(relativePath: string, name: string): DropFile {
  return { name, base64: readFileSync(resolve(BENCH_FIXTURES, relativePath)).toString('base64') };
}

export function textFile(name: string, content: string): DropFile {
  return { name, base64: Buffer.from(content, 'utf8').toString('base64') };
}

/** Page model of the imported-benchmark-results page. */
export class BenchmarksPage {
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

  /** Drops files on the drop zone the way a browser does: dragover, then drop with a DataTransfer. */
  async drop(files: DropFile[]): Promise<void> {
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
  async dropGenerated(name: string, lines: number, row = '{"ts":"2026-01-15T10:00:00.000Z","model":"m","status":"ok","ttft_ms":400,"duration_ms":2000,"in_tok":100,"out_tok":50}'): Promise<void> {
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
    const dataTransfer = await this.page.evaluateHandle(
      ({ fileName, parts }) => {
        const dt = new DataTransfer();
        dt.items.add(new File(parts.map(([line, count]) => `${line}\n`.repeat(count)), fileName));
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

  row(text: string | RegExp): Locator {
    return this.rows().filter({ hasText: text });
  }

  /** A figure of a run's row, by its column ("ttft99", "out-tps", "goodput"). */
  cell(row: Locator, column: string): Locator {
    return row.getByTestId(`cell-${column}`);
  }

  /** The note that imported files are kept in this tab only (storage failed). */
  unstored(): Locator {
    return this.page.getByTestId('bench-unstored');
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
    return this.page.getByTestId('bench-series').getByTestId('series-item');
  }

  legend(): Locator {
    return this.page.getByTestId('compare-legend');
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

  async waitForImportDone(): Promise<void> {
    await expect(this.page.getByTestId('import-progress')).toHaveCount(0);
  }
}
