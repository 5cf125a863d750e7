import { useFormContext, useFormState, type UseFieldArrayRemove } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { formatMoney } from '@/lib/money';
import type { EditorValues } from '../lib/editor-schema';

/**
 * The mini-store's products, one row each: its price as an input, with the region's list price and
 * the floor beside it; the server's error for a row (a price under the floor, a product the region
 * does not sell) shows on that row.
 */
export function ProductRows({
  fields,
  remove,
  currency,
  floorBp,
}: {
  fields: { id: string }[];
  remove: UseFieldArrayRemove;
  currency: string;
  floorBp: number;
}) {
  const { register, getValues } = useFormContext<EditorValues>();
  const { errors } = useFormState<EditorValues>({ name: 'products' });
  const m = (cents: number) => formatMoney(cents, currency);
  if (fields.length === 0) {
    return <p className="partner-empty">No products yet: your store shows nothing until you add some below.</p>;
  }
  return (
    <ul className="product-rows" aria-label="Products in your store">
      {fields.map((field, index) => {
        const row = getValues(`products.${index}`);
        const rowErrors = errors.products?.[index];
        const skuError = (rowErrors as { sku?: { message?: string } } | undefined)?.sku?.message;
        return (
          <li key={field.id} className={['product-row', rowErrors ? 'product-row--invalid' : ''].join(' ')} data-testid="product-row" data-sku={row.sku}>
            <div className="product-row__what">
              <strong>{row.name}</strong> <span className="muted">{row.sku}</span>
              <p className="product-row__prices muted">
                {row.hasVariants ? (
                  <>Comes in variants, sold at the store’s variant prices (from {m(row.listCents ?? 0)})</>
                ) : row.listCents !== null ? (
                  <>
                    List price {m(row.listCents)} · floor {row.floorCents !== null ? m(row.floorCents) : '—'}
                  </>
                ) : (
                  <>New · the floor is {floorBp / 100}% of the list price, checked when you save</>
                )}
              </p>
              {skuError && (
                <p className="ui-field__error" role="alert">
                  <span aria-hidden="true">⚠ </span>
                  {skuError}
                </p>
              )}
            </div>
            <Input
              className="product-row__price"
              label={
                <>
                  Price<span className="visually-hidden"> of {row.name}</span> ({currency})
                </>
              }
              inputMode="decimal"
              autoComplete="off"
              readOnly={row.hasVariants}
              hint={row.hasVariants ? 'Set by the store' : undefined}
              error={rowErrors?.price?.message}
              {...register(`products.${index}.price`)}
            />
            <Button variant="ghost" size="sm" className="product-row__remove" onClick={() => remove(index)}>
              Remove<span className="visually-hidden"> {row.name}</span>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
