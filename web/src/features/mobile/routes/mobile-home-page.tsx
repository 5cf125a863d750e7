import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { isApiProblem } from '@/lib/api/api-problem';
import { formatMegabytes } from '@/lib/bytes';
import type { Device } from '@/lib/resources/devices/types';
import { formatDay } from '@/lib/time-format';
import { useQueryClient } from '@tanstack/react-query';
import { useAllDevices } from '../api/account';
import { addToMobileCart, mobileKeys } from '../api/cart-keys';
import { type Esim, useMyEsims } from '../api/esims';
import { topUpLine, type UsageItem, type UsageTopUp, useMyUsage } from '../api/usage';
import { LoadProblem, MobilePage } from '../components/page';
import { daysUntil, relativeDays, runningOut } from '../lib/plans';

function RunningOutCard({ item, topUp, today }: { item: UsageItem; topUp: UsageTopUp; today: Date }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onTopUp = () => {
    setError(null);
    setBusy(true);
    addToMobileCart('mobile-plans', topUpLine(topUp)).then(
      (cart) => {
        client.setQueryData(mobileKeys.cart('mobile-plans'), cart);
        setAdded(true);
        setBusy(false);
      },
      (e: unknown) => {
        // The server's sentence says what went wrong (not sold here, not eligible…).
        setError(`${isApiProblem(e) && e.detail ? e.detail : 'The top-up could not be added.'} Try again, or choose a plan on the Plans page.`);
        setBusy(false);
      },
    );
  };
  const days = daysUntil(item.run_out_on ?? '', today);
  const what = item.kind === 'esim' ? `eSIM ${item.iccid ?? item.id}` : (item.device_name ?? item.serial ?? item.name);
  return (
    <li className="m-card m-card--warning">
      <h3 className="m-card__title">{item.name}</h3>
      <p className="m-muted">{what}</p>
      <p>
        <strong>Runs out {relativeDays(days)}</strong> ({formatDay(item.run_out_on)})
        {item.remaining_mb != null && <> · {formatMegabytes(item.remaining_mb)} left</>}
      </p>
      {added ? (
        <p role="status" className="m-alert m-alert--success">
          {topUp.name} is in your plans cart. <Link to="/mobile/product-plans/cart">Go to the cart</Link>
        </p>
      ) : (
        <Button
          size="lg"
          fullWidth
          loading={busy}
          onClick={onTopUp}
        >
          Top up: {topUp.name}
        </Button>
      )}
      {error && (
        <p role="alert" className="m-alert m-alert--error">
          {error}
        </p>
      )}
    </li>
  );
}

function DeviceCard({ device, usage }: { device: Device; usage: UsageItem[] }) {
  const plans = device.subscriptions.filter((s) => s.active);
  return (
    <li className="m-card">
      <h3 className="m-card__title">{device.name || device.model.name}</h3>
      <p className="m-muted">
        {device.model.name} · {device.serial}
      </p>
      {plans.length === 0 ? (
        <p>No active plan.</p>
      ) : (
        <ul className="m-facts">
          {plans.map((s) => {
            const u = usage.find((i) => i.kind === 'subscription' && i.serial === device.serial && i.sku === s.sku);
            const left = u ? u.remaining_mb : s.remaining_mb;
            return (
              <li key={`${s.family}-${s.sku}`}>
                <strong>{s.name}</strong>: {left == null ? 'unlimited data' : `${formatMegabytes(left)} left`}, until {formatDay(s.expires_at)}
              </li>
            );
          })}
        </ul>
      )}
      <p>
        Warranty {device.warranty_state === 'expired' || device.warranty_state === 'grace' ? 'ended' : 'until'} {formatDay(device.warranty_ends_at)}
        {device.warranty_state === 'expiring' && <span className="m-badge m-badge--warning">Ends soon</span>}
        {device.warranty_state === 'grace' && <span className="m-badge m-badge--warning">Renew without a gap</span>}
      </p>
      <div className="m-card__actions">
        <Link className="m-chip" to={`/mobile/product-plans?serial=${encodeURIComponent(device.serial)}`}>
          Plans<span className="visually-hidden"> for {device.name || device.serial}</span>
        </Link>
        <Link className="m-chip" to={`/mobile/warranties?serial=${encodeURIComponent(device.serial)}`}>
          Warranty<span className="visually-hidden"> of {device.name || device.serial}</span>
        </Link>
      </div>
    </li>
  );
}

