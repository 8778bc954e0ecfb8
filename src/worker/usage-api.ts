import { deriveWorkload } from '../core/usage/aggregate';
import { loadListPriceOffers, loadListPrices, providerOfFormats, type ListPriceOffer } from '../core/usage/list-prices';
import { DuplicateFilter, SameBytes } from '../core/usage/dedupe';
import { duplicateFileResult, readUsageSource, type UsageReadResult } from '../core/usage/reader';
import { combineUsage } from '../core/usage/combine';
import { blobSource, platformHost } from '../platform/host';
import type { JobRef, UsageAnswer, UsageFileSummary, UsageProgress, UsageProgressCallback, UsageRequest } from './contract';
import { beginJob } from './jobs';
import { priceDataApi, withActivePriceData } from './price-data';

/**
 * Usage files → the derived workload (src/core/usage; `UsageRequest` and its answer in
 * contract.ts). Each file is read chunk by chunk, cut at character boundaries; the records never
 * leave the worker, only the derived figures and each file's status and issues do.
 */
const PROGRESS_EVERY_MS = 100;

export const usageApi = {
  /** A dropped genai-prices data.json: status, set, clear (price-data.ts). */
  ...priceDataApi,
  /**
   * The API offers of the bundled genai-prices data (its code and data load here, on the first
   * call, never in the page's initial bundle); nothing is fetched.
   */
  async listPriceOffers(): Promise<ListPriceOffer[]> {
    return withActivePriceData(loadListPriceOffers);
  },

  /**
   * Runs as a job: when the page gives up (a new drop, another zone, Cancel), the read stops
   * at its next 1 MiB chunk. `progress` (the benchmark import's path: a proxied callback, a
   * top-level argument so that comlink can pass it) hears the bytes read over all files.
   */
  async deriveUsage(request: UsageRequest, options: JobRef = {}, progress?: UsageProgressCallback): Promise<UsageAnswer> {
    const job = beginJob(options.jobId);
    const host = platformHost();
    const read: UsageReadResult[] = [];
    const files: UsageFileSummary[] = [];
    const totalBytes = request.files.reduce((a, f) => a + f.size, 0);
    let before = 0;
    let lastSent = Number.NEGATIVE_INFINITY;
    const tell = (p: UsageProgress, force: boolean) => {
      const now = Date.now();
      if (!progress || (!force && now - lastSent < PROGRESS_EVERY_MS)) return;
      lastSent = now;
      try {
        void Promise.resolve(progress(p)).catch(() => undefined);
      } catch {
        // A closed page takes no progress.
      }
    };
    // One filter for all files: a request or a page read in one file and again in another counts once.
    const seen = new DuplicateFilter();
    const sameBytes = new SameBytes(request.files.map((f) => f.size));
    const cancelled = () => job.signal.aborted;
    for (const [i, blob] of request.files.entries()) {
      const name = request.names[i] ?? `file ${i + 1}`;
      const at = (bytesRead: number): UsageProgress => ({
        fileName: name,
        fileIndex: i,
        fileCount: request.files.length,
        bytesRead: before + bytesRead,
        totalBytes,
      });
      tell(at(0), i === 0);
      const source = blobSource(blob, name);
      const earlier = await sameBytes.earlier(i, source, host.sha256, cancelled);
      const r =
        earlier === undefined
          ? null
          : earlier !== null
            ? duplicateFileResult(name, request.names[earlier] ?? `file ${earlier + 1}`)
            : await readUsageSource(
                source,
                { decoder: host.decoder, unpack: host.unpack, cancelled, progress: (bytesRead) => tell(at(bytesRead), false) },
                request.mappings[name] ?? null,
                seen,
              );
      before += blob.size;
      if (r === null) {
        job.finish('stopped');
        return { state: 'cancelled' };
      }
      // The rows stay here; the page gets each file's status, issues and models.
      const { records: rs, costs: _costs, ...summary } = r;
      read.push(r);
      files.push({ ...summary, models: [...rs.models] });
    }
    const { records, costs, models } = combineUsage(read);
    tell(
      {
        fileName: request.names.at(-1) ?? '',
        fileIndex: Math.max(0, request.files.length - 1),
        fileCount: request.files.length,
        bytesRead: totalBytes,
        totalBytes,
      },
      true,
    );
    const priceOf = await withActivePriceData((data) => loadListPrices(providerOfFormats(files.flatMap((f) => f.formats)), data));
    const derived = deriveWorkload(records, costs, {
      timeZone: request.timeZone,
      models: request.models,
      profile: request.profile,
      current: request.current,
      priceOf,
    });
    job.finish('finished');
    return { state: 'done', files, models, derived };
  },
};
