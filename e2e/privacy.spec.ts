import { expect, test } from './fixtures';
import { fixtureFile, textFile } from './pages/benchmarks-page';

/**
 * Private by construction: a whole session — every area, a file import, a share link — makes
 * no request to any other origin (the fixture fails the test on any), and text from imported
 * files is shown as text, never as markup.
 */
test('a full session stays on its own origin and renders imported text literally', async ({ page, guard, shell, benchmarksPage: bench }) => {
  await shell.open();
  for (const area of [/Hardware fit/, /Pilot/, /Report/, /TCO/]) await shell.goTo(area);

  await bench.open();
  const hostile = '<img src=x onerror="window.__pwned=1">';
  const line = (ttft: number) =>
    JSON.stringify({ ts: '2026-01-15T10:00:00.000Z', model: hostile, status: 'ok', ttft_ms: ttft, duration_ms: 2000, in_tok: 100, out_tok: 50 });
  await bench.drop([textFile('hostile-model.jsonl', `${line(400)}\n${line(420)}\n`), fixtureFile('vllm/er0080_bench_serve_v0.25.1.json')]);
  await expect(page.getByText(hostile).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await shell.shareButton().click();
  await expect(shell.shareStatus()).toContainText('Link copied');
  expect(guard.foreignRequests).toEqual([]);
});
