import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { formatMoney } from '@/lib/money';
import { useCandidateSearch } from '../api/search-products';
import type { MiniStoreProduct } from '../api/types';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/**
 * Finds a product of the mini-store's region store by name or SKU and adds it to the list, with
 * its list price and floor. The results are a list of buttons (keyboard: Tab through them), their
 * count announced.
 */
export function AddProduct({
  storeKey,
  region,
  has,
  onAdd,
}: {
  storeKey: string;
  region: string;
  has: (sku: string) => boolean;
  onAdd: (product: MiniStoreProduct) => void;
}) {
  const [q, setQ] = useState('');
  const debounced = useDebouncedValue(q.trim(), 250);
  const store = region === 'US' ? 'us' : 'global';
  const search = useCandidateSearch(storeKey, debounced);
  const statusId = useId();
  const items = debounced.length >= 2 ? (search.data ?? []) : [];
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
                  <span className="muted">
                    {' '}
                    · list {formatMoney(p.list_price.cents, p.list_price.currency)}
                    {p.has_variants ? ', sold as its variants' : `, floor ${formatMoney(p.floor.cents, p.floor.currency)}`}
                  </span>
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
