import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { centsToDollars, formatMoney } from '@/lib/money';
import { useSavePrices } from '../api/products';
import type { AdminProduct, CatalogReference, StorePriceEntry } from '../api/types';
import { signedCentsOf } from '../lib/product-form';

interface Row {
  store: string;
  name: string;
  sold: boolean;
  price: string;
  compareAt: string;
}

function rowsOf(product: AdminProduct, reference: CatalogReference): Row[] {
  return reference.stores.map((s) => {
    const entry = product.prices.find((p) => p.store_code === s.value);
    return {
      store: s.value,
      name: s.label,
      sold: entry?.sold ?? true,
      price: centsToDollars(entry?.price_cents ?? null),
      compareAt: centsToDollars(entry?.compare_at_cents ?? null),
    };
  });
}

/** Prices per store (`PUT /admin/products/{id}/prices`): each store's own price and compare-at, or the list price; or not sold there. */
export function ProductPrices({ product, reference, onConflict, onSaved }: { product: AdminProduct; reference: CatalogReference; onConflict: () => void; onSaved: (message: string) => void }) {
  const save = useSavePrices(product.id);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(product, reference));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (i: number, change: Partial<Row>) => setRows((current) => current.map((r, j) => (j === i ? { ...r, ...change } : r)));

  const submit = () => {
    const local: Record<string, string> = {};
    const prices: StorePriceEntry[] = rows.map((r, i) => {
      const price = signedCentsOf(r.price);
      const compare = signedCentsOf(r.compareAt);
      if (price !== null && (Number.isNaN(price) || price < 0)) local[`${i}.price`] = 'Enter dollars, e.g. 99.90, or leave empty for the list price.';
      if (compare !== null && (Number.isNaN(compare) || compare < 0)) local[`${i}.compareAt`] = 'Enter dollars, or leave empty.';
      return { store_code: r.store, sold: r.sold, price_cents: price, compare_at_cents: compare };
    });
    setErrors(local);
    setFailure(null);
    if (Object.keys(local).length > 0) return;
    save.mutate(
      { version: product.version, prices },
      {
        onSuccess: () => onSaved('Prices saved.'),
        onError: (error) => {
          const problem = isApiProblem(error) ? error : null;
          if (problem?.code === 'version_conflict') return onConflict();
          const mapped: Record<string, string> = {};
          for (const e of problem?.errors ?? []) {
            const m = /^prices\[(\d+)\]\.(price_cents|compare_at_cents|store_code|sold)$/.exec(e.field);
            if (m) mapped[`${m[1]}.${m[2] === 'compare_at_cents' ? 'compareAt' : 'price'}`] = e.message;
          }
          setErrors(mapped);
          setFailure(`Prices were not saved. ${problem ? (problem.errors.length ? 'Fix what is marked.' : (problem.detail ?? messageForProblem(problem))) : 'Check your connection and try again.'}`);
        },
      },
    );
  };

  return (
    <Card as="section" aria-labelledby="store-prices-h" className="admin-section">
      <h2 id="store-prices-h">Prices per store</h2>
      <p className="muted">Empty price: the store sells at the list price ({formatMoney(product.price_cents)}).</p>
      <table className="data-table" data-testid="store-prices">
        <thead>
          <tr>
            <th scope="col">Store</th>
            <th scope="col">Sold there</th>
            <th scope="col">Own price (USD)</th>
            <th scope="col">Compare-at (USD)</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.store}>
              <th scope="row">{r.name}</th>
              <td data-label="Sold there">
                <input type="checkbox" aria-label={`Sold in ${r.name}`} checked={r.sold} onChange={(e) => set(i, { sold: e.target.checked })} />
              </td>
              <td data-label="Own price">
                <input
                  className="ui-input"
                  inputMode="decimal"
                  aria-label={`Own price in ${r.name}`}
                  aria-invalid={errors[`${i}.price`] ? true : undefined}
                  aria-describedby={errors[`${i}.price`] ? `price-err-${i}` : undefined}
                  value={r.price}
                  onChange={(e) => set(i, { price: e.target.value })}
                />
                {errors[`${i}.price`] && (
                  <span className="ui-field__error" id={`price-err-${i}`}>
                    {errors[`${i}.price`]}
                  </span>
                )}
              </td>
              <td data-label="Compare-at">
                <input
                  className="ui-input"
                  inputMode="decimal"
                  aria-label={`Compare-at price in ${r.name}`}
                  aria-invalid={errors[`${i}.compareAt`] ? true : undefined}
                  aria-describedby={errors[`${i}.compareAt`] ? `compare-err-${i}` : undefined}
                  value={r.compareAt}
                  onChange={(e) => set(i, { compareAt: e.target.value })}
                />
                {errors[`${i}.compareAt`] && (
                  <span className="ui-field__error" id={`compare-err-${i}`}>
                    {errors[`${i}.compareAt`]}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {failure && (
        <p className="form-alert form-alert--error" role="alert">
          {failure}
        </p>
      )}
      <Button variant="secondary" loading={save.isPending} onClick={submit}>
        Save prices
      </Button>
    </Card>
  );
}
