import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { Select } from '@/components/ui/select';
import { useCurrentUser } from '@/lib/auth/session';
import { readChosenStore, STORE_CHANGED_EVENT, STORES, writeStoreCookie, type StoreCode } from '@/lib/store-cookie';

const STORE_LABELS: Record<StoreCode, string> = { global: 'Global store', us: 'US store' };
const SHORT_LABELS: Record<StoreCode, string> = { global: 'Global', us: 'US' };
const OPTIONS = STORES.map((store) => ({ value: store, label: SHORT_LABELS[store] }));

function subscribe(onChange: () => void): () => void {
  window.addEventListener(STORE_CHANGED_EVENT, onChange);
  return () => window.removeEventListener(STORE_CHANGED_EVENT, onChange);
}

/**
 * Global / US store choice (SPEC §3): a cookie the server reads; every cached answer is refetched.
 * The switch is confirmed in a status region beside the select, read out by screen readers; on
 * screen the select itself and the prices show the new store, so nothing floats over the page
 * (a toast here covered the product price while it changed).
 */
export function StoreSwitcher() {
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const [announcement, setAnnouncement] = useState('');
  const chosen = useSyncExternalStore(subscribe, () => readChosenStore(), () => null);
  // Same order as the server (SPEC §3): the chosen store, else the account's home store, else global.
  const store: StoreCode = chosen ?? (user?.home_store === 'us' ? 'us' : 'global');

  function onChange(next: StoreCode) {
    writeStoreCookie(next);
    void queryClient.invalidateQueries();
    setAnnouncement(`You’re now shopping in the ${STORE_LABELS[next]}.`);
  }

  return (
    <>
      <Select
        label="Store"
        hideLabel
        className="store-switcher"
        options={OPTIONS}
        value={store}
        onChange={(event) => onChange(event.target.value as StoreCode)}
      />
      <p className="visually-hidden" role="status" data-testid="store-switch-status">
        {announcement}
      </p>
    </>
  );
}
