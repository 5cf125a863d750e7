import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { addCartLine } from '@/lib/resources/cart/add-cart-line';
import { cartKeys } from '@/lib/resources/cart/query-keys';
import type { AddLineBody } from '@/lib/resources/cart/types';
import type { QuotationLine } from '@/lib/resources/quotations/types';

/** A quotation line as the cart takes it: the same SKU, quantity (or serials) and options. */
export function cartLineOf(line: QuotationLine): AddLineBody {
  const options = Object.fromEntries(line.options.map((op) => [op.code, op.value]));
  return line.serials.length > 0 ? { sku: line.sku, serials: line.serials, options } : { sku: line.sku, qty: line.qty, options };
}

type Progress = { kind: 'idle' } | { kind: 'adding'; done: number } | { kind: 'partly'; added: number; failed: { name: string; reason: string }[] };

/**
 * "Buy at catalogue prices" for an expired or declined quotation (SPEC §9): each line goes into
 * the cart through the cart API, one after the other, then the cart opens. Lines the cart
 * refuses (no longer sold, out of stock) are listed with the reason instead.
 */
export function BuyAtCataloguePrices({ lines }: { lines: QuotationLine[] }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [progress, setProgress] = useState<Progress>({ kind: 'idle' });
  const report = useRef<HTMLDivElement>(null);
  const run = async () => {
    const failed: { name: string; reason: string }[] = [];
    let added = 0;
    for (const [i, line] of lines.entries()) {
      setProgress({ kind: 'adding', done: i });
      try {
        await addCartLine(cartLineOf(line));
        added += 1;
      } catch (e) {
        failed.push({ name: line.name || line.sku, reason: isApiProblem(e) ? (e.detail ?? messageForProblem(e)) : 'It could not be added.' });
      }
    }
    await client.invalidateQueries({ queryKey: cartKeys.all });
    if (failed.length === 0) {
      void navigate('/cart');
      return;
    }
    setProgress({ kind: 'partly', added, failed });
    requestAnimationFrame(() => report.current?.focus());
  };
  const adding = progress.kind === 'adding';
  return (
    <div className="q-buy">
      <Button variant="secondary" loading={adding} onClick={() => void run()}>
        {adding ? `Adding ${progress.done + 1} of ${lines.length} to the cart…` : 'Buy at catalogue prices'}
      </Button>
      {progress.kind === 'partly' && (
        <div ref={report} tabIndex={-1} role="alert" className="form-alert form-alert--error">
          <p>
            {progress.added === 0
              ? 'None of the items could go into the cart.'
              : `${progress.added} of ${lines.length} items are in your cart; these could not be added:`}
          </p>
          <ul>
            {progress.failed.map((f) => (
              <li key={f.name}>
                {f.name}: {f.reason}
              </li>
            ))}
          </ul>
          {progress.added > 0 && <Link to="/cart">Open the cart</Link>}
        </div>
      )}
    </div>
  );
}
