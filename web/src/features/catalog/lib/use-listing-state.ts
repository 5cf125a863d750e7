import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseListing, serializeListing, type ListingState } from './listing-params';

/** The listing state of the current URL and a setter that writes it back (a history entry per change). */
export function useListingState(): [ListingState, (next: ListingState) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListing(params), [params]);
  const setState = useCallback(
    (next: ListingState) => {
      // Only the query changes, so the scroll manager keeps the position (filters stay under the pointer).
      setParams((current) => serializeListing(next, current));
    },
    [setParams],
  );
  return [state, setState];
}
