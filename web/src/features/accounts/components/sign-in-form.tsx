import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { isApiProblem } from '@/lib/api/api-problem';
import { useLogin } from '../api/login';
import { applyServerErrors } from '../lib/form-errors';
import { signInSchema, type SignInValues } from '../lib/schemas';
import { FormAlert } from './form-alert';

export interface SignInFormProps {
  onSignedIn: () => void;
  /** The server asked for the anti-automation challenge first. */
  onChallenge: () => void;
}

/** E-mail + password sign-in (token mode). */
export function SignInForm({ onSignedIn, onChallenge }: SignInFormProps) {
  const login = useLogin();
  const [formError, setFormError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignInValues>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    login.mutate(
      { email: values.email, password: values.password },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          if (isApiProblem(error) && error.code === 'challenge_required') {
            onChallenge();
            return;
          }
          if (isApiProblem(error) && error.code === 'invalid_credentials') {
            setFormError('That e-mail and password don’t match. Check them, or reset your password below.');
            return;
          }
          setFormError(applyServerErrors(error, setError, ['email', 'password']));
        },
      },
    );
  });

  return (
    <form className="acct-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading" className="acct-form__title">
        Sign in
      </h2>
      <FormAlert>{formError}</FormAlert>
      <Input
        label="E-mail"
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <Input
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" loading={login.isPending} fullWidth>
        {login.isPending ? 'Signing in…' : 'Sign in'}
      </Button>
      <p className="acct-form__aside">
        <Link to="/password/reset">Forgot your password?</Link>
      </p>
    </form>
  );
}
