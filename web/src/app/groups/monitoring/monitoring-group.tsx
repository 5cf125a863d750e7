import { Link, Route } from 'react-router';
import { AppRoutes } from '@/lib/sentry-routes';
import { Logo } from '@/components/ui/logo';
import { SkipLink } from '@/components/ui/skip-link';
import { MonitoringPage } from '@/features/monitoring/routes/monitoring-page';
import { NotFoundContent } from '../../not-found-content';
import './monitoring.css';

/** MONITORING screen group: the usage dashboard (SPEC §13). */
export default function MonitoringGroup() {
  return (
    <div className="dashboard">
      <SkipLink />
      <header className="dashboard__bar">
        <Logo />
        <nav aria-label="Monitoring" className="dashboard__nav">
          <Link to="/monitoring" aria-current="page">
            Usage
          </Link>
          <Link to="/">Back to the store</Link>
        </nav>
      </header>
      <main id="main" className="dashboard__content" tabIndex={-1}>
        <AppRoutes>
          <Route path="monitoring" element={<MonitoringPage />} />
          <Route path="*" element={<NotFoundContent homeHref="/monitoring" homeLabel="Back to usage" />} />
        </AppRoutes>
      </main>
    </div>
  );
}
