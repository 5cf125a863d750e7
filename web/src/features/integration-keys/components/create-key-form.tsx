import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { loginUrl } from '@/lib/auth/return-path';
import {
  createKeySchema,
  KEY_NAME_MAX,
  useCreateIntegrationKey,
  type CreateKeyValues,
} from '../api/create-integration-key';
import type { CreatedIntegrationKey } from '../api/types';

/** Names a new key and creates it; the caller shows the secret (`onCreated`). */
export function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedIntegrationKey) => void }) {
  const create = useCreateIntegrationKey();
  const location = useLocation();
  const [failure, setFailure] = useState<ReactNode>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors },
  } = useForm<CreateKeyValues>({ resolver: zodResolver(createKeySchema), defaultValues: { name: '' } });

  const onError = (error: unknown) => {
    if (!isApiProblem(error)) return setFailure('The key was not created. Reload the page and try again.');
    if (error.status === 401)
      return setFailure(
        <>
          Your session has ended. <Link to={loginUrl(`${location.pathname}${location.search}`)}>Sign in again</Link>, then
          create the key.
        </>,
      );
    if (error.code === 'forbidden')
      return setFailure('Only admins can create integration keys. Ask an admin to create this key for you.');
    const nameError = error.fieldErrors.name;
    if (nameError) {
      setError('name', { type: 'server', message: nameError });
      setFocus('name');
      return setFailure('The key was not created. Check its name.');
    }
    setFailure(`The key was not created. ${messageForProblem(error)}`);
  };

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    create.mutate(values, {
      onSuccess: (created) => {
        reset({ name: '' });
        // The page holds the secret from here; the mutation forgets its answer.
        create.reset();
        onCreated(created);
      },
      onError,
    });
  });

  return (
    <form className="ikeys-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="ikeys-create-heading">
      <h2 id="ikeys-create-heading">Create a key</h2>
      <div className={failure ? 'form-alert form-alert--error' : 'form-alert form-alert--empty'} role="alert">
        {failure}
      </div>
      <div className="ikeys-form__row">
        <Input
          label="Key name"
          hint={`Which system uses it, e.g. “InControl usage feed” (up to ${KEY_NAME_MAX} characters).`}
          required
          autoComplete="off"
          error={errors.name?.message}
          {...register('name')}
        />
        <Button type="submit" loading={create.isPending}>
          {create.isPending ? 'Creating key…' : 'Create key'}
        </Button>
      </div>
    </form>
  );
}
