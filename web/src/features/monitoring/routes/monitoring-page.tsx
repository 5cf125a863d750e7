import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiProblem } from '@/lib/api/api-problem';
import { useCurrentUser } from '@/lib/auth/session';
import { formatLongDay } from '@/lib/time-format';
import { useUsage } from '../api/get-usage';
import { GuestPrompt } from '../components/guest-prompt';
import { NothingToMonitor } from '../components/nothing-to-monitor';
import { UsageCard } from '../components/usage-card';
import { problemText } from '../lib/problem-text';
import '../monitoring.css';

function LoadingCards() {
  return (
    <div className="usage-list" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading your usage…
      </p>
      {[0, 1].map((index) => (
        <div key={index} className="ui-card ui-card--padded usage-card usage-card--skeleton" aria-hidden="true">
          <Skeleton width="45%" height="1.5rem" />
          <Skeleton width="30%" />
          <Skeleton height="0.75rem" />
          <Skeleton height="200px" />
        </div>
      ))}
    </div>
  );
}

function Usage() {
  const usage = useUsage();
  if (usage.isPending) return <LoadingCards />;
  if (usage.isError) {
    if (isApiProblem(usage.error) && usage.error.status === 401) return <GuestPrompt expired />;
    return (
      <div className="form-alert form-alert--error usage-error" role="alert">
        <p>Your usage didn’t load. {problemText(usage.error, 'Check your connection and try again.')}</p>
        <Button variant="secondary" size="sm" loading={usage.isFetching} onClick={() => void usage.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { items, today } = usage.data;
  if (items.length === 0) return <NothingToMonitor />;
  return (
    <>
      <p className="usage-count">
        {items.length === 1 ? '1 item' : `${items.length} items`} · figures as of {formatLongDay(today)} (UTC)
      </p>
      <ul className="usage-list">
        {items.map((item) => (
          <li key={`${item.kind}:${item.id}`}>
            <UsageCard item={item} today={today} />
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * `/monitoring` (SPEC §13): for every subscription, eSIM and data pool with recorded usage, the
 * allowance, use, run-out projection, daily chart, low-data alert and top-up. Guests are asked to
 * sign in and come back; customers with nothing to monitor are told what to buy.
 */
export function MonitoringPage() {
  const { user, isPending } = useCurrentUser();
  return (
    <>
      <title>Connectivity usage — Uplink</title>
      <h1 className="dashboard__title">Connectivity usage</h1>
      <p className="dashboard__lede">Data allowance, usage and run-out dates for your subscriptions, eSIMs and data pools.</p>
      {isPending ? <LoadingCards /> : user ? <Usage /> : <GuestPrompt />}
    </>
  );
}

export default MonitoringPage;
