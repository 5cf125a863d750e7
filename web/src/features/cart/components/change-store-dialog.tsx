import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { writeStoreCookie, type StoreCode } from '@/lib/store-cookie';
import { moveCartToStore, type MustChangeStore, type NotReAdded } from '../lib/switch-store';

const STORE_NAMES: Record<string, string> = { us: 'US store', global: 'Global store' };

export function storeName(code: string): string {
  return STORE_NAMES[code] ?? `${code} store`;
}

/**
 * must_change_store: the account belongs to the other region's store. With a
 * non-empty cart this is PROMPT_CLEAR_CART: switching empties this cart, and
 * what the other store sells is added there again.
 */
export function ChangeStoreDialog({ prompt }: { prompt: MustChangeStore }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(true);
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [report, setReport] = useState<NotReAdded[] | null>(null);
  const target = storeName(prompt.targetStore);
  const n = prompt.itemCount;

  async function confirm() {
    setWorking(true);
    setFailure(null);
    try {
      writeStoreCookie(prompt.targetStore as StoreCode);
      const failed = await moveCartToStore(prompt);
      setReport(failed);
      await queryClient.invalidateQueries();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The switch did not finish. Try again.');
    } finally {
      setWorking(false);
    }
  }

  if (report) {
    return (
      <div className="cart-switch-report" role="status" data-testid="switch-report">
        <p>
          You’re now shopping in the {target}.{' '}
          {report.length === 0
            ? prompt.lines.length > 0
              ? 'Everything from your cart was added here.'
              : ''
            : `${prompt.lines.length - report.length} of ${prompt.lines.length} lines were added here.`}
        </p>
        {report.length > 0 && (
          <>
            <p>These could not be added again:</p>
            <ul>
              {report.map((item) => (
                <li key={item.sku}>
                  <strong>{item.sku}</strong>: {item.reason}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    );
  }

  return (
    <>
      <div className="cart-notice" role="status">
        <p>Your account belongs to the {target}. Switch to it to use your cart and check out.</p>
        <Button onClick={() => setOpen(true)}>Switch to the {target}</Button>
      </div>
      <Dialog
        open={open}
        onClose={() => !working && setOpen(false)}
        title={`Switch to the ${target}?`}
        description={
          n > 0
            ? `Switching to the ${target} empties this cart (${n} ${n === 1 ? 'item' : 'items'}). We’ll add everything the ${target} sells to your cart there and tell you what it doesn’t sell.`
            : `Your account’s country belongs to the ${target}; its prices, stock and shipping apply to you.`
        }
        actions={
          <>
            <Button variant="secondary" disabled={working} onClick={() => setOpen(false)}>
              Not now
            </Button>
            <Button loading={working} onClick={() => void confirm()} data-testid="confirm-switch">
              Switch store
            </Button>
          </>
        }
      >
        {failure && (
          <p className="ui-field__error" role="alert">
            {failure}
          </p>
        )}
      </Dialog>
    </>
  );
}
