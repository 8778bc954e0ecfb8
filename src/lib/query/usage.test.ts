import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { PriceDataStatus } from '../../worker/contract';

/** A worker whose status answers the test releases by hand, in the order it chooses. */
const pending: { resolve: (s: PriceDataStatus) => void }[] = [];
vi.mock('./compute', () => ({
  compute: {
    priceDataStatus: () => new Promise<PriceDataStatus>((resolve) => pending.push({ resolve })),
    setPriceData: (fileName: string) => Promise.resolve({ ok: true, status: withFile(fileName) }),
    listPriceOffers: () => Promise.resolve([]),
  },
}));

const { listPriceKeys, priceDataStatusQuery, setPriceDataMutation } = await import('./usage');

const bundled: PriceDataStatus = { file: null, storedProblem: null, notStored: null };
function withFile(fileName: string): PriceDataStatus {
  return { file: { fileName, fileDate: '2026-11-30', providers: 1, models: 1 }, storedProblem: null, notStored: null };
}

describe('a price file dropped while the first status read is on its way', () => {
  it('shows the file: the late answer from before the drop does not overwrite it', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const stop = new QueryObserver(client, priceDataStatusQuery()).subscribe(() => undefined);
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    // The picker opened (first read asked), then the file is dropped and answered at once.
    const drop = new MutationObserver(client, setPriceDataMutation()).mutate({ fileName: 'data.json', text: '[]', fileDate: '2026-11-30' });
    // The status the drop answered with shows at once, and the status is read again.
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    expect(client.getQueryData(listPriceKeys.status)).toEqual(withFile('data.json'));
    // The first read answers late, with the data before the drop.
    pending[0]?.resolve(bundled);
    pending[1]?.resolve(withFile('data.json'));
    await drop;
    await vi.waitFor(() => expect(client.getQueryState(listPriceKeys.status)?.fetchStatus).toBe('idle'));
    expect(client.getQueryData(listPriceKeys.status)).toEqual(withFile('data.json'));
    stop();
  });
});
