import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { SCROLL_TO_TOP } from '@/lib/scroll-to-top';
import { ISSUES_PAGE_SIZE, useIssues } from '../api/get-issues';
import { useReleases } from '../api/get-releases';
import { useRoutes } from '../api/get-routes';
import { ErrorNotice } from '../components/error-notice';
import { formatAgo, formatDateTime } from '@/lib/time-format';
import { formatDuration, formatRate } from '../components/format';
import '../errors.css';

const TABS = ['issues', 'releases', 'routes'] as const;
type Tab = (typeof TABS)[number];

function levelTone(level: string) {
  if (level === 'fatal' || level === 'error') return 'danger' as const;
  if (level === 'warning') return 'warning' as const;
  return 'neutral' as const;
}

function LoadingRows() {
  return (
    <div aria-busy="true" aria-label="Loading">
      <Skeleton height="2.5rem" />
      <Skeleton height="2.5rem" />
      <Skeleton height="2.5rem" />
    </div>
  );
}

function IssuesTab() {
  const [params, setParams] = useSearchParams();
  const offset = Math.max(0, Number(params.get('offset') ?? 0) || 0);
  const { data, error, isPending, refetch } = useIssues(offset);
  if (isPending) return <LoadingRows />;
  if (error) return <ErrorNotice error={error} onRetry={() => void refetch()} title="We couldn’t load the error issues" />;
  const goTo = (next: number) => {
    const p = new URLSearchParams(params);
    if (next > 0) p.set('offset', String(next));
    else p.delete('offset');
    setParams(p, { state: SCROLL_TO_TOP });
  };
  return (
    <>
      <p className="errs__lead">
        Reports arrive at <code>{data.dsn}</code> and are kept {data.retention_days} days. {data.total}{' '}
        {data.total === 1 ? 'issue' : 'issues'}, most recently seen first.
      </p>
      {data.items.length === 0 ? (
        <p className="errs-empty">No errors reported yet. Browser errors appear here within seconds.</p>
      ) : (
        <div className="errs-table-wrap">
          <table className="errs-table">
            <caption className="visually-hidden">Error issues</caption>
            <thead>
              <tr>
                <th scope="col">Issue</th>
                <th scope="col" className="errs-num">
                  Events
                </th>
                <th scope="col" className="errs-num">
                  Users
                </th>
                <th scope="col">Last seen</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((issue) => (
                <tr key={issue.id}>
                  <td>
                    <Badge tone={levelTone(issue.level)}>{issue.level}</Badge>{' '}
                    <Link className="errs-issue-title" to={`/admin/errors/${issue.id}`}>
                      {issue.title}
                    </Link>
                    {issue.culprit && <div className="errs-issue-culprit">{issue.culprit}</div>}
                    {issue.last_release && <div className="errs-issue-culprit">{issue.last_release}</div>}
                  </td>
                  <td className="errs-num">{issue.count}</td>
                  <td className="errs-num">{issue.users}</td>
                  <td>
                    <time dateTime={issue.last_seen} title={formatDateTime(issue.last_seen)}>
                      {formatAgo(issue.last_seen)}
                    </time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(offset > 0 || offset + ISSUES_PAGE_SIZE < data.total) && (
        <nav className="errs-pager" aria-label="Issue pages">
          <Button variant="secondary" size="sm" disabled={offset === 0} onClick={() => goTo(offset - ISSUES_PAGE_SIZE)}>
            Newer
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={offset + ISSUES_PAGE_SIZE >= data.total}
            onClick={() => goTo(offset + ISSUES_PAGE_SIZE)}
          >
            Older
          </Button>
        </nav>
      )}
    </>
  );
}

function ReleasesTab() {
  const { data, error, isPending, refetch } = useReleases();
  if (isPending) return <LoadingRows />;
  if (error) return <ErrorNotice error={error} onRetry={() => void refetch()} title="We couldn’t load the releases" />;
  if (data.items.length === 0)
    return <p className="errs-empty">No sessions yet. Each browser visit counts as a session of its release.</p>;
  return (
    <div className="errs-table-wrap">
      <table className="errs-table">
        <caption className="visually-hidden">Releases and crash-free sessions</caption>
        <thead>
          <tr>
            <th scope="col">Release</th>
            <th scope="col">Environment</th>
            <th scope="col" className="errs-num">
              Sessions
            </th>
            <th scope="col" className="errs-num">
              With errors
            </th>
            <th scope="col" className="errs-num">
              Crashed
            </th>
            <th scope="col" className="errs-num">
              Crash-free
            </th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((r) => (
            <tr key={`${r.release}/${r.environment}`}>
              <td>{r.release}</td>
              <td>{r.environment || '—'}</td>
              <td className="errs-num">{r.sessions}</td>
              <td className="errs-num">{r.errored}</td>
              <td className="errs-num">{r.crashed}</td>
              <td className={`errs-num${r.crash_free_rate < 0.99 ? ' errs-rate--bad' : ''}`}>
                {formatRate(r.crash_free_rate)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RoutesTab() {
  const [days, setDays] = useState(7);
  const { data, error, isPending, refetch } = useRoutes(days);
  return (
    <>
      <div className="errs__toolbar">
        <Select
          label="Period"
          value={String(days)}
          onChange={(e) => setDays(Number(e.target.value))}
          options={[
            { value: '1', label: 'Last 24 hours' },
            { value: '7', label: 'Last 7 days' },
            { value: '30', label: 'Last 30 days' },
          ]}
        />
      </div>
      {isPending ? (
        <LoadingRows />
      ) : error ? (
        <ErrorNotice error={error} onRetry={() => void refetch()} title="We couldn’t load the route timings" />
      ) : data.items.length === 0 ? (
        <p className="errs-empty">No page loads or navigations were sampled in this period (20% are sampled).</p>
      ) : (
        <div className="errs-table-wrap">
          <table className="errs-table">
            <caption className="visually-hidden">Slowest routes</caption>
            <thead>
              <tr>
                <th scope="col">Route</th>
                <th scope="col">Kind</th>
                <th scope="col" className="errs-num">
                  Count
                </th>
                <th scope="col" className="errs-num">
                  p50
                </th>
                <th scope="col" className="errs-num">
                  p95
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((r) => (
                <tr key={r.name}>
                  <td className="errs-issue-culprit">{r.name}</td>
                  <td>{r.op ?? '—'}</td>
                  <td className="errs-num">{r.count}</td>
                  <td className="errs-num">{formatDuration(r.p50_ms)}</td>
                  <td className="errs-num">{formatDuration(r.p95_ms)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** Throws an uncaught error, so staff can check that reports arrive (it appears as an issue). */
function sendTestError() {
  setTimeout(() => {
    throw new Error('Uplink test error: error reporting works');
  });
}

export function ErrorsPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t === params.get('tab')) ?? 'issues';
  const [sent, setSent] = useState(false);
  return (
    <div className="container errs">
      <h1 className="errs__title">Error reports</h1>
      <div className="errs__toolbar">
        <p className="errs__lead" style={{ margin: 0 }}>
          Browser errors, release health and slow pages, from the store’s own error intake.
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            sendTestError();
            setSent(true);
          }}
        >
          Send a test error
        </Button>
        <span role="status">{sent ? 'Test error sent — reload the list in a moment.' : ''}</span>
      </div>
      <Tabs
        label="Error report views"
        value={tab}
        onValueChange={(value) => {
          const p = new URLSearchParams();
          if (value !== 'issues') p.set('tab', value);
          setParams(p);
        }}
        items={[
          { value: 'issues', label: 'Issues', content: tab === 'issues' ? <IssuesTab /> : null },
          { value: 'releases', label: 'Releases', content: tab === 'releases' ? <ReleasesTab /> : null },
          { value: 'routes', label: 'Slowest routes', content: tab === 'routes' ? <RoutesTab /> : null },
        ]}
      />
    </div>
  );
}

export default ErrorsPage;
