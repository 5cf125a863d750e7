import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PlanStackingPreview } from '@/components/plan-stacking-preview';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForCode } from '@/lib/api/error-messages';
import { loginUrl } from '@/lib/auth/return-path';
import { useCurrentUser } from '@/lib/auth/session';
import { PLAN_NEXT_STEP, STACKING_NOTE, withNextStep } from '@/lib/plan-preview';
import { useAddToCart } from '@/lib/resources/cart/add-cart-line';
import { devicesQueryOptions } from '@/lib/resources/devices/get-devices';
import type { Device } from '@/lib/resources/devices/types';
import type { ProductCard } from '../api/types';
import { normaliseSerial, SERIAL_FORMAT_HINT } from '../lib/serial';

/** The select's value for "a serial that isn't in the list". */
const OTHER = 'other';

const INVALID_SERIAL =
  'That isn’t a valid serial number. Serial numbers have 12 letters and digits, like 1234-ABCD-5678 — check the label on the device.';

/** What to do next after the cart refused a plan for a serial, by code. */
const NEXT_STEP: Record<string, string> = {
  ...PLAN_NEXT_STEP,
  invalid_serial: SERIAL_FORMAT_HINT,
  unknown_serial: 'Check it for look-alike characters (0 and O, 1 and I, 8 and B) and try again.',
};

/** The cart's refusals that belong next to the device field, in words with the next step; null for the rest. */
export function serialFieldProblem(error: unknown): string | null {
  if (!isApiProblem(error) || !(error.code in NEXT_STEP)) return null;
  const said = error.errors.find((item) => item.message)?.message ?? error.detail ?? messageForCode(error.code);
  return withNextStep(said, NEXT_STEP[error.code] ?? '');
}

function deviceLabel(device: Device): string {
  const name = device.name.trim() || device.model.name;
  return `${device.serial} — ${name}`;
}

interface PlanBuyPanelProps {
  product: Pick<ProductCard, 'sku' | 'name'>;
  /** The panel's id (the Buy button's `aria-controls`). */
  id: string;
  onClose: () => void;
}

/**
 * "Buy" on the SpeedFusion Cloud page: pick one of your devices (or type a serial), see what the
 * plan adds to it, and put the plan in the cart bound to that serial.
 */
export function PlanBuyPanel({ product, id, onClose }: PlanBuyPanelProps) {
  const { user, isPending: sessionPending } = useCurrentUser();
  const signedIn = Boolean(user);
  const devices = useQuery({ ...devicesQueryOptions({}), enabled: signedIn });
  const own = devices.data?.items ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [otherError, setOtherError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const add = useAddToCart();
  const title = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    title.current?.focus();
  }, []);

  // Guests, customers without devices (or whose list failed) type a serial; others pick one.
  const canPick = signedIn && own.length > 0;
  const choice = canPick ? (picked ?? own[0]?.serial ?? OTHER) : OTHER;
  const typing = choice === OTHER;
  const typedSerial = normaliseSerial(typed);
  const serial = typing ? typedSerial : choice;
  // A typed serial that is one of the customer's own devices gets its preview too; nobody else's does.
  const ownSerial = serial && own.some((device) => device.serial === serial) ? serial : null;

  function reset() {
    setFieldError(null);
    setOtherError(null);
    setAdded(null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    reset();
    if (typing && !typed.trim()) {
      setFieldError('Enter the serial number printed on the device label.');
      return;
    }
    if (!serial) {
      setFieldError(INVALID_SERIAL);
      return;
    }
    if (typing) setTyped(serial);
    add.mutate(
      { sku: product.sku, serials: [serial] },
      {
        onSuccess: () => setAdded(serial),
        onError: (error) => {
          const message = serialFieldProblem(error);
          if (message) setFieldError(message);
          else setOtherError(isApiProblem(error) ? (error.detail ?? messageForCode(error.code)) : messageForCode('network_error'));
        },
      },
    );
  }

  const pickerOptions = [
    ...own.map((device) => ({ value: device.serial, label: deviceLabel(device) })),
    { value: OTHER, label: 'Another serial number…' },
  ];

  return (
    <section id={id} className="plan-buy" aria-labelledby={`${id}-title`}>
      <h5 id={`${id}-title`} ref={title} tabIndex={-1} className="plan-buy__title">
        Buy {product.name}
      </h5>
      {sessionPending || (signedIn && devices.isPending) ? (
        <p className="plan-buy__note">Loading your devices…</p>
      ) : (
        <form className="plan-buy__form" onSubmit={onSubmit} noValidate>
          {signedIn && devices.isError && (
            <p className="plan-buy__note plan-buy__note--warning">
              Your devices didn’t load, so type the serial number instead — or{' '}
              <button type="button" className="plan-buy__link" onClick={() => void devices.refetch()}>
                try loading them again
              </button>
              .
            </p>
          )}
          {canPick && (
            <Select
              label="Device"
              options={pickerOptions}
              value={choice}
              onChange={(event) => {
                reset();
                setPicked(event.target.value);
              }}
              error={typing ? undefined : (fieldError ?? undefined)}
            />
          )}
          {typing && (
            <Input
              label={canPick ? 'Serial number of the other device' : 'Device serial number'}
              hint={SERIAL_FORMAT_HINT + ' It’s on the label under the device.'}
              placeholder="XXXX-XXXX-XXXX"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={typed}
              error={fieldError ?? undefined}
              onChange={(event) => {
                reset();
                setTyped(event.target.value);
              }}
              onBlur={() => {
                if (typedSerial) setTyped(typedSerial);
              }}
            />
          )}
          <div className="plan-buy__preview" aria-live="polite">
            {ownSerial ? (
              // Once the cart refused the plan, its reason at the field says it all.
              !fieldError && (
                <PlanStackingPreview
                  key={`${ownSerial}-${product.sku}`}
                  serial={ownSerial}
                  sku={product.sku}
                  notFoundHint="Pick another device, or choose “Another serial number”."
                />
              )
            ) : (
              <p className="plan-buy__note">
                {STACKING_NOTE}
                {!signedIn && (
                  <>
                    {' '}
                    <Link to={loginUrl('/speedfusioncloud')}>Sign in</Link> to pick one of your devices and see what the plan
                    adds to it.
                  </>
                )}
              </p>
            )}
          </div>
          <div className="plan-buy__actions">
            <Button type="submit" loading={add.isPending}>
              Add to cart
            </Button>
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
          </div>
          {otherError && (
            <p className="plan-buy__note plan-buy__note--error" role="alert">
              {otherError}
            </p>
          )}
          {fieldError && (
            <p className="visually-hidden" role="alert">
              {fieldError}
            </p>
          )}
          {added && (
            <p className="plan-buy__done" role="status">
              Added {product.name} for {added} to your cart. <Link to="/cart">View cart</Link>
            </p>
          )}
        </form>
      )}
    </section>
  );
}

export default PlanBuyPanel;
