import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from './http';
import { catalogKeys } from './query-keys';
import type { Suggestion } from './types';

export function getSearchSuggestions(q: string, signal?: AbortSignal): Promise<Suggestion[]> {
  return getJson<Suggestion[]>('/api/v1/search/suggest', { q }, signal);
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
