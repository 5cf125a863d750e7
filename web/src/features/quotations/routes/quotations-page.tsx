import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { useQuotations } from '@/lib/resources/quotations/get-quotations';
import { QuotationTable } from '../components/quotation-table';
import { BUYER_FILTERS, buyerFilter } from '../lib/filters';
import '../quotations.css';

/** How to get a quotation, for a buyer who has none yet. */
function HowToRequest() {
  return (
    <div className="q-empty">
      <p>You haven’t requested a quotation yet.</p>
      <p>
        Buying in quantity, or need a price for a project? Put the products in your cart and choose{' '}
        <strong>Request a quotation</strong>, or use the same button on a product page. Sales answer with prices you can
        accept and pay online.
      </p>
      <p className="q-actions">
        <Link to="/cart" className={buttonClassName({})}>
          Go to the cart
        </Link>
        <Link to="/products" className={buttonClassName({ variant: 'secondary' })}>
          Browse products
        </Link>
      </p>
    </div>
  );
}

/** `/account/quotation`: the buyer's quotations, filtered by status and searched (both in the URL). */
export default function QuotationsPage() {
  const [params, setParams] = useSearchParams();
  const filter = buyerFilter(params.get('status'));
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const list = useQuotations({ statuses: filter.statuses, q });
  const update = (status: string, search: string) => {
    const next = new URLSearchParams();
    if (status) next.set('status', status);
    if (search.trim()) next.set('q', search.trim());
    setParams(next, { replace: true });
  };
  const filtered = filter.value !== '' || q !== '';
  const rows = list.data ?? [];
  return (
    <div className="q-page">
      <div className="q-filters">
        <div role="group" aria-label="Show quotations" className="q-chips">
          {BUYER_FILTERS.map((f) => (
            <button
              key={f.value}
              type="button"
              className="q-chip"
              aria-pressed={f.value === filter.value}
              onClick={() => update(f.value, text)}
            >
              {f.label}
            </button>
          ))}
        </div>
        <form
          role="search"
          aria-label="Search quotations"
          className="q-search"
          onSubmit={(e) => {
            e.preventDefault();
            update(filter.value, text);
          }}
        >
          <Input label="Search" hint="Quotation number, product name or SKU" value={text} onChange={(e) => setText(e.target.value)} />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      </div>
      <p className="q-live" role="status">
        {list.data ? `${rows.length} ${rows.length === 1 ? 'quotation' : 'quotations'}${filtered ? ' found' : ''}.` : ''}
      </p>
      {list.isPending ? (
        <div aria-busy="true" aria-label="Loading your quotations">
          <Skeleton height="10rem" />
        </div>
      ) : list.isError ? (
        <div role="alert" className="form-alert form-alert--error">
          <p>
            {isApiProblem(list.error)
              ? (list.error.errors[0]?.message ?? messageForProblem(list.error))
              : 'Your quotations could not be loaded.'}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : rows.length === 0 ? (
        filtered ? (
          <p>
            No quotation matches these filters.{' '}
            <Link
              to="/account/quotation"
              onClick={() => setText('')}
            >
              Show all quotations
            </Link>
          </p>
        ) : (
          <HowToRequest />
        )
      ) : (
        <div aria-busy={list.isFetching}>
          <QuotationTable rows={rows} caption={filtered ? `Quotations: ${filter.label.toLowerCase()}${q ? `, matching “${q}”` : ''}` : 'Your quotations, newest first'} />
        </div>
      )}
    </div>
  );
}