function EsimCard({ esim }: { esim: Esim }) {
  return (
    <li className="m-card">
      <h3 className="m-card__title">{esim.name}</h3>
      <p className="m-muted">eSIM · ICCID {esim.iccid}</p>
      <p>
        {formatMegabytes(esim.remaining_mb)} left of {formatMegabytes(esim.data_mb)}
        {esim.expires_at ? `, until ${formatDay(esim.expires_at)}` : ''}
      </p>
      <div className="m-card__actions">
        <Link className="m-chip" to={`/mobile/product-plans?iccid=${encodeURIComponent(esim.iccid)}`}>
          Add data<span className="visually-hidden"> to {esim.name}</span>
        </Link>
      </div>
    </li>
  );
}

/** `/mobile`: the app user's devices and plans at a glance, top-ups for what runs out soon first. */
export default function MobileHomePage() {
  const devices = useAllDevices();
  const usage = useMyUsage();
  const esims = useMyEsims();
  const [now] = useState(() => new Date());
  // The monitor's own today (UTC), so "runs out in N days" agrees with /monitoring.
  const today = usage.data?.today ? new Date(`${usage.data.today}T00:00:00Z`) : now;
  const items = usage.data?.items ?? [];
  const soon = runningOut(items, today);

  return (
    <MobilePage title="Your devices and plans">
      {soon.length > 0 && (
        <section aria-labelledby="m-soon" className="m-section">
          <h2 id="m-soon">Running out soon</h2>
          <ul className="m-list">
            {soon.map((item) => (
              <RunningOutCard key={item.id} item={item} topUp={item.top_up!} today={today} />
            ))}
          </ul>
        </section>
      )}
      <nav aria-label="Shop" className="m-tiles">
        <Link className="m-tile" to="/mobile/product-plans">
          <strong>Plans</strong>
          <span>Data and VPN plans for your devices and eSIMs</span>
        </Link>
        <Link className="m-tile" to="/mobile/warranties">
          <strong>Warranties</strong>
          <span>Extend your devices’ coverage</span>
        </Link>
        <Link className="m-tile" to="/mobile/referral-rewards">
          <strong>Rewards</strong>
          <span>Invite friends, use your rewards</span>
        </Link>
      </nav>
      <section aria-labelledby="m-devices" className="m-section">
        <h2 id="m-devices">Devices</h2>
        {devices.isPending ? (
          <div className="m-placeholder" aria-hidden="true" />
        ) : devices.isError ? (
          <LoadProblem what="Your devices" onRetry={() => void devices.refetch()} />
        ) : devices.data.items.length === 0 ? (
          <p>No devices on your account yet. Devices you buy or register appear here.</p>
        ) : (
          <ul className="m-list">
            {devices.data.items.map((d) => (
              <DeviceCard key={d.serial} device={d} usage={items} />
            ))}
          </ul>
        )}
        {usage.isError && <LoadProblem what="Data usage" onRetry={() => void usage.refetch()} />}
      </section>
      {esims.data && esims.data.items.length > 0 && (
        <section aria-labelledby="m-esims" className="m-section">
          <h2 id="m-esims">eSIMs</h2>
          <ul className="m-list">
            {esims.data.items.map((e) => (
              <EsimCard key={e.iccid} esim={e} />
            ))}
          </ul>
        </section>
      )}
      {esims.isError && <LoadProblem what="Your eSIMs" onRetry={() => void esims.refetch()} />}
    </MobilePage>
  );
}
