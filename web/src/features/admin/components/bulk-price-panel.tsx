import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { formatMoney } from '@/lib/money';
import { useBulkPrice } from '../api/products';
import type { BulkPriceResult, Choice } from '../api/types';
import { parseBulkChange } from '../lib/bulk-price';

/**
 * A price change for the selected products: percent or amount, in the list prices or one store's
 * price list. "Preview" asks the server for a dry run (every product's before and after); "Apply"
 * writes exactly that.
 */
export function BulkPricePanel({
  ids,
  stores,
  onDone,
}: {
  ids: string[];
  stores: readonly Choice[];
  onDone: (message: string) => void;
}) {
  const bulk = useBulkPrice();
  const [store, setStore] = useState('');
  const [kind, setKind] = useState<'percent' | 'amount'>('percent');
  const [value, setValue] = useState('');
  const [valueError, setValueError] = useState<string | null>(null);
  const [preview, setPreview] = useState<BulkPriceResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();

  const send = (dryRun: boolean) => {
    const change = parseBulkChange(kind, value);
    if ('error' in change) {
      setValueError(change.error);
      return;
    }
    setValueError(null);
    setFailure(null);
    bulk.mutate(
      { product_ids: ids, store_code: store || null, change, dry_run: dryRun },
      {
        onSuccess: (result) => {
          if (result.dry_run) setPreview(result);
          else {
            setPreview(null);
            setValue('');
            onDone(`Prices changed for ${result.moves.length} product${result.moves.length === 1 ? '' : 's'}${store ? ` in the ${store} store` : ''}.`);
          }
        },
        onError: (error) => {
          const problem = isApiProblem(error) ? error : null;
          const fields = problem?.errors ?? [];
          if (fields.some((f) => f.field === 'change.value' || f.field === 'change')) {
            setValueError(fields.find((f) => f.field.startsWith('change'))?.message ?? 'Check the change.');
          }
          setFailure(
            fields.length > 0
              ? `Nothing was changed. ${fields.map((f) => f.message).join(' ')}`
              : `Nothing was changed. ${problem ? (problem.detail ?? messageForProblem(problem)) : 'Check your connection and try again.'}`,
          );
        },
      },
    );
  };

  const invalidate = () => setPreview(null);
  return (
    <section className="bulk-price" aria-labelledby={headingId} data-testid="bulk-price">
      <h2 id={headingId} className="bulk-price__title">
        Change prices of {ids.length} selected product{ids.length === 1 ? '' : 's'}
      </h2>
      <div className="admin-toolbar">
        <Select
          label="Prices in"
          value={store}
          onChange={(e) => {
            setStore(e.target.value);
            invalidate();
          }}
          options={[{ value: '', label: 'List prices (every store without its own)' }, ...stores.map((s) => ({ value: s.value, label: `${s.label} store` }))]}
        />
        <Select
          label="Change by"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as 'percent' | 'amount');
            invalidate();
          }}
          options={[
            { value: 'percent', label: 'Percent' },
            { value: 'amount', label: 'Amount (USD)' },
          ]}
        />
        <Input
          label={kind === 'percent' ? 'Percent (−10 lowers by 10 %)' : 'Amount in dollars (−5 lowers by $5)'}
          inputMode="decimal"
          value={value}
          error={valueError ?? undefined}
          onChange={(e) => {
            setValue(e.target.value);
            invalidate();
          }}
        />
      </div>
      <div className="admin-head__actions">
        <Button variant="secondary" loading={bulk.isPending && !preview} onClick={() => send(true)}>
          Preview the change
        </Button>
        {preview && (
          <Button loading={bulk.isPending} onClick={() => send(false)}>
            Apply to {preview.moves.length} product{preview.moves.length === 1 ? '' : 's'}
          </Button>
        )}
      </div>
      {failure && (
        <p className="form-alert form-alert--error" role="alert">
          {failure}
        </p>
      )}
      {preview && (
        <table className="data-table bulk-price__preview" data-testid="bulk-preview">
          <caption>Preview: nothing is saved until you apply it</caption>
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col" className="data-table__num">
                Now
              </th>
              <th scope="col" className="data-table__num">
                After
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.moves.map((m) => (
              <tr key={m.id}>
                <th scope="row" className="data-table__key">
                  {m.sku}
                </th>
                <td data-label="Now" className="data-table__num">
                  {formatMoney(m.before_cents)}
                </td>
                <td data-label="After" className="data-table__num">
                  {formatMoney(m.after_cents)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
