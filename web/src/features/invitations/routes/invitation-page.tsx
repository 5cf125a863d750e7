import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { useCurrentUser } from '@/lib/auth/session';
import { ssoStartUrl } from '@/lib/auth/sso';
import { formatDate } from '@/lib/time-format';
import { useClaimInvitation } from '../api/claim-invitation';
import { useInvitation } from '../api/get-invitation';
import type { Invitation } from '../api/types';
import { claimWithPasswordSchema, type ClaimWithPasswordValues, claimWithSsoSchema, type ClaimWithSsoValues } from '../lib/claim-schema';
import { forgetToken, rememberedToken, rememberToken, tokenFromHash } from '../lib/invitation-token';
import '../invitations.css';

const DEVICES = '/account/device-management';

/** The token of this visit: from the link's fragment (then taken out of the address bar), else the one kept for this tab. */
function useInvitationToken(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => tokenFromHash(location.hash) ?? rememberedToken());
  useEffect(() => {
    if (!location.hash) return;
    if (token) rememberToken(token);
    void navigate({ pathname: location.pathname, search: location.search, hash: '' }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate, token]);
  return token;
}

function InvalidLink({ reason }: { reason: 'missing' | 'invalid' }) {
  return (
    <div className="invitation-invalid" role="alert" data-testid="invitation-invalid">
      <h2>{reason === 'missing' ? 'This page needs the link from your e-mail' : 'This invitation link can’t be used any more'}</h2>
      <p>
        {reason === 'missing'
          ? 'Open the “Set up your account” link in the delivery e-mail your partner’s order sent you; it brings you here with your invitation.'
          : 'It was already used to set up the account, or it has expired. If you set your password, sign in; if you don’t know it, reset it with the e-mail address the order was for.'}
      </p>
      <p className="invitation-actions">
        <Link className={buttonClassName({})} to="/login">
          Sign in
        </Link>
        <Link className={buttonClassName({ variant: 'secondary' })} to="/password/reset">
          Reset your password
        </Link>
      </p>
    </div>
  );
}

function Intro({ invitation }: { invitation: Invitation }) {
  const partner = invitation.partner_name ?? 'An Uplink partner';
  return (
    <div className="invitation-intro">
      <p>
        <strong>{partner}</strong> ordered licences or plans for <strong>{invitation.name}</strong>
        {invitation.company ? ` (${invitation.company})` : ''}. They are on an Uplink account for{' '}
        <strong className="invitation-email">{invitation.email}</strong>, with the devices they belong to.
      </p>
      <p className="muted">
        Set up the account to see your devices, their licences and warranties. This link works once, until{' '}
        {formatDate(invitation.expires_at)}.
      </p>
    </div>
  );
}

function failureText(error: unknown): string {
  if (!isApiProblem(error)) return 'The account was not set up. Check your connection and try again.';
  if (error.code === 'forbidden') return 'You’re signed in with another e-mail address. Sign out, then sign in with SSO as the invited address.';
  if (error.code === 'unauthenticated') return 'Sign in with SSO first, then claim your account.';
  return error.detail ?? messageForProblem(error);
}

function PasswordClaim({ token, invitation, onClaimed }: { token: string; invitation: Invitation; onClaimed: () => void }) {
  const claim = useClaimInvitation(token);
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const form = useForm<ClaimWithPasswordValues>({
    defaultValues: { name: invitation.name, password: '', confirm: '' },
    resolver: zodResolver(claimWithPasswordSchema),
  });
  const { register, handleSubmit, setError, formState } = form;
  const errors = formState.errors;
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);
  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    claim.mutate(
      { password: values.password, name: values.name.trim() },
      {
        onSuccess: onClaimed,
        onError: (error) => {
          if (isApiProblem(error) && error.code === 'validation_failed' && error.errors.length > 0) {
            for (const fe of error.errors) {
              if (fe.field === 'password' || fe.field === 'name') setError(fe.field, { type: 'server', message: fe.message });
            }
            return;
          }
          setFailure(failureText(error));
        },
      },
    );
  });
  if (claim.isError && isApiProblem(claim.error) && claim.error.code === 'invitation_invalid') return <InvalidLink reason="invalid" />;
  return (
    <form className="invitation-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="claim-h">
      <h2 id="claim-h">Set up your account</h2>
      {failure && (
        <div ref={failureRef} tabIndex={-1} className="form-alert form-alert--error" role="alert">
          {failure}
        </div>
      )}
      <Input label="E-mail" value={invitation.email} readOnly hint="The address the order was for; it signs you in." />
      <Input label="Your name" required autoComplete="name" error={errors.name?.message} {...register('name')} />
      <Input
        label="Choose a password"
        type="password"
        required
        autoComplete="new-password"
        hint="At least 10 characters."
        error={errors.password?.message}
        {...register('password')}
      />
      <Input label="Type the password again" type="password" required autoComplete="new-password" error={errors.confirm?.message} {...register('confirm')} />
      <Button type="submit" size="lg" loading={claim.isPending} disabled={claim.isPending}>
        {claim.isPending ? 'Setting up your account…' : 'Set password and see my devices'}
      </Button>
    </form>
  );
}

