import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { useCountries } from '../api/get-countries';
import type { MeResponse } from '@/lib/resources/me/types';
import { useUpdateMe } from '../api/update-me';
import { applyServerErrors } from '../lib/form-errors';
import { profileSchema, type ProfileValues } from '../lib/schemas';
import { CodeSelect } from './country-select';
import { FormAlert } from './form-alert';

/** Name, company, phone, country (which decides the store) and newsletter. */
export function ProfileForm({ me }: { me: MeResponse }) {
  const update = useUpdateMe();
  const countries = useCountries();
  const toast = useToast();
  const [formError, setFormError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      name: me.name,
      company: me.company ?? '',
      phone: me.phone ?? '',
      country: me.country,
      newsletter: me.newsletter,
    },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    const countryChanged = values.country !== me.country;
    update.mutate(
      {
        name: values.name,
        company: values.company || null,
        phone: values.phone || null,
        newsletter: values.newsletter,
        ...(countryChanged ? { country: values.country } : {}),
      },
      {
        onSuccess: (saved) => {
          reset({
            name: saved.name,
            company: saved.company ?? '',
            phone: saved.phone ?? '',
            country: saved.country,
            newsletter: saved.newsletter,
          });
          toast.show({
            message: countryChanged
              ? `Saved. You now shop in the ${saved.home_store === 'us' ? 'US' : 'global'} store.`
              : 'Your profile is saved.',
            tone: 'success',
          });
        },
        onError: (error) =>
          setFormError(applyServerErrors(error, setError, ['name', 'company', 'phone', 'country', 'newsletter'])),
      },
    );
  });

  return (
    <form className="acct-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="profile-form-heading">
      <h2 id="profile-form-heading" className="acct-card__title">
        Profile
      </h2>
      <FormAlert>{formError}</FormAlert>
      <Input label="Name" autoComplete="name" required error={errors.name?.message} {...register('name')} />
      <Input label="Company" autoComplete="organization" error={errors.company?.message} {...register('company')} />
      <Input label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
      <CodeSelect
        label="Country"
        options={countries.data?.countries}
        placeholder="Choose your country"
        hint="Decides your store and prices: the US store for the United States, the global store elsewhere."
        autoComplete="country"
        required
        error={errors.country?.message}
        {...register('country')}
      />
      <label className="acct-check">
        <input type="checkbox" {...register('newsletter')} />
        <span>Send me the newsletter</span>
      </label>
      <Button type="submit" loading={update.isPending} disabled={!isDirty && !update.isPending}>
        {update.isPending ? 'Saving…' : 'Save profile'}
      </Button>
    </form>
  );
}
