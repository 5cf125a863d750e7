import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { useDeleteMe } from '../api/delete-me';
import type { MeResponse } from '@/lib/resources/me/types';

/** "Delete account" with a confirmation dialog asking for the password (or the e-mail, without one). */
export function DeleteAccount({ me }: { me: MeResponse }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const deletion = useDeleteMe();
  const navigate = useNavigate();
  const toast = useToast();

  function close() {
    setOpen(false);
    setValue('');
    setError(undefined);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!value.trim()) {
      setError(me.has_password ? 'Enter your password to confirm.' : 'Type your e-mail address to confirm.');
      return;
    }
    deletion.mutate(me.has_password ? { password: value } : { confirm_email: value }, {
      onSuccess: () => {
        close();
        toast.show({ message: 'Your account is deleted. Thank you for having been with us.', tone: 'info' });
        // Forget the session only once the account pages are gone: forgetting it first lets
        // their sign-in guard win the race and send the visitor to /login. The navigation is
        // rendered synchronously (`flushSync`): a navigation left to a transition can still be
        // pending when its promise resolves, with the settings page and its guard mounted.
        void Promise.resolve(navigate('/', { replace: true, flushSync: true })).then(() => deletion.forget());
      },
      onError: (cause) => {
        if (isApiProblem(cause) && (cause.code === 'invalid_credentials' || cause.errors.length > 0)) {
          setError(
            me.has_password
              ? 'That isn’t your password. Check it and try again.'
              : 'That isn’t your account’s e-mail address. Type it exactly.',
          );
          return;
        }
        setError(isApiProblem(cause) ? messageForProblem(cause) : 'The account could not be deleted. Try again.');
      },
    });
  }

  return (
    <section className="acct-danger" aria-labelledby="delete-heading">
      <h2 id="delete-heading" className="acct-card__title">
        Delete account
      </h2>
      <p>
        Deletes your profile, addresses, bookmarks and sign-ins. Orders and invoices we must keep for accounting stay,
        without your name. This can’t be undone.
      </p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete my account…
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title="Delete your account?"
        description="Everything listed above is removed at once and you are signed out. This can’t be undone."
      >
        <form className="acct-form" onSubmit={onSubmit} noValidate>
          {me.has_password ? (
            <Input
              label="Your password"
              type="password"
              autoComplete="current-password"
              required
              value={value}
              onChange={(event) => setValue(event.target.value)}
              error={error}
              autoFocus
            />
          ) : (
            <Input
              label="Type your e-mail address"
              type="email"
              autoComplete="off"
              required
              value={value}
              onChange={(event) => setValue(event.target.value)}
              error={error}
              autoFocus
            />
          )}
          <div className="ui-dialog__actions">
            <Button variant="secondary" onClick={close}>
              Keep my account
            </Button>
            <Button type="submit" variant="danger" loading={deletion.isPending}>
              {deletion.isPending ? 'Deleting…' : 'Delete account'}
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
