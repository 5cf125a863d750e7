import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { useSession } from '@/lib/auth/session';
import { useMe } from '@/lib/resources/me/get-me';
import { useConfirmEmail } from '../api/confirm-email';
import { useExportMe } from '../api/export-me';
import type { MeResponse } from '@/lib/resources/me/types';
import { useUnlinkIncontrol } from '../api/unlink-incontrol';
import { AccountLayout } from '../components/account-layout';
import { ChangeEmailForm } from '../components/change-email-form';
import { ChangePasswordForm } from '../components/change-password-form';
import { DeleteAccount } from '../components/delete-account';
import { FormAlert } from '../components/form-alert';
import { ProfileForm } from '../components/profile-form';
import { QueryFailed } from '../components/query-failed';
import { downloadJson } from '../lib/download';
import { incontrolStartUrl } from '../lib/external-sign-in';

/** Applies an e-mail change link (`?email_token=`) once, then removes the token from the URL. */
function EmailConfirmation() {
  const [params, setParams] = useSearchParams();
  const token = params.get('email_token');
  const confirm = useConfirmEmail();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | undefined>();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!token || handled.current === token) return;
    handled.current = token;
    confirm.mutate(token, {
      onSuccess: (result) => setMessage({ tone: 'success', text: `Your e-mail address is now ${result.email}.` }),
      onError: (error) =>
        setMessage({
          tone: 'error',
          text:
            isApiProblem(error) && error.code === 'validation_failed'
              ? 'This confirmation link is invalid, used or older than 24 hours. Ask for a new one below.'
              : isApiProblem(error)
                ? messageForProblem(error)
                : 'The e-mail change could not be confirmed. Try the link again.',
        }),
      onSettled: () => {
        const next = new URLSearchParams(params);
        next.delete('email_token');
        setParams(next, { replace: true });
      },
    });
  }, [confirm, params, setParams, token]);

  if (confirm.isPending) return <FormAlert tone="info">Confirming your new e-mail address…</FormAlert>;
  return <FormAlert tone={message?.tone === 'success' ? 'success' : 'error'}>{message?.text}</FormAlert>;
}

function IncontrolSection({ me }: { me: MeResponse }) {
  const unlink = useUnlinkIncontrol();
  const toast = useToast();
  return (
    <Card as="section" className="acct-card" aria-labelledby="incontrol-heading">
      <h2 id="incontrol-heading" className="acct-card__title">
        InControl
      </h2>
      {me.incontrol_linked ? (
        <>
          <p>Your InControl account is linked, so its devices can be brought into Uplink.</p>
          <Button
            variant="secondary"
            loading={unlink.isPending}
            onClick={() =>
              unlink.mutate(undefined, {
                onSuccess: () => toast.show({ message: 'InControl is unlinked.', tone: 'success' }),
                onError: (error) =>
                  toast.show({ message: isApiProblem(error) ? messageForProblem(error) : 'Unlinking failed. Try again.', tone: 'error' }),
              })
            }
          >
            Unlink InControl
          </Button>
        </>
      ) : (
        <>
          <p>Link your InControl account to bring its devices into Uplink.</p>
          <a className={buttonClassName({ variant: 'secondary' })} href={incontrolStartUrl('/account/settings')}>
            Link InControl
          </a>
        </>
      )}
    </Card>
  );
}

function ExportSection() {
  const exporting = useExportMe();
  const toast = useToast();
  return (
    <Card as="section" className="acct-card" aria-labelledby="export-heading">
      <h2 id="export-heading" className="acct-card__title">
        Export my data
      </h2>
      <p>Download everything we keep about your account — profile, addresses, bookmarks, sign-ins, e-mails — as a JSON file.</p>
      <Button
        variant="secondary"
        loading={exporting.isPending}
        onClick={() =>
          exporting.mutate(undefined, {
            onSuccess: (data) => downloadJson(data, `uplink-account-${new Date().toISOString().slice(0, 10)}.json`),
            onError: (error) =>
              toast.show({ message: isApiProblem(error) ? messageForProblem(error) : 'The export failed. Try again.', tone: 'error' }),
          })
        }
      >
        {exporting.isPending ? 'Preparing…' : 'Download my data'}
      </Button>
    </Card>
  );
}

/** `/account/settings`. */
export function SettingsPage() {
  const me = useMe();
  const session = useSession();
  return (
    <AccountLayout title="Account settings">
      <EmailConfirmation />
      {me.isPending ? (
        <Card>
          <Skeleton height="20rem" />
        </Card>
      ) : me.isError ? (
        <QueryFailed error={me.error} onRetry={() => void me.refetch()} />
      ) : (
        <div className="acct-stack">
          <Card className="acct-card">
            <ProfileForm me={me.data} key={me.data.id} />
          </Card>
          <Card className="acct-card">
            <ChangeEmailForm me={me.data} />
          </Card>
          {session.data?.auth_mode !== 'keycloak' && (
            <Card className="acct-card">
              <ChangePasswordForm me={me.data} />
            </Card>
          )}
          {session.data?.incontrol_enabled && <IncontrolSection me={me.data} />}
          <ExportSection />
          <Card className="acct-card">
            <DeleteAccount me={me.data} />
          </Card>
        </div>
      )}
    </AccountLayout>
  );
}

export default SettingsPage;
