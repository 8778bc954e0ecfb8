import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListPriceOffer } from '../../core/usage/list-prices';
import type { UsageProgress, UsageRequest, UsageResult } from '../../worker/contract';
import { compute } from './compute';

/**
 * The workload derived from dropped usage files. The files are part of the request but not of
 * the key (a Blob cannot be hashed): the key names each file by name, size and modification
 * time, plus every option, so a new drop or a changed option is a new query. `onProgress`
 * (the bytes read, for the page's progress bar) is not part of the key.
 */
export function usageQuery(request: UsageRequest, onProgress?: (progress: UsageProgress) => void) {
  const files = request.files.map((f, i) => [request.names[i] ?? '', f.size, (f as Blob & { lastModified?: number }).lastModified ?? 0] as const);
  const { files: _files, ...options } = request;
  return queryOptions({
    queryKey: ['usage', 'derive', files, options] as const,
    queryFn: async ({ signal }): Promise<UsageResult> => {
      // A job: a superseded or cancelled read stops in the worker at its next chunk; large
      // files may take longer than a plain call's timeout.
      const answer = await compute.deriveUsage(request, signal, onProgress);
      if (answer.state === 'cancelled') throw new DOMException('Cancelled', 'AbortError');
      return answer;
    },
    enabled: request.files.length > 0,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The API offers of the bundled genai-prices data (src/core/usage/list-prices.ts), from the
 * worker; asked for only when the TCO page's list-price picker is opened.
 */
export function listPriceOffersQuery(enabled: boolean) {
  return queryOptions({
    // Under 'list-prices': a dropped data.json invalidates everything priced from it.
    queryKey: ['list-prices', 'offers'] as const,
    queryFn: ({ signal }): Promise<ListPriceOffer[]> => compute.call('listPriceOffers', [], signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** Which genai-prices data is in use: the bundled data or a dropped data.json (worker/price-data.ts). */
export function priceDataStatusQuery() {
  return queryOptions({
    queryKey: ['list-prices', 'status'] as const,
    queryFn: ({ signal }) => compute.call('priceDataStatus', [], signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
