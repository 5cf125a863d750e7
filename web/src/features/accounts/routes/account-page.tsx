import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useBookmarks } from '@/lib/bookmarks/bookmarks';
import { useAddresses } from '@/lib/resources/addresses/get-addresses';
import { useDevices } from '@/lib/resources/devices/get-devices';
import type { Device } from '@/lib/resources/devices/types';
import { useMe } from '@/lib/resources/me/get-me';
import { formatDay } from '@/lib/time-format';
import { AccountLayout } from '../components/account-layout';
import { CreditOverview } from '../components/credit-overview';
import { OpenQuotations } from '../components/open-quotations';
import { QueryFailed } from '../components/query-failed';

const STORE_NAMES: Record<string, string> = { us: 'US store', global: 'Global store' };

/** Where one device's coverage stands, in a few words. */
function coverage(device: Device): string {
  const on = formatDay(device.warranty_ends_at);
  return device.warranty_state === 'grace' ? `ended ${on} — renew now, no gap` : `ends ${on}`;
}

/** Devices whose coverage ends within 60 days (or just ended, in the grace period), with links to renew. */
function ExpiringDevices() {
  const devices = useDevices({ expiring: true });
  const items = devices.data?.items ?? [];
  return (
    <Card as="section" className="acct-card" aria-labelledby="expiring-heading">
      <h2 id="expiring-heading" className="acct-card__title">
        Devices expiring in 60 days
      </h2>
      {devices.isPending ? (
        <p>Loading…</p>
      ) : devices.isError ? (
        <p>Your devices didn’t load. Reload the page to try again.</p>
      ) : items.length === 0 ? (
        <p>
          {devices.data.total === 0
            ? 'No devices on your account yet. Add them to keep an eye on their warranty.'
            : 'Nothing needs renewing in the next 60 days.'}
        </p>
      ) : (
        <ul className="acct-expiring">
          {items.slice(0, 5).map((device) => (
            <li key={device.serial}>
              <span className="acct-expiring__device">
                <Link to={`/account/device-management?serial=${encodeURIComponent(device.serial)}`}>
                  {device.name.trim() || device.model.name}
                </Link>
                <span className="acct-expiring__meta">
                  {device.serial} · {coverage(device)}
                </span>
              </span>
              <Link
                className="ui-button ui-button--secondary ui-button--sm acct-expiring__renew"
                to={`/products?${new URLSearchParams({ serial: device.serial, for: 'warranty' }).toString()}`}
              >
                Renew<span className="visually-hidden"> {device.serial}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {items.length > 5 && <p>{items.length - 5} more need renewing.</p>}
      <Link to={items.length > 0 ? '/account/device-management?expiring=true' : '/account/device-management'}>
        {items.length > 0 ? 'See all expiring devices' : 'Manage devices'}
      </Link>
    </Card>
  );
}

/**
 * `/account`: the dashboard. `first` holds other features' cards that lead it
 * (recent orders, SPEC §8) and `extra` those after the account's own; both
 * are composed in the app.
 */
export function AccountPage({ first, extra }: { first?: ReactNode; extra?: ReactNode } = {}) {
  const me = useMe();
  const addresses = useAddresses();
  const bookmarks = useBookmarks();

  return (
    <AccountLayout title="Your account">
      {me.isPending ? (
        <Card>
          <Skeleton height="8rem" />
        </Card>
      ) : me.isError ? (
        <QueryFailed error={me.error} onRetry={() => void me.refetch()} />
      ) : (
        <div className="acct-grid">
          {first}
          <Card as="section" className="acct-card" aria-labelledby="profile-heading">
            <h2 id="profile-heading" className="acct-card__title">
              Profile
            </h2>
            <dl className="acct-facts">
              <dt>Name</dt>
              <dd>{me.data.name}</dd>
              <dt>E-mail</dt>
              <dd className="acct-facts__wrap">{me.data.email}</dd>
              {me.data.company && (
                <>
                  <dt>Company</dt>
                  <dd>{me.data.company}</dd>
                </>
              )}
              <dt>Store</dt>
              <dd>
                {STORE_NAMES[me.data.home_store] ?? me.data.home_store} ({me.data.country})
              </dd>
            </dl>
            {me.data.roles.some((role) => role !== 'customer') && (
              <p className="acct-roles">
                {me.data.roles
                  .filter((role) => role !== 'customer')
                  .map((role) => (
                    <Badge key={role} tone="brand">
                      {role}
                    </Badge>
                  ))}
              </p>
            )}
            <Link to="/account/settings">Edit profile and settings</Link>
          </Card>
          <ExpiringDevices />
          <OpenQuotations />
          <Card as="section" className="acct-card" aria-labelledby="addresses-heading">
            <h2 id="addresses-heading" className="acct-card__title">
              Address book
            </h2>
            <p>
              {addresses.data
                ? addresses.data.items.length === 0
                  ? 'No addresses yet. Add one to check out faster.'
                  : `${addresses.data.items.length} of ${addresses.data.limit} addresses saved.`
                : addresses.isError
                  ? 'Your addresses didn’t load.'
                  : 'Loading…'}
            </p>
            <Link to="/account/address-book">Manage addresses</Link>
          </Card>
          <Card as="section" className="acct-card" aria-labelledby="bookmarks-heading">
            <h2 id="bookmarks-heading" className="acct-card__title">
              Bookmarks
            </h2>
            <p>
              {bookmarks.data
                ? bookmarks.data.items.length === 0
                  ? 'Nothing bookmarked yet. Use the heart on a product to keep it here.'
                  : `${bookmarks.data.items.length} bookmarked ${bookmarks.data.items.length === 1 ? 'product' : 'products'}.`
                : bookmarks.isError
                  ? 'Your bookmarks didn’t load.'
                  : 'Loading…'}
            </p>
            <Link to="/account/bookmark">See bookmarks</Link>
          </Card>
          <CreditOverview />
          {extra}
        </div>
      )}
    </AccountLayout>
  );
}

export default AccountPage;
