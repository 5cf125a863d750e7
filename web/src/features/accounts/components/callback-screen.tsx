import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { safeReturnPath } from '@/lib/auth/return-path';
import { authKeys } from '@/lib/auth/session';
import { callbackParams, type CallbackParams } from '../api/complete-sso';
import type { CallbackResult } from '../api/types';
import { FormAlert } from './form-alert';
import { rememberSignedOut } from '../lib/signed-out';
import '../accounts.css';

export interface CallbackScreenProps {
  title: string;
  working: string;
  complete: (params: CallbackParams, signal: AbortSignal) => Promise<CallbackResult>;
  /** What the failure message suggests next. */
  retry: { to: string; label: string };
}

/** Finishes an external sign-in (SSO or InControl) through the API, then returns where the person was. */
export function CallbackScreen({ title, working, complete, retry }: CallbackScreenProps) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setError] = useState<string | undefined>();
  const started = useRef(false);
  const params = callbackParams(search);
  const providerError = params.error
    ? params.error === 'access_denied'
      ? 'Sign-in was cancelled. You can try again whenever you like.'
      : `The sign-in service answered: ${params.error_description ?? params.error}. Try again.`
    : undefined;
  const error = providerError ?? failure;

  useEffect(() => {
    // The code works once: run the exchange a single time even under StrictMode's double effects.
    const params = callbackParams(search);
    if (started.current || params.error) return;
    started.current = true;
    complete(params, new AbortController().signal)
      .then(async (result) => {
        rememberSignedOut(false);
        await queryClient.resetQueries({ queryKey: authKeys.all });
        await queryClient.invalidateQueries();
        void navigate(safeReturnPath(result.return_to, '/account'), { replace: true });
      })
      .catch((cause: unknown) => {
        setError(
          isApiProblem(cause)
            ? cause.detail && cause.status < 500
              ? `${cause.detail} Try again.`
              : messageForProblem(cause)
            : 'Sign-in could not be finished. Try again.',
        );
      });
  }, [complete, navigate, queryClient, search]);

  return (
    <div className="container acct-page acct-page--narrow">
      <title>{`${title} — Uplink`}</title>
      <h1 className="acct-page__title">{title}</h1>
      <Card className="acct-card">
        {error ? (
          <>
            <FormAlert>{error}</FormAlert>
            <p>
              <Link to={retry.to}>{retry.label}</Link>
            </p>
          </>
        ) : (
          <p className="acct-working" role="status">
            <Spinner /> {working}
          </p>
        )}
      </Card>
    </div>
  );
}
