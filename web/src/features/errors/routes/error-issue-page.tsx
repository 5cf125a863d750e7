import { Link, useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useIssue } from '../api/get-issue';
import type { Breadcrumb, EventDetail, ExceptionInfo } from '../api/types';
import { ErrorNotice } from '../components/error-notice';
import { formatAgo, formatDateTime, formatTime } from '@/lib/time-format';
import '../errors.css';

function Exception({ exception, index }: { exception: ExceptionInfo; index: number }) {
  return (
    <section className="errs-section" aria-labelledby={`exc-${index}`}>
      <h2 id={`exc-${index}`}>
        {index === 0 ? 'Stack trace' : 'Caused by'}: {exception.type ?? 'Error'}
        {exception.handled === false && (
          <>
            {' '}
            <Badge tone="danger">unhandled</Badge>
          </>
        )}
      </h2>
      {exception.value && <p>{exception.value}</p>}
      {exception.mechanism && <p className="errs-issue-culprit">Caught by {exception.mechanism}</p>}
      {exception.frames.length === 0 ? (
        <p className="errs-empty">No stack trace was sent.</p>
      ) : (
        <ol className="errs-frames" aria-label="Frames, most recent call first">
          {exception.frames.map((f, i) => (
            <li key={i} className={f.in_app ? undefined : 'errs-frame--lib'}>
              <strong>{f.function}</strong> in {f.filename}
              {f.lineno != null && `:${f.lineno}`}
              {f.colno != null && `:${f.colno}`}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function describeBreadcrumb(b: Breadcrumb): string {
  if (b.message) return b.message;
  const data = (b.data ?? {}) as Record<string, unknown>;
  if (typeof data.url === 'string') {
    const method = typeof data.method === 'string' ? `${data.method} ` : '';
    const status = typeof data.status_code === 'number' ? ` → ${data.status_code}` : '';
    return `${method}${data.url}${status}`;
  }
  if (typeof data.from === 'string' && typeof data.to === 'string') return `${data.from} → ${data.to}`;
  return '';
}

function Breadcrumbs({ breadcrumbs }: { breadcrumbs: Breadcrumb[] }) {
  return (
    <section className="errs-section" aria-labelledby="crumbs">
      <h2 id="crumbs">Breadcrumbs ({breadcrumbs.length})</h2>
      {breadcrumbs.length === 0 ? (
        <p className="errs-empty">Nothing was recorded before this error.</p>
      ) : (
        <div className="errs-table-wrap">
          <table className="errs-table">
            <caption className="visually-hidden">What happened before the error, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Category</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {breadcrumbs.map((b, i) => (
                <tr key={i}>
                  <td>{b.timestamp ? formatTime(b.timestamp, { seconds: true }) : '—'}</td>
                  <td>{b.category ?? b.type ?? '—'}</td>
                  <td className="errs-issue-culprit">{describeBreadcrumb(b)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Event({ event }: { event: EventDetail }) {
  return (
    <>
      <section className="errs-section" aria-labelledby="tags">
        <h2 id="tags">Tags</h2>
        <ul className="errs-tags">
          {event.tags.map((t) => (
            <li key={t.key}>
              {t.key}: <strong>{t.value}</strong>
            </li>
          ))}
        </ul>
      </section>
      {event.exceptions.map((e, i) => (
        <Exception key={i} exception={e} index={i} />
      ))}
      <Breadcrumbs breadcrumbs={event.breadcrumbs} />
      {event.attachments.length > 0 && (
        <section className="errs-section" aria-labelledby="attachments">
          <h2 id="attachments">Attachments</h2>
          <ul>
            {event.attachments.map((a) => (
              <li key={a.filename}>
                {a.filename} ({a.content_type}, {a.size} bytes)
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

export function ErrorIssuePage() {
  const { id = '' } = useParams();
  const { data, error, isPending, refetch } = useIssue(id);
  return (
    <div className="container errs">
      <p>
        <Link to="/admin/errors">← All error issues</Link>
      </p>
      {isPending ? (
        <div aria-busy="true" aria-label="Loading">
          <Skeleton height="2.5rem" width="60%" />
          <Skeleton height="10rem" />
        </div>
      ) : error ? (
        <>
          <h1 className="errs__title">Error issue</h1>
          <ErrorNotice error={error} onRetry={() => void refetch()} title="We couldn’t load this issue" />
        </>
      ) : (
        <div className="errs-detail">
          <div>
            <h1 className="errs__title">{data.issue.title}</h1>
            {data.issue.culprit && <p className="errs-issue-culprit">{data.issue.culprit}</p>}
          </div>
          <dl className="errs-facts">
            <div>
              <dt>Events</dt>
              <dd>{data.issue.count}</dd>
            </div>
            <div>
              <dt>Users</dt>
              <dd>{data.issue.users}</dd>
            </div>
            <div>
              <dt>First seen</dt>
              <dd>{formatDateTime(data.issue.first_seen)}</dd>
            </div>
            <div>
              <dt>Last seen</dt>
              <dd>
                <time dateTime={data.issue.last_seen}>{formatAgo(data.issue.last_seen)}</time>
              </dd>
            </div>
            <div>
              <dt>Release</dt>
              <dd>{data.issue.last_release ?? '—'}</dd>
            </div>
            {data.latest_event && (
              <>
                <div>
                  <dt>Browser</dt>
                  <dd>{data.latest_event.browser ?? '—'}</dd>
                </div>
                <div>
                  <dt>URL</dt>
                  <dd>{data.latest_event.url ?? '—'}</dd>
                </div>
                <div>
                  <dt>Trace</dt>
                  <dd className="errs-issue-culprit">{data.latest_event.trace_id ?? '—'}</dd>
                </div>
              </>
            )}
          </dl>
          {data.latest_event ? (
            <Event event={data.latest_event} />
          ) : (
            <p className="errs-empty">The events of this issue are older than the retention period.</p>
          )}
        </div>
      )}
    </div>
  );
}

export default ErrorIssuePage;
