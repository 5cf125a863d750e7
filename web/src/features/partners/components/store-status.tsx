import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { useUpdateMiniStore } from '../api/update-mini-store';
import type { MiniStoreDetail } from '../api/types';

/** Open or paused, and the switch between them, confirmed first (a paused store's link shows a "closed" page). */
export function StoreStatus({ store, onChanged }: { store: MiniStoreDetail; onChanged: (message: string) => void }) {
  const update = useUpdateMiniStore(store.key);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = store.branding.display_name;
  const close = () => {
    if (update.isPending) return;
    setAsking(false);
    setFailure(null);
  };
  const confirm = () => {
    setFailure(null);
    update.mutate(
      { active: !store.active },
      {
        onSuccess: (next) => {
          setAsking(false);
          onChanged(next.active ? `${name} is open again: its link shows the store.` : `${name} is paused: its link shows a “closed for now” page.`);
        },
        onError: (error) =>
          setFailure(isApiProblem(error) ? (error.detail ?? messageForProblem(error)) : 'Nothing changed. Check your connection and try again.'),
      },
    );
  };
  return (
    <div className="store-status">
      <p className="store-status__now">
        <Badge tone={store.active ? 'success' : 'warning'}>{store.active ? 'Open' : 'Paused'}</Badge>{' '}
        {store.active ? 'Shoppers with the link can buy.' : 'Shoppers with the link see a “closed for now” page.'}
      </p>
      <Button variant={store.active ? 'danger' : 'primary'} size="sm" onClick={() => setAsking(true)}>
        {store.active ? 'Pause the store' : 'Open the store'}
      </Button>
      <Dialog
        open={asking}
        onClose={close}
        title={store.active ? `Pause ${name}?` : `Open ${name} again?`}
        description={
          store.active
            ? 'Shoppers who open its link see a “closed for now” page until you open it again. Orders already placed are not affected.'
            : 'Shoppers who open its link can buy again at once, at the prices you set.'
        }
        actions={
          <>
            <Button variant="secondary" onClick={close} disabled={update.isPending}>
              {store.active ? 'Keep it open' : 'Keep it paused'}
            </Button>
            <Button variant={store.active ? 'danger' : 'primary'} onClick={confirm} loading={update.isPending}>
              {update.isPending ? 'Saving…' : store.active ? 'Pause the store' : 'Open the store'}
            </Button>
          </>
        }
      >
        <div className={failure ? 'form-alert form-alert--error' : 'form-alert form-alert--empty'} role="alert">
          {failure}
        </div>
      </Dialog>
    </div>
  );
}
