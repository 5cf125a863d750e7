import { useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiProblem } from '@/lib/api/api-problem';
import { useCurrentUser } from '@/lib/auth/session';
import { useDevice } from '@/lib/resources/devices/get-device';
import { useSerial } from '../api/get-serial';
import { Breadcrumbs } from '../components/breadcrumbs';
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

/** Where a looked-up serial leads (SPEC §8): the owner's device page, else the renewal products for it. */
function useDestination(serial: string | null, known: boolean): string | null {
  const { user, isPending: sessionPending } = useCurrentUser();
  const signedIn = Boolean(user);
  // Guests make no device call; for a signed-in customer a 404 means "not one of yours".
  const own = useDevice(signedIn && known ? serial : null);
  if (!serial || !known || sessionPending) return null;
  if (signedIn) {
    if (own.data) return `/account/device-management?${new URLSearchParams({ serial: own.data.serial }).toString()}`;
    if (!own.isError) return null;
  }
  return `/products?${new URLSearchParams({ serial, for: 'warranty' }).toString()}`;
}

export function SerialPage() {
  const [params] = useSearchParams();
  const raw = params.get('serial') ?? '';
  const normalised = raw ? normaliseSerial(raw) : null;
  const { data, error, refetch, isFetching } = useSerial(normalised);
  const problemCode = isApiProblem(error) ? error.code : null;
  const invalid = Boolean(raw && !normalised) || problemCode === 'invalid_serial';
  const destination = useDestination(data?.serial ?? null, Boolean(data));

  if (destination) return <Navigate to={destination} replace />;

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
        {normalised && (data || (!error && isFetching)) && (
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
      </div>
    </div>
  );
}

export default SerialPage;
