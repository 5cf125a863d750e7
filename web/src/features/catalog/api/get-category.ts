import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { catalogKeys } from './query-keys';
import type { CategoryDetail } from './types';

export function getCategory(slug: string, signal?: AbortSignal): Promise<CategoryDetail> {
  return unwrap(api.GET('/api/v1/categories/{slug}', { params: { path: { slug } }, signal }));
}

export const categoryQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: catalogKeys.category(slug),
    queryFn: ({ signal }) => getCategory(slug, signal),
    staleTime: 5 * 60_000,
  });

export function useCategory(slug: string) {
  return useQuery(categoryQueryOptions(slug));
}
