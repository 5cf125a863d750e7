import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { readStoreCookie, STORE_CHANGE_EVENT, STORES, writeStoreCookie, type StoreCode } from '@/lib/store-cookie';

const STORE_LABELS: Record<StoreCode, string> = { global: 'Global store', us: 'US store' };
const SHORT_LABELS: Record<StoreCode, string> = { global: 'Global', us: 'US' };
const OPTIONS = STORES.map((store) => ({ value: store, label: SHORT_LABELS[store] }));

function subscribe(onChange: () => void): () => void {
  window.addEventListener(STORE_CHANGE_EVENT, onChange);
  return () => window.removeEventListener(STORE_CHANGE_EVENT, onChange);
}

/** Global / US store choice (SPEC §3): a cookie the server reads; every cached answer is refetched. */
export function StoreSwitcher() {
  const queryClient = useQueryClient();
  const toast = useToast();
  // Follows the cookie, also when another part of the page switches store (e.g. the cart's switch prompt).
  const store = useSyncExternalStore(subscribe, () => readStoreCookie(), () => 'global');

  function onChange(next: StoreCode) {
    writeStoreCookie(next);
    void queryClient.invalidateQueries();
    toast.show({ message: `You’re now shopping in the ${STORE_LABELS[next]}.`, tone: 'info' });
  }

  return (
    <Select
      label="Store"
      hideLabel
      className="store-switcher"
      options={OPTIONS}
      value={store}
      onChange={(event) => onChange(event.target.value as StoreCode)}
    />
  );
}
