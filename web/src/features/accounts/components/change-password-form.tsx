import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { isApiProblem } from '@/lib/api/api-problem';
import { useChangePassword } from '../api/change-password';
import type { MeResponse } from '@/lib/resources/me/types';
import { applyServerErrors } from '../lib/form-errors';
import { changePasswordSchema, PASSWORD_MIN, type ChangePasswordValues } from '../lib/schemas';
import { FormAlert } from './form-alert';

/** Changes the password (the current one is required when there is one); other sessions end. */
export function ChangePasswordForm({ me }: { me: MeResponse }) {
  const change = useChangePassword();
  const toast = useToast();
  const [formError, setFormError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { current: '', password: '', confirm: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    if (me.has_password && !values.current) {
      setError('current', { message: 'Enter your current password.' }, { shouldFocus: true });
      return;
    }
    change.mutate(
      { current_password: me.has_password ? values.current : null, new_password: values.password },
      {
        onSuccess: () => {
          reset();
          toast.show({ message: 'Your password is changed. Other devices were signed out.', tone: 'success' });
        },
        onError: (error) => {
          if (isApiProblem(error) && error.code === 'invalid_credentials') {
            setError('current', { message: 'That isn’t your current password. Check it and try again.' }, { shouldFocus: true });
            return;
          }
          setFormError(
            applyServerErrors(error, setError, ['current', 'password'], {
              current_password: 'current',
              new_password: 'password',
            }),
          );
        },
      },
    );
  });

  return (
    <form className="acct-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="password-form-heading">
      <h2 id="password-form-heading" className="acct-card__title">
        {me.has_password ? 'Password' : 'Set a password'}
      </h2>
      {!me.has_password && <p>Your account signs in through another service. You can add a password as well.</p>}
      <FormAlert>{formError}</FormAlert>
      {me.has_password && (
        <Input
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.current?.message}
          {...register('current')}
        />
      )}
      <Input
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN} characters. Other devices will be signed out.`}
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
      <Button type="submit" variant="secondary" loading={change.isPending}>
        {change.isPending ? 'Saving…' : 'Change password'}
      </Button>
    </form>
  );
}
