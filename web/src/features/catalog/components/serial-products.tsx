import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiProblem } from '@/lib/api/api-problem';
import { useSerial } from '../api/get-serial';
import { forPurpose, type Purpose, PURPOSE_TITLES } from '../lib/eligible';
import { normaliseSerial } from '../lib/serial';
import { ProductGrid } from './product-grid';
import { QueryError } from './query-error';

const PURPOSES: Purpose[] = ['warranty', 'licence', 'plan'];

/**
 * `/products?serial=…[&for=licence|warranty|plan]`: the products this device is eligible for,
 * each linking to its page with the serial filled in.
 */
export function SerialProducts({ raw, purpose }: { raw: string; purpose: Purpose | null }) {
  const serial = normaliseSerial(raw);
  const lookup = useSerial(serial);
  if (!serial || (isApiProblem(lookup.error) && ['invalid_serial', 'unknown_serial'].includes(lookup.error.code))) {
    return (
      <div className="notice notice--warning" role="alert">
        <h2 className="notice__title">We can’t find products for “{raw}”</h2>
        <p>
          That serial number isn’t one we recognise. <Link to={`/sn?serial=${encodeURIComponent(raw)}`}>Check it on the serial lookup</Link> or{' '}
          <Link to="/products">browse all products</Link>.
        </p>
      </div>
    );
  }
  if (lookup.isError) return <QueryError error={lookup.error} onRetry={() => void lookup.refetch()} title="We couldn’t look up this device" />;
  if (!lookup.data) return <Skeleton height="10rem" />;
  const products = forPurpose(lookup.data.eligible, purpose);
  const query = `?${new URLSearchParams({ serial }).toString()}`;
  return (
    <section aria-labelledby="serial-products-title" className="serial-eligible">
      <p className="serial-card__meta">
        For <strong>{lookup.data.model.name}</strong> · serial {serial}{' '}
        {lookup.data.prime ? <Badge tone="brand">Prime</Badge> : <Badge>Standard</Badge>}
      </p>
      <nav aria-label="What to buy" className="notice__actions">
        {[null, ...PURPOSES].map((p) => (
          <Link
            key={p ?? 'all'}
            to={`?${new URLSearchParams(p ? { serial, for: p } : { serial }).toString()}`}
            aria-current={p === purpose ? 'page' : undefined}
            className={`ui-button ui-button--sm ${p === purpose ? 'ui-button--primary' : 'ui-button--ghost'}`}
          >
            {p ? PURPOSE_TITLES[p] : 'Everything that fits'}
          </Link>
        ))}
      </nav>
      <h2 id="serial-products-title" className="product__section-title">
        {purpose ? PURPOSE_TITLES[purpose] : 'Products'} for this device ({products.length})
      </h2>
      {products.length ? (
        <ProductGrid products={products} label={`Products for ${serial}`} compact linkQuery={query} />
      ) : (
        <p>
          Nothing of this kind fits this device in this store. Try <Link to={`?${new URLSearchParams({ serial }).toString()}`}>everything that fits</Link>{' '}
          or switch store at the top.
        </p>
      )}
    </section>
  );
}
