import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { DownloadList } from './types';

/** `GET /me/downloads`: the customer's files, each with a signed link that expires. */
export function getDownloads(signal?: AbortSignal): Promise<DownloadList> {
  return unwrap(api.GET('/api/v1/me/downloads', { signal }));
}

/** How long before the links expire the list is read again, so a shown link always works. */
const REFRESH_BEFORE_EXPIRY_MS = 5 * 60 * 1000;

export const downloadsQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'downloads'] as const,
    queryFn: ({ signal }) => getDownloads(signal),
    // Fresh signed links before the shown ones run out (they last an hour, D92).
    refetchInterval: (query) => {
      const expires = query.state.data ? Date.parse(query.state.data.links_expire_at) : NaN;
      return Number.isFinite(expires) ? Math.max(expires - Date.now() - REFRESH_BEFORE_EXPIRY_MS, 30_000) : false;
    },
  });

export function useDownloads() {
  return useQuery(downloadsQueryOptions());
}
