import { useSyncExternalStore } from 'react';
import { useStoreDetail } from './get-store';
import { readMiniStoreKey, STORE_CHANGED_EVENT } from '@/lib/store-cookie';

function subscribe(onChange: () => void): () => void {
  window.addEventListener(STORE_CHANGED_EVENT, onChange);
  return () => window.removeEventListener(STORE_CHANGED_EVENT, onChange);
}

/** The mini-store key the cookie holds (null in an eStore); follows every store change. */
export function useMiniStoreKey(): string | null {
  return useSyncExternalStore(subscribe, () => readMiniStoreKey(), () => null);
}

/** The mini-store the visitor is in, with its branding (from the cache the store gate filled), or null. */
export function useMiniStore() {
  const key = useMiniStoreKey();
  const store = useStoreDetail(key);
  return key && store.data ? store.data : null;
}
