import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiProblem } from '@/lib/api/api-problem';
import { useSerial } from '../api/get-serial';
import { Breadcrumbs } from '../components/breadcrumbs';
import { ProductGrid } from '../components/product-grid';
import { QueryError } from '../components/query-error';
import { normaliseSerial, SERIAL_FORMAT_HINT } from '../lib/serial';
import '../catalog.css';

const INVALID = 'That isn’t a valid serial number. Serial numbers have 12 letters and digits, like 1234-ABCD-5678 — check the label on the device and try again.';

function SerialForm({ initial, invalid }: { initial: string; invalid: boolean }) {
  const [, setParams] = useSearchParams();
  const [value, setValue] = useState(initial);
  const [synced, setSynced] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  if (synced !== initial) {
    setSynced(initial);
    setValue(initial);
    setError(null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const normalised = normaliseSerial(value);
    if (!value.trim()) {
      setError('Enter the serial number printed on the device label.');
      return;
    }
    if (!normalised) {
      setError(INVALID);
      return;
    }
    setError(null);
    setValue(normalised);
    setParams({ serial: normalised });
  }

  return (
    <form className="serial-form" onSubmit={onSubmit} noValidate aria-label="Look up a serial number">
      <Input
        label="Device serial number"
        hint={SERIAL_FORMAT_HINT + ' You’ll find it on the label under the device or in its web admin.'}
        error={error ?? (invalid ? INVALID : undefined)}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder="XXXX-XXXX-XXXX"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        name="serial"
      />
      <Button type="submit">Look up</Button>
    </form>
  );
}

export function SerialPage() {
  const [params] = useSearchParams();
  const raw = params.get('serial') ?? '';
  const normalised = raw ? normaliseSerial(raw) : null;
  const { data, error, refetch, isFetching } = useSerial(normalised);
  const problemCode = isApiProblem(error) ? error.code : null;
  const invalid = Boolean(raw && !normalised) || problemCode === 'invalid_serial';

  return (
    <div className="container page serial-page">
      <title>Look up a serial number — Uplink</title>
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Serial number lookup' }]} />
      <h1 className="page__title">Find what fits your device</h1>
      <p className="page__lead">
        Enter a device’s serial number to see its model and the licences, warranties and plans you can buy for it.
      </p>
      <SerialForm initial={normalised ?? raw} invalid={invalid} />

      <div className="serial-result" aria-live="polite">
        {normalised && !data && isFetching && (
          <div className="serial-card" aria-busy="true">
            <p className="visually-hidden">Looking up {normalised}…</p>
            <Skeleton width="40%" height="1.6rem" />
            <Skeleton width="25%" />
          </div>
        )}
        {problemCode === 'unknown_serial' && (
          <div className="notice notice--warning" role="alert">
            <h2 className="notice__title">We don’t recognise {normalised}</h2>
            <p>
              The serial number is in the right format, but it doesn’t match any device model we sell. Check it for
              look-alike characters (0 and O, 1 and I, 8 and B) and try again, or <Link to="/products">browse all
              products</Link>.
            </p>
          </div>
        )}
        {error && !invalid && problemCode !== 'unknown_serial' && (
          <QueryError error={error} onRetry={() => void refetch()} title="We couldn’t look up this serial number" />
        )}
        {data && (
          <>
            <section className="serial-card" aria-labelledby="serial-model">
              <p className="serial-card__eyebrow">Serial {data.serial}</p>
              <h2 id="serial-model" className="serial-card__model">
                {data.model.name}
              </h2>
              <p className="serial-card__meta">
                Model {data.model.code}{' '}
                {data.prime ? <Badge tone="brand">Prime</Badge> : <Badge tone="neutral">Standard (not prime)</Badge>}
              </p>
              <p className="serial-card__note">
                {data.prime
                  ? 'Prime devices use Prime care plans; ordinary licences and warranties don’t apply to them.'
                  : 'This device uses standard licences and warranties; Prime care plans don’t apply to it.'}
              </p>
              {data.model.hardware_slug && (
                <p>
                  <Link to={`/products/${data.model.hardware_slug}`}>About the {data.model.name}</Link>
                </p>
              )}
            </section>
            <section aria-labelledby="eligible-title" className="serial-eligible">
              <h2 id="eligible-title" className="product__section-title">
                Products for this device ({data.eligible.length})
              </h2>
              {data.eligible.length ? (
                <ProductGrid products={data.eligible} label="Products for this device" compact />
              ) : (
                <p>
                  There are no licences, warranties or plans for this model in this store right now. Try the other store
                  with the switcher at the top, or <Link to="/speedfusioncloud">see SpeedFusion Cloud plans</Link>.
                </p>
              )}
            </section>
            {data.not_eligible.length > 0 && (
              <details className="serial-ineligible">
                <summary>
                  Why some products aren’t listed ({data.not_eligible.length} don’t fit this device)
                </summary>
                <ul>
                  {data.not_eligible.map(({ product, reason }) => (
                    <li key={product.sku}>
                      <Link to={`/products/${product.slug}`}>{product.name}</Link> — {reason}
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </>
        )}
      </div>
    </div>
  );
}

export default SerialPage;
