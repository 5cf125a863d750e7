import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { CountryLists } from './types';

/** `GET /countries`: ISO countries and the US state list (they change with releases only). */
export async function getCountries(signal?: AbortSignal): Promise<CountryLists> {
  return unwrap(api.GET('/api/v1/countries', { signal }));
}

export const countriesQueryOptions = () =>
  queryOptions({ queryKey: ['countries'] as const, queryFn: ({ signal }) => getCountries(signal), staleTime: Infinity });

export function useCountries() {
  return useQuery(countriesQueryOptions());
}
