import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatBytes } from '@/lib/bytes';
import { formatDate, formatTime } from '@/lib/time-format';
import type { DownloadItem } from '../api/types';
import { useDownloads } from '../api/get-downloads';
import { AccountLayout } from '../components/account-layout';
import { QueryFailed } from '../components/query-failed';
import { groupDownloads, kindLabel } from '../lib/download-sections';

function DownloadRow({ item }: { item: DownloadItem }) {
  const facts = [
    kindLabel(item.kind),
    item.version ? `version ${item.version}` : null,
    item.size_bytes !== null && item.size_bytes !== undefined ? formatBytes(item.size_bytes) : null,
    formatDate(item.issued_at),
  ].filter(Boolean);
  return (
    <li className="acct-download">
      <div className="acct-download__body">
        <p className="acct-download__title">{item.title}</p>
        <p className="acct-download__context">
          {item.order_number ? (
            <>
              {item.context === `Order ${item.order_number}` ? 'Order ' : `${item.context} · order `}
              <Link to={`/order/${item.order_number}`}>{item.order_number}</Link>
            </>
          ) : (
            item.context
          )}
        </p>
        <p className="acct-download__facts">{facts.join(' · ')}</p>
      </div>
      <a
        className="ui-button ui-button--secondary ui-button--sm"
        href={item.url}
        download={item.file_name}
        aria-label={`Download ${item.title}, ${item.context}`}
      >
        Download
      </a>
    </li>
  );
}

/** `/account/download`: invoices, licence certificates, eSIM QR codes and product files, by signed links. */
export function DownloadPage() {
  const downloads = useDownloads();
  return (
    <AccountLayout title="Downloads">
      {downloads.isPending ? (
        <Card>
          <Skeleton height="12rem" />
        </Card>
      ) : downloads.isError ? (
        <QueryFailed error={downloads.error} onRetry={() => void downloads.refetch()} />
      ) : downloads.data.items.length === 0 ? (
        <Card className="acct-card">
          <p>
            Nothing to download yet. Invoices, licence certificates, eSIM QR codes and the files of the products you
            buy appear here.
          </p>
          <Link to="/products">Browse products</Link>
        </Card>
      ) : (
        <>
          <p className="acct-note">
            Download links are made for you and work while you are signed in, until{' '}
            {formatTime(downloads.data.links_expire_at)}. This page renews them before then.
          </p>
          {groupDownloads(downloads.data.items).map((group) => (
            <Card as="section" key={group.section} className="acct-card" aria-labelledby={`downloads-${group.section}`}>
              <h2 className="acct-card__title" id={`downloads-${group.section}`}>
                {group.title}
                {group.items.length > 0 && <span className="muted"> ({group.items.length})</span>}
              </h2>
              {group.items.length === 0 ? (
                <p className="muted">{group.empty}</p>
              ) : (
                <ul className="acct-downloads">
                  {group.items.map((item) => (
                    <DownloadRow key={item.url} item={item} />
                  ))}
                </ul>
              )}
            </Card>
          ))}
        </>
      )}
    </AccountLayout>
  );
}

export default DownloadPage;
