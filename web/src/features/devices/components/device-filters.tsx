import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { PageState } from '../lib/filters';

interface Props {
  state: PageState;
  models: { code: string; name: string; count: number }[];
  onChange: (next: PageState) => void;
}

/** Search and filters; every change goes to the URL (so a filtered list can be shared or bookmarked). */
export function DeviceFilters({ state, models, onChange }: Props) {
  const [query, setQuery] = useState(state.q);
  const [synced, setSynced] = useState(state.q);
  if (synced !== state.q) {
    setSynced(state.q);
    setQuery(state.q);
  }
  return (
    <form
      className="dev-filters"
      role="search"
      aria-label="Search your devices"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...state, q: query });
      }}
    >
      <Input
        label="Search"
        type="search"
        hint="Serial, name or model; press Enter."
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onBlur={() => query !== state.q && onChange({ ...state, q: query })}
      />
      <Select
        label="Model"
        value={state.model}
        options={[{ value: '', label: 'All models' }, ...models.map((m) => ({ value: m.code, label: `${m.name} (${m.count})` }))]}
        onChange={(event) => onChange({ ...state, model: event.target.value })}
      />
      <fieldset className="dev-filters__checks">
        <legend className="visually-hidden">Show only</legend>
        <label className="dev-check">
          <input type="checkbox" checked={state.expiring} onChange={(event) => onChange({ ...state, expiring: event.target.checked })} />
          <span>Expiring in 60 days</span>
        </label>
        <label className="dev-check">
          <input type="checkbox" checked={state.autoRenew} onChange={(event) => onChange({ ...state, autoRenew: event.target.checked })} />
          <span>Auto-renew on</span>
        </label>
      </fieldset>
    </form>
  );
}
