import { expect, test } from './fixtures';
import { utf16le } from './pages/generated-file';

/**
 * Hostile files on every import: a line of tens of megabytes without a newline, a CSV of
 * 100,000 columns, gzip and UTF-16 files. Each gets a short message naming what is wrong, fast,
 * and none fills the page with its content.
 */
test.describe('reading limits and what a file is', () => {
  test('a 20 MB line without a newline on the usage page is refused within seconds, with a short excerpt', async ({ page, usagePage }) => {
    await usagePage.open();
    await usagePage.addGenerated({ name: 'one-line.csv', repeat: { text: 'abcdefghij,', bytes: 20_000_000 } });
    const files = usagePage.files();
    await expect(files).toContainText('one-line.csv, line 1: the line is longer than 1,000,000 characters; the file is not read further', { timeout: 5_000 });
    // The excerpt: 80 characters of the line and "…".
    await expect(files).toContainText(`— ${'abcdefghij,'.repeat(8).slice(0, 80)}…`);
    // No column form, and the page holds no copy of the line.
    await expect(page.getByRole('combobox', { name: 'Time' })).toHaveCount(0);
    expect((await files.innerText()).length).toBeLessThan(1_000);
  });

  test('a CSV of 100,000 columns is refused with its count before any column selector, on usage and benchmarks', async ({
    page,
    usagePage,
    benchmarksPage,
  }) => {
    const header = Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(',');
    await usagePage.open();
    await usagePage.addGenerated({ name: 'wide.csv', tail: `${header}\n1,2\n` });
    await expect(usagePage.files()).toContainText('wide.csv, line 1: the row has more than 10,000 columns; the file is not read further — 100,000', {
      timeout: 10_000,
    });
    await expect(page.getByRole('combobox', { name: 'Time' })).toHaveCount(0);
    await benchmarksPage.open();
    await benchmarksPage.chooseGenerated({ name: 'wide.csv', tail: `${header}\n1,2\n` });
    const outcome = benchmarksPage.outcome('wide.csv');
    await expect(outcome).toContainText('line 1: the row has more than 10,000 columns; the file is not read further (100,000)', { timeout: 10_000 });
    await expect(page.getByRole('button', { name: 'Choose columns…' })).toHaveCount(0);
  });

  test('a cut-off gzip is named as such, and UTF-16 with a byte order mark is read, on usage and benchmarks', async ({ page, usagePage, benchmarksPage }) => {
    await usagePage.open();
    // A gzip header and two bytes of data: unpacked while read, it ends before its end mark.
    await usagePage.addGenerated({ name: 'usage.csv.gz', head: [0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0xed, 0xbd] });
    await expect(usagePage.files()).toContainText('usage.csv.gz: the compressed data is cut off or damaged');
    await expect(page.getByRole('combobox', { name: 'Time' })).toHaveCount(0);
    await usagePage.addGenerated({ name: 'usage.csv', head: utf16le('hour,model,requests,input_tokens,output_tokens\n2026-01-15T10:00:00Z,m,3,30,6\n') });
    await expect(usagePage.files()).toContainText(/usage\.csv.*1 row/);
    await benchmarksPage.open();
    await benchmarksPage.chooseGenerated({ name: 'latency.csv', head: utf16le('ttft_ms,latency_ms\n100,1000\n120,1100\n') });
    // Read as text: a CSV of unknown layout, whose columns are offered.
    await expect(benchmarksPage.outcome('latency.csv')).toContainText('a CSV of unknown layout');
    await expect(benchmarksPage.outcome('latency.csv')).not.toContainText('not text');
  });

  test('an engine log file of 50 MB is refused before it is read; the text box stays empty', async ({ hardwarePage }) => {
    await hardwarePage.open();
    await hardwarePage.chooseEngineLog({ name: 'big.log', repeat: { text: 'INFO 01-15 10:00:00 [worker.py:1] nothing to see here\n', bytes: 50_000_000 } });
    const card = hardwarePage.engineLog();
    await expect(card.fileProblem()).toHaveText('the file is 50,000,000 bytes; at most 5,000,000 are read', { timeout: 5_000 });
    await expect(card.logText()).toHaveValue('');
    await hardwarePage.chooseEngineLog({ name: 'log.gz', head: [0x1f, 0x8b, 0x08, 0x00] });
    await expect(card.fileProblem()).toHaveText('a gzip-compressed file; unpack it first');
  });
});
