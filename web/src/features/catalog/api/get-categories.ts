import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from './http';
import { catalogKeys } from './query-keys';
import type { Category } from './types';

export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return getJson<Category[]>('/api/v1/categories', undefined, signal);
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
