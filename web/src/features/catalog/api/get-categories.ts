import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { catalogKeys } from './query-keys';
import type { CategoryTree } from './types';

export function getCategories(signal?: AbortSignal): Promise<CategoryTree> {
  return unwrap(api.GET('/api/v1/categories', { signal }));
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: catalogKeys.categories(),
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 5 * 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
