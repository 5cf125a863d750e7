import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { formatMoney } from '@/lib/money';
import { useProductSearch } from '../api/search-products';
import type { Suggestions } from '../api/types';
import { useDebouncedValue } from '@/lib/use-debounced-value';

type Found = Suggestions['items'][number];

/**
 * Finds a product of the mini-store's region store by name or SKU and adds it to the list. The
 * results are a list of buttons (keyboard: Tab through them), their count announced.
 */
export function AddProduct({ region, has, onAdd }: { region: string; has: (sku: string) => boolean; onAdd: (product: Found) => void }) {
  const [q, setQ] = useState('');
  const debounced = useDebouncedValue(q.trim(), 250);
  const store = region === 'US' ? 'us' : 'global';
  const search = useProductSearch(store, debounced);
  const statusId = useId();
  const items = debounced.length >= 2 ? (search.data?.items ?? []) : [];
  const status =
    debounced.length < 2
      ? ''
      : search.isFetching
        ? 'Searching…'
        : search.isError
          ? 'The search did not answer. Try again in a moment.'
          : items.length === 0
            ? `No product matches “${debounced}”. Try another name or the SKU.`
            : `${items.length} ${items.length === 1 ? 'product' : 'products'} found.`;
  return (
    <div className="add-product">
      <Input
        label="Add a product"
        hint={`Search the ${store === 'us' ? 'US' : 'Global'} store by name or SKU (2 letters or more).`}
        type="search"
        value={q}
        onChange={(event) => setQ(event.target.value)}
        onKeyDown={(event) => {
          // Enter searches; it must not submit the editor.
          if (event.key === 'Enter') event.preventDefault();
        }}
        aria-describedby={statusId}
        autoComplete="off"
      />
      <p id={statusId} className="muted add-product__status" role="status">
        {status}
      </p>
      {items.length > 0 && (
        <ul className="add-product__results" aria-label="Products found">
          {items.map((p) => {
            const added = has(p.sku);
            return (
              <li key={p.sku} className="add-product__result">
                <span className="add-product__what">
                  <strong>{p.name}</strong> <span className="muted">{p.sku}</span>
                  <span className="muted"> · {formatMoney(p.price.cents, p.price.currency)} in the store</span>
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={added}
                  onClick={() => {
                    onAdd(p);
                    setQ('');
                  }}
                >
                  {added ? 'In the list' : 'Add'}
                  <span className="visually-hidden"> {p.name}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
