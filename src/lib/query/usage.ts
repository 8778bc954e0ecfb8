import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ListPriceOffer } from '../../core/usage/list-prices';
import type { PriceDataStatus, UsageProgress, UsageRequest, UsageResult } from '../../worker/contract';
import { compute } from './compute';

/**
 * The workload derived from dropped usage files. The files are part of the request but not of
 * the key (a Blob cannot be hashed): the key names each file by name, size and modification
 * time, plus every option, so a new drop or a changed option is a new query. `onProgress`
 * (the bytes read, for the page's progress bar) is not part of the key.
 */
export const usageKeys = {
  all: ['usage'] as const,
  derive: (request: UsageRequest) => {
    const files = request.files.map((f, i) => [request.names[i] ?? '', f.size, (f as Blob & { lastModified?: number }).lastModified ?? 0] as const);
    const { files: _files, ...options } = request;
    return ['usage', 'derive', files, options] as const;
  },
};

/**
 * The genai-prices data (the bundled package or a dropped data.json, worker/price-data.ts) and
 * what is priced from it; a dropped or cleared file invalidates everything under `all`.
 */
export const listPriceKeys = {
  all: ['list-prices'] as const,
  offers: ['list-prices', 'offers'] as const,
  status: ['list-prices', 'status'] as const,
};

export function usageQuery(request: UsageRequest, onProgress?: (progress: UsageProgress) => void) {
  return queryOptions({
    queryKey: usageKeys.derive(request),
    queryFn: async ({ signal }): Promise<UsageResult> => {
      // A job: a superseded or cancelled read stops in the worker at its next chunk; large
      // files may take longer than a plain call's timeout.
      const answer = await compute.deriveUsage(request, { signal, onProgress });
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
    queryKey: listPriceKeys.offers,
    queryFn: ({ signal }): Promise<ListPriceOffer[]> => compute.listPriceOffers({ signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** Which genai-prices data is in use: the bundled data or a dropped data.json (worker/price-data.ts). */
export function priceDataStatusQuery() {
  return queryOptions({
    queryKey: listPriceKeys.status,
    queryFn: ({ signal }) => compute.priceDataStatus({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Everything priced from the genai-prices data is asked again once another data set is in use:
 * the offers, the status, and the usage page's list prices (its derived workload). A read still
 * on its way is cancelled first: a first read (no data yet) is otherwise joined by the new one
 * and answers with the data set before the change (the picker opened, a file dropped at once).
 * The status the change answered with is shown at once.
 */
async function repriceAll(client: QueryClient, status: PriceDataStatus): Promise<void> {
  await client.cancelQueries({ queryKey: listPriceKeys.all });
  client.setQueryData(listPriceKeys.status, status);
  await client.invalidateQueries({ queryKey: listPriceKeys.all });
  await client.invalidateQueries({ queryKey: usageKeys.all });
}

/** A dropped data.json: validated and used from now on when valid (the answer says why not otherwise). */
export function setPriceDataMutation() {
  return mutationOptions({
    mutationFn: ({ fileName, text, fileDate }: { fileName: string; text: string; fileDate: string }) => compute.setPriceData(fileName, text, fileDate, {}),
    onSuccess: async (answer, _variables, _onMutateResult, { client }) => {
      if (answer.ok) await repriceAll(client, answer.status);
    },
  });
}

/** Back to the bundled data. */
export function clearPriceDataMutation() {
  return mutationOptions({
    mutationFn: () => compute.clearPriceData({}),
    onSuccess: (status, _variables, _onMutateResult, { client }) => repriceAll(client, status),
  });
}
