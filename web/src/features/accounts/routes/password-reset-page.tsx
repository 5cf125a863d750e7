import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { isApiProblem } from '@/lib/api/api-problem';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { FormAlert } from '../components/form-alert';
import { applyServerErrors } from '../lib/form-errors';
import {
  newPasswordSchema,
  PASSWORD_MIN,
  resetRequestSchema,
  type NewPasswordValues,
  type ResetRequestValues,
} from '../lib/schemas';
import '../accounts.css';

function RequestForm() {
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetRequestValues>({ resolver: zodResolver(resetRequestSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    request.mutate(values.email, {
      onSuccess: () => setSentTo(values.email),
      onError: (error) => setFormError(applyServerErrors(error, setError, ['email'])),
    });
  });

  return (
    <form className="acct-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="reset-heading">
      <h2 id="reset-heading" className="acct-form__title">
        Reset your password
      </h2>
      <p>Enter the e-mail address of your account. We’ll send a link to choose a new password.</p>
      <FormAlert>{formError}</FormAlert>
      <FormAlert tone="success">
        {sentTo &&
          `If ${sentTo} belongs to an Uplink account, a reset link is on its way. It works once, for 60 minutes. No e-mail? Check your spam folder, or request a new link.`}
      </FormAlert>
      <Input
        label="E-mail"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" loading={request.isPending} fullWidth>
        {request.isPending ? 'Sending…' : sentTo ? 'Send another link' : 'Send reset link'}
      </Button>
      <p className="acct-form__aside">
        Remembered it? <Link to="/login">Sign in</Link>
      </p>
    </form>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const confirm = useConfirmPasswordReset();
  const navigate = useNavigate();
  const toast = useToast();
  const [formError, setFormError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewPasswordValues>({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', confirm: '' } });

  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    confirm.mutate(
      { token, password: values.password },
      {
        onSuccess: () => {
          toast.show({ message: 'Your password is changed and you’re signed in. Other devices were signed out.', tone: 'success' });
          void navigate('/account', { replace: true });
        },
        onError: (error) => {
          if (isApiProblem(error) && error.code === 'reset_token_invalid') {
            setFormError('This reset link is invalid, used or older than 60 minutes. Request a new link below.');
            return;
          }
          setFormError(applyServerErrors(error, setError, ['password'], { token: 'password' }));
        },
      },
    );
  });

  return (
    <form className="acct-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="new-password-heading">
      <h2 id="new-password-heading" className="acct-form__title">
        Choose a new password
      </h2>
      <FormAlert>
        {formError && (
          <>
            {formError} <Link to="/password/reset">Request a new link</Link>
          </>
        )}
      </FormAlert>
      <Input
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN} characters. Every other device will be signed out.`}
        error={errors.password?.message}
        {...register('password')}
      />
      <Input
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirm?.message}
        {...register('confirm')}
      />
      <Button type="submit" loading={confirm.isPending} fullWidth>
        {confirm.isPending ? 'Saving…' : 'Save new password'}
      </Button>
    </form>
  );
}

/** `/password/reset`: the request form, or — with the link's `?token=` — the new-password form. */
export function PasswordResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <div className="container acct-page acct-page--narrow">
      <title>Reset your password — Uplink</title>
      <h1 className="acct-page__title">Password reset</h1>
      <Card className="acct-card">{token ? <NewPasswordForm token={token} /> : <RequestForm />}</Card>
    </div>
  );
}

export default PasswordResetPage;
