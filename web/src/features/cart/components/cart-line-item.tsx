import { useState } from 'react';
import { Link } from 'react-router';
import { LineAmount } from '@/components/order-amounts';
import { PartnerPriceBadge } from '@/components/partner-price-badge';
import { Button } from '@/components/ui/button';
import { isApiProblem } from '@/lib/api/api-problem';
import type { CartLine } from '@/lib/resources/cart/types';
import { formatMoney } from '@/lib/money';
import { useDeleteLine } from '../api/delete-line';
import { useUpdateLine } from '../api/update-line';
import { QuantityStepper } from './quantity-stepper';

function productHref(line: CartLine): string | null {
  return line.product.slug ? `/products/${line.product.slug}` : null;
}

function problemText(error: unknown): string | null {
  if (!error) return null;
  if (isApiProblem(error)) {
    const field = error.errors.find((item) => item.message && item.message !== error.detail);
    return [error.detail, field?.message].filter(Boolean).join(' ');
  }
  return 'That didn’t work. Try again.';
}

/** One cart line: product, options, serials, unit price (changes flagged), quantity, remove, the line's amount and discount. */
export function CartLineItem({
  line,
  currency,
  couponCode,
  partnerPrice = false,
  linkTo = productHref,
}: {
  line: CartLine;
  currency: string;
  couponCode?: string | null;
  /** The unit price is the partner price list's (SPEC §10). */
  partnerPrice?: boolean;
  /** Where the product's name links (the product page by default; `() => null`: no link). */
  linkTo?: (line: CartLine) => string | null;
}) {
  const update = useUpdateLine();
  const remove = useDeleteLine();
  const [newSerial, setNewSerial] = useState('');
  const href = linkTo(line);
  const name = line.product.name;
  const error = problemText(update.error ?? remove.error);

  function setSerials(serials: string[]) {
    update.mutate({ id: line.id, serials }, { onSuccess: () => setNewSerial('') });
  }

  return (
    <li className="cart-line" data-testid="cart-line" aria-label={name}>
      <div className="cart-line__image">
        {line.product.image ? <img src={line.product.image.url} alt="" width="96" height="96" loading="lazy" /> : null}
      </div>
      <div className="cart-line__main">
        <h2 className="cart-line__name">{href ? <Link to={href}>{name}</Link> : name}</h2>
        <p className="cart-line__sku">SKU {line.product.sku}</p>
        {line.options.length > 0 && (
          <dl className="cart-line__options">
            {line.options.map((option) => (
              <div key={option.code}>
                <dt>{option.label}</dt>
                <dd>{option.value_label}</dd>
              </div>
            ))}
          </dl>
        )}
        {line.iccid && (
          <p className="cart-line__meta">
            eSIM ICCID <span className="cart-line__mono">{line.iccid}</span>
          </p>
        )}
        {line.serial_bound && (
          <div className="cart-line__serials">
            <p className="cart-line__meta">Device serial numbers ({line.serials.length}):</p>
            <ul>
              {line.serials.map((serial) => (
                <li key={serial}>
                  <span className="cart-line__mono">{serial}</span>
                  {line.serials.length > 1 && (
                    <button
                      type="button"
                      className="cart-line__link-button"
                      disabled={update.isPending}
                      onClick={() => setSerials(line.serials.filter((item) => item !== serial))}
                    >
                      Remove<span className="visually-hidden"> serial {serial}</span>
                    </button>
                  )}
                </li>
              ))}
            </ul>
            <form
              className="cart-line__add-serial"
              onSubmit={(event) => {
                event.preventDefault();
                if (newSerial.trim()) setSerials([...line.serials, newSerial.trim()]);
              }}
            >
              <label className="visually-hidden" htmlFor={`serial-${line.id}`}>
                Add a device serial number to {name}
              </label>
              <input
                id={`serial-${line.id}`}
                className="ui-input cart-line__serial-input"
                placeholder="XXXX-XXXX-XXXX"
                autoComplete="off"
                spellCheck={false}
                value={newSerial}
                onChange={(event) => setNewSerial(event.target.value)}
              />
              <Button type="submit" size="sm" variant="secondary" loading={update.isPending && newSerial !== ''}>
                Add device
              </Button>
            </form>
          </div>
        )}
        {line.problem && (
          <p className="cart-line__problem" role="status">
            {line.problem.message}
          </p>
        )}
        {error && (
          <p className="cart-line__problem" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="cart-line__side">
        <p className="cart-line__unit">
          {line.price_changed && line.previous_unit_price && (
            <span className="cart-line__was">
              <span className="visually-hidden">Was </span>
              <s>{formatMoney(line.previous_unit_price.cents, currency)}</s>
            </span>
          )}
          <span>
            {formatMoney(line.unit_price.cents, currency)} <span className="cart-line__each">each</span>
          </span>
          {line.price_changed && <span className="cart-line__changed">Price changed</span>}
          {partnerPrice && <PartnerPriceBadge />}
        </p>
        {line.serial_bound ? (
          <p className="cart-line__meta">
            Quantity {line.qty} <span className="cart-line__each">(one per device)</span>
          </p>
        ) : (
          <QuantityStepper
            name={name}
            value={line.qty}
            min={line.quantity_rules.min}
            max={line.quantity_rules.max ?? null}
            step={line.quantity_rules.step}
            disabled={update.isPending || remove.isPending}
            onChange={(qty) => update.mutate({ id: line.id, qty })}
          />
        )}
        <div className="cart-line__total">
          <LineAmount
            qty={line.qty}
            unitCents={line.unit_price.cents}
            subtotalCents={line.subtotal.cents}
            discountCents={line.discount.cents}
            couponCode={couponCode}
            currency={currency}
          />
        </div>
        <Button variant="ghost" size="sm" onClick={() => remove.mutate(line.id)} loading={remove.isPending}>
          Remove<span className="visually-hidden"> {name}</span>
        </Button>
      </div>
    </li>
  );
}
