import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { IntegrationKey } from '../api/types';
import { formatAgo, formatDateTime } from '@/lib/time-format';

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatDateTime(iso)}
    </time>
  );
}

/** Active keys first, then the newest. */
function ordered(keys: IntegrationKey[]): IntegrationKey[] {
  return [...keys].sort((a, b) => {
    const revoked = Number(Boolean(a.revoked_at)) - Number(Boolean(b.revoked_at));
    return revoked !== 0 ? revoked : b.created_at.localeCompare(a.created_at);
  });
}

/** Every key with its prefix, creator, last use and state; active ones can be revoked. */
export function KeysTable({
  keys,
  busy,
  onRevoke,
}: {
  keys: IntegrationKey[];
  busy: boolean;
  onRevoke: (key: IntegrationKey) => void;
}) {
  if (keys.length === 0)
    return (
      <p className="ikeys-empty">
        No integration keys yet. Create one above for each system that sends usage records, so each can be revoked on
        its own.
      </p>
    );
  return (
    <div className="ikeys-table-wrap">
      <table className="ikeys-table" aria-busy={busy || undefined}>
        <caption className="visually-hidden">Integration keys, active keys first</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Prefix</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {ordered(keys).map((key) => (
            <tr key={key.id} className={key.revoked_at ? 'ikeys-row--revoked' : undefined}>
              <th scope="row" className="ikeys-name">
                {key.name}
              </th>
              <td data-label="Prefix">
                <code className="ikeys-prefix">{key.prefix}…</code>
              </td>
              <td data-label="Created">
                <div>
                  <When iso={key.created_at} />
                  <div className="ikeys-sub">by {key.created_by}</div>
                </div>
              </td>
              <td data-label="Last used">
                {key.last_used_at ? (
                  <time dateTime={key.last_used_at} title={formatDateTime(key.last_used_at)}>
                    {formatAgo(key.last_used_at)}
                  </time>
                ) : (
                  <span className="ikeys-sub">Never</span>
                )}
              </td>
              <td data-label="Status">
                {key.revoked_at ? (
                  <div>
                    <Badge tone="danger">Revoked</Badge>
                    <div className="ikeys-sub">
                      <When iso={key.revoked_at} />
                    </div>
                  </div>
                ) : (
                  <div>
                    <Badge tone="success">Active</Badge>
                  </div>
                )}
              </td>
              <td className="ikeys-actions">
                {!key.revoked_at && (
                  <Button variant="danger" size="sm" onClick={() => onRevoke(key)}>
                    Revoke<span className="visually-hidden"> key “{key.name}”</span>
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
