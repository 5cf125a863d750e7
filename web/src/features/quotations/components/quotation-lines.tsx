import { formatMoney } from '@/lib/money';
import type { QuotationLine } from '@/lib/resources/quotations/types';
import { formatDay } from '@/lib/time-format';
import { describeQuote } from '../lib/quote';

/** A line's options and serial numbers under its name (`withSku`: after its SKU). */
export function LineDetails({ line, withSku = true }: { line: QuotationLine; withSku?: boolean }) {
  return (
    <>
      {withSku && <span className="muted"> ({line.sku})</span>}
      {line.options.map((op) => (
        <span key={op.code} className="q-line__extra muted">
          {op.label}: {op.value_label}
        </span>
      ))}
      {line.serials.length > 0 && <span className="q-line__extra muted">Serials: {line.serials.join(', ')}</span>}
      {line.coverage_until && (
        <span className="q-line__extra muted">Coverage extended to {formatDay(line.coverage_until)}</span>
      )}
    </>
  );
}

/** The quotation's lines: what was asked for, at its catalogue price, how sales priced it and the quoted price. */
export function QuotationLines({ lines, currency, caption }: { lines: QuotationLine[]; currency: string; caption: string }) {
  const m = (cents: number) => formatMoney(cents, currency);
  return (
    <table className="data-table q-lines">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col" className="data-table__num">
            Qty
          </th>
          <th scope="col" className="data-table__num">
            Catalogue price
          </th>
          <th scope="col">Quote</th>
          <th scope="col" className="data-table__num">
            Quoted price
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => {
          const discounted = l.quoted_total.cents !== l.subtotal.cents;
          return (
            <tr key={l.id} data-testid="quotation-line">
              <th scope="row" className="q-line__product">
                <span className="q-line__name">{l.name || l.sku}</span>
                <LineDetails line={l} />
              </th>
              <td data-label="Qty" className="data-table__num">
                {l.qty}
              </td>
              <td data-label="Catalogue price" className="data-table__num data-table__stack">
                <span className={discounted ? 'q-line__was' : undefined}>{m(l.subtotal.cents)}</span>
                {l.qty > 1 && (
                  <span className="muted">
                    {l.qty} × {m(l.unit_price.cents)}
                  </span>
                )}
              </td>
              <td data-label="Quote" data-testid="line-quote">
                {describeQuote(l.quote, currency)}
              </td>
              <td data-label="Quoted price" className="data-table__num q-line__quoted" data-testid="line-quoted-total">
                {m(l.quoted_total.cents)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
