import { useRef, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { useIntegrationKeys } from '../api/get-integration-keys';
import type { CreatedIntegrationKey, IntegrationKey } from '../api/types';
import { CreateKeyForm } from '../components/create-key-form';
import { CreatedSecret } from '../components/created-secret';
import { KeysNotice } from '../components/keys-notice';
import { KeysTable } from '../components/keys-table';
import { RevokeKeyDialog } from '../components/revoke-key-dialog';
import '../integration-keys.css';

/**
 * `/admin/integration-keys` (admin): the keys systems use to post usage records (SPEC §13).
 * Create one (its secret is shown once), see when each was last used, revoke the ones no longer needed.
 */
export default function IntegrationKeysPage() {
  const keys = useIntegrationKeys();
  const [created, setCreated] = useState<CreatedIntegrationKey | null>(null);
  const [revoking, setRevoking] = useState<IntegrationKey | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const listHeading = useRef<HTMLHeadingElement>(null);

  return (
    <div className="container ikeys">
      <h1>Integration keys</h1>
      <p className="ikeys__lead">
        Systems such as InControl send connectivity usage to the store with an integration key. Give each system its
        own key, so you can revoke one without stopping the others.
      </p>
      {/* What just happened (a key created or revoked), shown and announced; always in the page so it is heard. */}
      <p className="ikeys-status" role="status" aria-live="polite">
        {announcement}
      </p>
      {keys.isPending ? (
        <div aria-busy="true">
          <span className="visually-hidden">Loading integration keys…</span>
          <Skeleton height="6rem" />
          <Skeleton height="10rem" />
        </div>
      ) : keys.isError ? (
        <KeysNotice error={keys.error} onRetry={() => void keys.refetch()} />
      ) : (
        <>
          <section className="ikeys-section">
            <CreateKeyForm
              onCreated={(next) => {
                setCreated(next);
                setAnnouncement(`Key “${next.key.name}” created. Copy it now: it will not be shown again.`);
              }}
            />
            {created && (
              <CreatedSecret
                key={created.key.id}
                created={created}
                onDone={() => {
                  setCreated(null);
                  setAnnouncement('');
                  listHeading.current?.focus();
                }}
              />
            )}
          </section>
          <section className="ikeys-section" aria-labelledby="ikeys-list-heading">
            <h2 id="ikeys-list-heading" ref={listHeading} tabIndex={-1}>
              Keys
            </h2>
            <KeysTable
              keys={keys.data.keys}
              busy={keys.isFetching}
              onRevoke={(key) => {
                setAnnouncement('');
                setRevoking(key);
              }}
            />
          </section>
          <RevokeKeyDialog
            target={revoking}
            onClose={() => setRevoking(null)}
            onRevoked={(key) => {
              setRevoking(null);
              setAnnouncement(`Key “${key.name}” revoked. Systems using it are refused from now on.`);
              listHeading.current?.focus();
            }}
          />
        </>
      )}
    </div>
  );
}
