import { PartnerPriceBadge } from '@/components/partner-price-badge';
import { formatMoney } from '@/lib/money';

export interface PriceProps {
  amount: number;
  currency: string;
  compareAt?: number | null;
  size?: 'md' | 'lg';
  /** Prefix such as "From" for ranges. */
  prefix?: string;
  /** The price comes from the partner price list (a signed-in partner, SPEC §10): says so beside it. */
  partner?: boolean;
}

/** A store price with its compare-at ("was") price struck through when it is higher. */
export function Price({ amount, currency, compareAt, size = 'md', prefix, partner = false }: PriceProps) {
  const discounted = compareAt !== null && compareAt !== undefined && compareAt > amount;
  return (
    <p className={`price price--${size}`}>
      {prefix && <span className="price__prefix">{prefix} </span>}
      {discounted && <span className="visually-hidden">Now </span>}
      <span className={['price__amount', discounted && 'price__amount--sale'].filter(Boolean).join(' ')}>
        {formatMoney(amount, currency)}
      </span>
      {discounted && (
        <>
          {' '}
          <span className="visually-hidden">, was </span>
          <s className="price__compare">{formatMoney(compareAt, currency)}</s>
        </>
      )}
      {partner && (
        <>
          {' '}
          <PartnerPriceBadge />
        </>
      )}
    </p>
  );
}
