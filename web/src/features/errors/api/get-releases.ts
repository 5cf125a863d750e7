import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { errorKeys } from './query-keys';
import type { ReleaseList } from './types';

export function getReleases(signal?: AbortSignal): Promise<ReleaseList> {
  return unwrap(api.GET('/api/v1/admin/errors/releases', { signal }));
}

export const releasesQueryOptions = () =>
  queryOptions({ queryKey: errorKeys.releases(), queryFn: ({ signal }) => getReleases(signal) });

export function useReleases() {
  return useQuery(releasesQueryOptions());
}
