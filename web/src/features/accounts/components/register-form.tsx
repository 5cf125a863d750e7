import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { isApiProblem } from '@/lib/api/api-problem';
import { useCountries } from '../api/get-countries';
import { useRegister } from '../api/register';
import { applyServerErrors } from '../lib/form-errors';
import { PASSWORD_MIN, registerSchema, type RegisterValues } from '../lib/schemas';
import { CodeSelect } from './country-select';
import { FormAlert } from './form-alert';

/** Creates an account (token mode) and signs it in. */
export function RegisterForm({ onRegistered, defaultCountry = '' }: { onRegistered: () => void; defaultCountry?: string }) {
  const registration = useRegister();
  const countries = useCountries();
  const [formError, setFormError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', password: '', country: defaultCountry, company: '', newsletter: false },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    registration.mutate(
      {
        name: values.name,
        email: values.email,
        password: values.password,
        country: values.country,
        company: values.company || null,
        newsletter: values.newsletter,
      },
      {
        onSuccess: onRegistered,
        onError: (error) => {
          if (isApiProblem(error) && error.code === 'email_taken') {
            setError('email', {
              type: 'server',
              message: 'An account with this e-mail already exists. Sign in instead, or reset its password.',
            }, { shouldFocus: true });
            setFormError('An account with this e-mail already exists.');
            return;
          }
          setFormError(applyServerErrors(error, setError, ['name', 'email', 'password', 'country', 'company']));
        },
      },
    );
  });

  return (
    <form className="acct-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="register-heading">
      <h2 id="register-heading" className="acct-form__title">
        Create an account
      </h2>
      <FormAlert>{formError}</FormAlert>
      <Input label="Name" autoComplete="name" required error={errors.name?.message} {...register('name')} />
      <Input
        label="E-mail"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <Input
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN} characters. A short sentence is easy to remember and hard to guess.`}
        error={errors.password?.message}
        {...register('password')}
      />
      <CodeSelect
        label="Country"
        options={countries.data?.countries}
        placeholder="Choose your country"
        hint="Decides your store: the US store for the United States, the global store elsewhere."
        autoComplete="country"
        required
        error={errors.country?.message ?? (countries.isError ? 'The country list didn’t load. Reload the page.' : undefined)}
        {...register('country')}
      />
      <Input label="Company (optional)" autoComplete="organization" error={errors.company?.message} {...register('company')} />
      <label className="acct-check">
        <input type="checkbox" {...register('newsletter')} />
        <span>Send me the newsletter (new products and offers, about once a month)</span>
      </label>
      <Button type="submit" loading={registration.isPending} fullWidth>
        {registration.isPending ? 'Creating your account…' : 'Create account'}
      </Button>
    </form>
  );
}
