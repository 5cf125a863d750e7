import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { useRevokeIntegrationKey } from '../api/revoke-integration-key';
import type { IntegrationKey } from '../api/types';

function failureText(error: unknown): string {
  if (!isApiProblem(error)) return 'The key was not revoked. Reload the page and try again.';
  if (error.status === 404) return 'This key no longer exists. The list has been reloaded: check it and close this dialog.';
  if (error.status === 401) return 'Your session has ended. Sign in again, then revoke the key.';
  if (error.code === 'forbidden') return 'Only admins can revoke integration keys. Ask an admin to revoke it.';
  return `The key was not revoked. ${messageForProblem(error)}`;
}

/** Asks before revoking `target` (null: closed); `onRevoked` once the server has revoked it. */
export function RevokeKeyDialog({
  target,
  onClose,
  onRevoked,
}: {
  target: IntegrationKey | null;
  onClose: () => void;
  onRevoked: (key: IntegrationKey) => void;
}) {
  const revoke = useRevokeIntegrationKey();
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    if (revoke.isPending) return;
    setFailure(null);
    revoke.reset();
    onClose();
  };
  const confirm = () => {
    if (!target) return;
    setFailure(null);
    revoke.mutate(target.id, {
      onSuccess: () => {
        revoke.reset();
        onRevoked(target);
      },
      onError: (error) => setFailure(failureText(error)),
    });
  };
  return (
    <Dialog
      open={target !== null}
      onClose={close}
      title={`Revoke the key “${target?.name ?? ''}”?`}
      description="Systems sending usage with this key are refused (401) from their next request. This cannot be undone: to reconnect them, create a new key. The key stays listed as revoked."
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={revoke.isPending}>
            Keep the key
          </Button>
          <Button variant="danger" onClick={confirm} loading={revoke.isPending}>
            {revoke.isPending ? 'Revoking…' : 'Revoke key'}
          </Button>
        </>
      }
    >
      {target && (
        <p>
          Prefix <code>{target.prefix}…</code>
        </p>
      )}
      <div className={failure ? 'form-alert form-alert--error' : 'form-alert form-alert--empty'} role="alert">
        {failure}
      </div>
    </Dialog>
  );
}
