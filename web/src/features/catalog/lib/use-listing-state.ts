import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseListing, serializeListing, type ListingState } from './listing-params';

/** The listing state of the current URL and a setter that writes it back (a history entry per change). */
export function useListingState(): [ListingState, (next: ListingState) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListing(params), [params]);
  const setState = useCallback(
    (next: ListingState) => {
      setParams((current) => serializeListing(next, current), { preventScrollReset: true });
    },
    [setParams],
  );
  return [state, setState];
}
