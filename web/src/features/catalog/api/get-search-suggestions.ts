import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { catalogKeys } from './query-keys';
import type { Suggestions } from './types';

export async function getSearchSuggestions(q: string, signal?: AbortSignal): Promise<Suggestions> {
  return unwrap(api.GET('/api/v1/search/suggest', { params: { query: { q } }, signal }));
}

export const searchSuggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: catalogKeys.suggest(q),
    queryFn: ({ signal }) => getSearchSuggestions(q, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

/** Suggestions for an (already debounced) query; idle for queries shorter than 2 characters. */
export function useSearchSuggestions(q: string) {
  const trimmed = q.trim();
  return useQuery({ ...searchSuggestionsQueryOptions(trimmed), enabled: trimmed.length >= 2 });
}
