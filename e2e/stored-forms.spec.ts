import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { fixtureFile, type BenchmarksPage } from './pages/benchmarks-page';
import { slow } from './pages/tco-page';
import { UsagePage } from './pages/usage-page';
import { line, rng } from '../bench/generate-jsonl';
import { jsonlToParquet } from '../scripts/make-fixtures-packed';

/*
 * Logs in the forms teams store them: the per-request log fixture as .jsonl.gz and as Parquet
 * (scripts/make-fixtures-packed.ts), the hourly warehouse aggregate as Parquet next to its CSV.
 * The log's gpt-4o-mini rows: TTFT 412.5 and 388.0 ms on the two good rows, so p50 400.25 ms;
 * 2 ok, 2 failed; o4-mini one good row with TTFT 5,120 ms.
 */
const LOG = 'api-usage/SYNTHETIC_per_request_log';
const usageFixture = (name: string) => fileURLToPath(new URL(`../fixtures/usage/${name}`, import.meta.url));

/** The figures of a run's row in the runs table, cell by cell. */
async function cells(bench: BenchmarksPage, run: string | RegExp): Promise<string[]> {
  return bench.cells(bench.row(run)).allInnerTexts();
}

test.describe('compressed and Parquet logs', () => {
  test('a request log as .jsonl.gz and as Parquet imports to the figures of its JSON Lines file; the .gz is its content', async ({ benchmarksPage: bench }) => {
    await bench.open();
    await bench.drop([fixtureFile(`${LOG}.jsonl.gz`)]);
    await bench.waitForImportDone();
    await expect(bench.rows()).toHaveCount(2);
    const mini = bench.row(/gpt-4o-mini/);
    await expect(bench.cell(mini, 'ttft50')).toHaveText(/^400(\.3)?†$/);
    const fromGz = await cells(bench, /gpt-4o-mini/);
    const o4FromGz = await cells(bench, /o4-mini/);

    // The uncompressed log has the same content: recognised as the file already imported.
    await bench.drop([fixtureFile(`${LOG}.jsonl`)]);
    await bench.waitForImportDone();
    await expect(bench.outcome('SYNTHETIC_per_request_log.jsonl')).toContainText('has the same content as SYNTHETIC_per_request_log.jsonl.gz');
    await expect(bench.rows()).toHaveCount(2);

    // The Parquet copy is other bytes: its runs come in beside, with the same figures.
    await bench.drop([fixtureFile(`${LOG}.parquet`)]);
    await bench.waitForImportDone();
    await expect(bench.rows()).toHaveCount(4);
    await expect(bench.fileRow('SYNTHETIC_per_request_log.parquet')).toBeVisible();
    const parquetRows = bench.rows().filter({ hasText: 'gpt-4o-mini' });
    await expect(parquetRows).toHaveCount(2);
    const both = await Promise.all([0, 1].map((i) => bench.cells(parquetRows.nth(i)).allInnerTexts()));
    expect(both[0]).toEqual(fromGz);
    expect(both[1]).toEqual(fromGz);
    const o4 = bench.rows().filter({ hasText: 'o4-mini' });
    expect(await bench.cells(o4.nth(1)).allInnerTexts()).toEqual(o4FromGz);
  });

  test('a Parquet log of 60,000 generated requests in three row groups imports to the figures of its JSON Lines', async ({ benchmarksPage: bench }) => {
    // Column chunks of 20,000 varied rows are read in large pieces (not the small reads of the fixture above).
    const r = rng(7);
    const start = Date.UTC(2026, 0, 15, 10, 0, 0);
    const text = Array.from({ length: 60_000 }, (_, i) => line(i, r, start)).join('\n') + '\n';
    const parquet = jsonlToParquet(text, 20_000);
    expect(parquet.length).toBeGreaterThan(1_000_000);
    await bench.open();
    await bench.drop([{ name: 'generated.jsonl', base64: Buffer.from(text).toString('base64') }]);
    await bench.waitForImportDone();
    await expect(bench.rows()).toHaveCount(2);
    const fromJsonl = await cells(bench, /kimi-k2/);
    await bench.drop([{ name: 'generated.parquet', base64: Buffer.from(parquet).toString('base64') }]);
    await bench.waitForImportDone();
    await expect(bench.outcome('generated.parquet')).toHaveAttribute('data-status', 'ok');
    await expect(bench.rows()).toHaveCount(4);
    const kimi = bench.rows().filter({ hasText: 'kimi-k2' });
    expect(await bench.cells(kimi.nth(1)).allInnerTexts()).toEqual(fromJsonl);
    expect(await bench.cells(kimi.nth(0)).allInnerTexts()).toEqual(fromJsonl);
  });

  test('a cut-off .gz and a Parquet file without latency columns name the file and what is wrong', async ({ benchmarksPage: bench }) => {
    await bench.open();
    const gz = fixtureFile(`${LOG}.jsonl.gz`);
    const bytes = Buffer.from(gz.base64, 'base64');
    await bench.drop([
      { name: 'cut-log.jsonl.gz', base64: bytes.subarray(0, bytes.length - 60).toString('base64') },
      { name: 'tokens-only.parquet', base64: fixtureFile('../usage/SCHEMA_hourly_aggregate.parquet').base64 },
    ]);
    await bench.waitForImportDone();
    await expect(bench.outcome('cut-log.jsonl.gz')).toContainText(
      'the compressed data is cut off or damaged; the rows before that point were read (the gzip data ends before its end mark',
    );
    await expect(bench.outcome('tokens-only.parquet')).toContainText(
      'the Parquet file lacks the columns a request log needs (no latency column (one of ttft_ms, duration_ms, latency_ms, e2e_ms, e2el_ms)',
    );
  });

  test('the hourly aggregate as Parquet gives the workload of its CSV', async ({ usagePage, freshPage }) => {
    await usagePage.open();
    await usagePage.addFiles(usageFixture('SCHEMA_hourly_aggregate.parquet'));
    await usagePage.zone().selectOption('UTC');
    // Mon 5 Jan 2026, 08:00 and 09:00 UTC.
    await slow(usagePage.period()).toHaveText('Jan 5, 2026 – Jan 5, 2026 (1 day)');
    await expect(usagePage.files()).toContainText('SCHEMA_hourly_aggregate.parquet');
    const fromParquet = await usagePage.periodCard().innerText();
    const keptParquet = await usagePage.kept().innerText();

    const other = await freshPage();
    const csv = new UsagePage(other.page);
    await csv.open();
    await csv.addFiles(usageFixture('SCHEMA_hourly_aggregate.csv'));
    await csv.zone().selectOption('UTC');
    await slow(csv.period()).toHaveText('Jan 5, 2026 – Jan 5, 2026 (1 day)');
    expect(await csv.periodCard().innerText()).toBe(fromParquet);
    expect(await csv.kept().innerText()).toBe(keptParquet);
  });
});
