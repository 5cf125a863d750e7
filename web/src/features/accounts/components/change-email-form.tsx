import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { isApiProblem } from '@/lib/api/api-problem';
import { useChangeEmail } from '../api/change-email';
import type { MeResponse } from '@/lib/resources/me/types';
import { applyServerErrors } from '../lib/form-errors';
import { changeEmailSchema, type ChangeEmailValues } from '../lib/schemas';
import { FormAlert } from './form-alert';

/** Asks for a new address; the change happens when the link sent there is opened. */
export function ChangeEmailForm({ me }: { me: MeResponse }) {
  const change = useChangeEmail();
  const [sentTo, setSentTo] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangeEmailValues>({ resolver: zodResolver(changeEmailSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    if (me.has_password && !values.password) {
      setError('password', { message: 'Enter your current password to confirm it’s you.' }, { shouldFocus: true });
      return;
    }
    change.mutate(
      { email: values.email, password: me.has_password ? values.password : null },
      {
        onSuccess: () => {
          setSentTo(values.email);
          reset({ email: '', password: '' });
        },
        onError: (error) => {
          if (isApiProblem(error) && error.code === 'invalid_credentials') {
            setError('password', { message: 'That isn’t your current password. Check it and try again.' }, { shouldFocus: true });
            return;
          }
          if (isApiProblem(error) && error.code === 'email_taken') {
            setError('email', { message: 'Another account uses this address. Choose a different one.' }, { shouldFocus: true });
            return;
          }
          setFormError(applyServerErrors(error, setError, ['email', 'password'], { current_password: 'password' }));
        },
      },
    );
  });

  return (
    <form className="acct-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="email-form-heading">
      <h2 id="email-form-heading" className="acct-card__title">
        E-mail address
      </h2>
      <p>
        You sign in with <strong className="acct-facts__wrap">{me.email}</strong>. To change it, enter the new address: we
        send it a link, and the change happens when you open that link.
      </p>
      <FormAlert>{formError}</FormAlert>
      <FormAlert tone="success">
        {sentTo && `We sent a confirmation link to ${sentTo}. Open it within 24 hours to finish the change.`}
      </FormAlert>
      <Input
        label="New e-mail address"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      {me.has_password && (
        <Input
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
      )}
      <Button type="submit" variant="secondary" loading={change.isPending}>
        {change.isPending ? 'Sending…' : 'Send confirmation link'}
      </Button>
    </form>
  );
}
