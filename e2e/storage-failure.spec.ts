import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fixtureFile } from './pages/benchmarks-page';

/*
 * When the browser will not store anything (IndexedDB fails to open, is full, or is missing),
 * an imported run and a dropped price file are used from memory, and the page says they will not
 * survive a reload. The failure is injected into the page (an init script) and into the compute
 * worker (its script, served with the same patch in front), since either may do the storing.
 */
type Failure = 'open fails' | 'storage full' | 'missing';

/** Runs in the page and in the worker, before the app's code: makes IndexedDB fail one way. */
function breakIndexedDb(failure: Failure): void {
  const scope = globalThis as unknown as { indexedDB?: IDBFactory; IDBObjectStore?: typeof IDBObjectStore; IDBFactory?: typeof IDBFactory };
  if (failure === 'missing') {
    Object.defineProperty(globalThis, 'indexedDB', { value: undefined, configurable: true });
  } else if (failure === 'open fails' && scope.IDBFactory) {
    scope.IDBFactory.prototype.open = function open(): IDBOpenDBRequest {
      const request = { result: undefined, error: null as DOMException | null, onerror: null as (() => void) | null };
      setTimeout(() => {
        request.error = new DOMException('Internal error opening backing store for indexedDB.open.', 'UnknownError');
        request.onerror?.();
      }, 0);
      return request as unknown as IDBOpenDBRequest;
    };
  } else if (failure === 'storage full' && scope.IDBObjectStore) {
    // Chromium's quota error comes with an empty message.
    scope.IDBObjectStore.prototype.put = function put(): IDBRequest<IDBValidKey> {
      throw new DOMException('', 'QuotaExceededError');
    };
  }
}

async function failStorage(page: Page, failure: Failure): Promise<void> {
  await page.addInitScript(breakIndexedDb, failure);
  const patch = `(${breakIndexedDb.toString()})(${JSON.stringify(failure)});\n`;
  await page.route(/\/assets\/compute\.worker-[^/]*\.js$/, async (route) => {
    try {
      const response = await route.fetch();
      await route.fulfill({ response, body: patch + (await response.text()) });
    } catch (e) {
      // The spare worker's script can still be on its way when the test ends and the page is torn down.
      if (!page.isClosed() && !/disposed|closed/i.test(String(e))) throw e;
    }
  });
}

const REASON: Record<Failure, string> = {
  'open fails': 'UnknownError: Internal error opening backing store for indexedDB.open.',
  'storage full': 'the browser storage is full (quota exceeded)',
  missing: 'this browser offers no storage for the dashboard (private mode or storage turned off)',
};

// The worker's script must come from the network, where the test patches it.
test.use({ serviceWorkers: 'block' });

for (const failure of ['open fails', 'storage full', 'missing'] as const) {
  test.describe(`IndexedDB ${failure}`, () => {
    test('an imported run is listed from memory, and the page says it will not survive a reload', async ({ page, benchmarksPage: bench }) => {
      await failStorage(page, failure);
      await bench.open();
      await bench.drop([fixtureFile('vllm/er0080_bench_serve_v0.25.1.json')]);
      await bench.waitForImportDone();
      const outcome = bench.outcome('er0080_bench_serve_v0.25.1.json');
      await expect(outcome).toContainText('1 run imported (vllm) and kept in this tab only');
      await expect(outcome).toContainText(`(${REASON[failure]}) and will not survive a reload`);
      await expect(bench.rows()).toHaveCount(1);
      // vLLM bench serve 0.25.1: TTFT p99 734.4049174101428 ms in the file.
      await expect(bench.cell(bench.row('vLLM · facebook/opt-125m'), 'ttft99')).toHaveText('734');
      await expect(bench.unstored()).toContainText('1 file kept in this tab only');
      await expect(bench.unstored()).toContainText('will not survive a reload');
    });

    test('a dropped price file is used from memory, and the picker says it will not survive a reload', async ({ page, tcoPage: tco }) => {
      await failStorage(page, failure);
      await tco.open({ charts: false });
      await tco.openGroup('tco-group-api');
      const picker = await tco.listPrice().open();
      // One provider, one model, in the data set's form, at a price the bundled data does not have.
      const data = JSON.stringify([
        {
          id: 'openai',
          name: 'OpenAI',
          api_pattern: 'https://api\\.openai\\.com',
          models: [{ id: 'gpt-4.1', name: 'gpt 4.1', match: { starts_with: 'gpt-4.1' }, prices: { input_mtok: 3, cache_read_mtok: 1, output_mtok: 12 } }],
        },
      ]);
      await picker.dropFile('data.json', data, Date.UTC(2026, 10, 30));
      await expect(picker.data()).toContainText('Prices from your data.json');
      await expect(picker.error()).toHaveCount(0);
      await expect(picker.notStored()).toHaveText(
        `This file is used in this tab only and will not survive a reload: it could not be stored (${REASON[failure]}).`,
      );
      // The file's own price is offered: 3 / 1 / 12 USD per 1M.
      await expect(picker.modelOptions()).toHaveText(['Choose a model…', 'gpt 4.1 · 3 / 1 / 12 USD per 1M']);
    });
  });
}