function SsoClaim({ token, invitation, onClaimed }: { token: string; invitation: Invitation; onClaimed: () => void }) {
  const { user, isPending } = useCurrentUser();
  const claim = useClaimInvitation(token);
  const form = useForm<ClaimWithSsoValues>({ defaultValues: { name: invitation.name }, resolver: zodResolver(claimWithSsoSchema) });
  const errors = form.formState.errors;
  if (isPending) return <Skeleton height="6rem" />;
  if (!user) {
    return (
      <div className="invitation-form">
        <h2>Sign in to claim your account</h2>
        <p>Sign in with SSO as {invitation.email}; you come back here to claim the account.</p>
        <a className={buttonClassName({ size: 'lg' })} href={ssoStartUrl('/invitation')}>
          Sign in with SSO
        </a>
      </div>
    );
  }
  if (claim.isError && isApiProblem(claim.error) && claim.error.code === 'invitation_invalid') return <InvalidLink reason="invalid" />;
  return (
    <form
      className="invitation-form"
      noValidate
      onSubmit={(event) => void form.handleSubmit((values) => claim.mutate({ name: values.name.trim() }, { onSuccess: onClaimed }))(event)}
      aria-labelledby="claim-h"
    >
      <h2 id="claim-h">Claim your account</h2>
      <p>You’re signed in as {user.email}.</p>
      {claim.isError && (
        <div className="form-alert form-alert--error" role="alert">
          {failureText(claim.error)}
        </div>
      )}
      <Input label="Your name" required autoComplete="name" error={errors.name?.message} {...form.register('name')} />
      <Button type="submit" size="lg" loading={claim.isPending}>
        {claim.isPending ? 'Claiming…' : 'Claim'}
      </Button>
    </form>
  );
}

function InvitationContent({ token }: { token: string }) {
  const invitation = useInvitation(token);
  const navigate = useNavigate();
  const toast = useToast();
  const onClaimed = () => {
    forgetToken();
    toast.show({ message: 'Your account is ready. Here are your devices.', tone: 'success' });
    void navigate(DEVICES, { replace: true });
  };
  if (invitation.isPending) {
    return (
      <div aria-busy="true">
        <span className="visually-hidden">Checking your invitation…</span>
        <Skeleton height="12rem" />
      </div>
    );
  }
  if (invitation.isError) {
    if (isApiProblem(invitation.error) && (invitation.error.code === 'invitation_invalid' || invitation.error.status === 404)) {
      return <InvalidLink reason="invalid" />;
    }
    return (
      <div className="form-alert form-alert--error" role="alert">
        <p>
          We couldn’t check your invitation.{' '}
          {isApiProblem(invitation.error) ? messageForProblem(invitation.error) : 'Check your connection and try again.'}
        </p>
        <Button variant="secondary" onClick={() => void invitation.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const i = invitation.data;
  return (
    <Card className="invitation-card">
      <Intro invitation={i} />
      {i.auth_mode === 'keycloak' ? (
        <SsoClaim token={token} invitation={i} onClaimed={onClaimed} />
      ) : (
        <PasswordClaim token={token} invitation={i} onClaimed={onClaimed} />
      )}
    </Card>
  );
}

/**
 * `/invitation#<token>`: the end customer of a partner's pavilion order sets up the account the
 * order made for them (password, or SSO in keycloak mode), then lands on their devices.
 */
export default function InvitationPage() {
  const token = useInvitationToken();
  return (
    <div className="container page invitation-page">
      <title>Your Uplink account — Uplink</title>
      <h1>Welcome to Uplink</h1>
      {token ? <InvitationContent token={token} /> : <InvalidLink reason="missing" />}
    </div>
  );
}
