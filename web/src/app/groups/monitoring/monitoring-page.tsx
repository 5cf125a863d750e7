import { Link } from 'react-router';
import { loginUrl } from '@/lib/auth/return-path';

export function MonitoringPage() {
  return (
    <>
      <title>Connectivity usage — Uplink</title>
      <h1 className="dashboard__title">Connectivity usage</h1>
      <p className="dashboard__lede">Data allowance, usage and run-out dates for your subscriptions, eSIMs and data pools.</p>
      <section className="ui-card ui-card--padded empty-state" aria-labelledby="monitoring-empty">
        <h2 id="monitoring-empty" className="empty-state__title">
          Sign in to see the usage of your plans
        </h2>
        <p className="empty-state__text">Usage is private to your account, so we need to know who you are first.</p>
        <Link to={loginUrl('/monitoring')} className="ui-button ui-button--primary ui-button--md">
          Sign in
        </Link>
      </section>
    </>
  );
}
