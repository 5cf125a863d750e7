import { formatMoney } from '@/lib/money';

export interface LineView {
  key: string;
  name: string;
  sku: string;
  qty: number;
  total: number;
  currency: string;
  options: string[];
  serials: string[];
  note?: string;
}

/** The ProductList section: what is being bought. */
export function OrderLines({ lines }: { lines: LineView[] }) {
  return (
    <ul className="order-lines">
      {lines.map((l) => (
        <li key={l.key} className="order-lines__line">
          <div>
            <strong>{l.name}</strong> <span className="muted">({l.sku})</span>
            <div className="muted">Quantity {l.qty}</div>
            {l.options.map((o) => (
              <div key={o} className="muted">
                {o}
              </div>
            ))}
            {l.serials.length > 0 && <div className="muted">Serials: {l.serials.join(', ')}</div>}
            {l.note && <div className="order-lines__note">{l.note}</div>}
          </div>
          <div className="order-lines__price">{formatMoney(l.total, l.currency)}</div>
        </li>
      ))}
    </ul>
  );
}
