import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { useCurrentUser } from '@/lib/auth/session';
import { useCreateAddress } from '@/lib/resources/addresses/create-address';
import { useDeleteAddress } from '@/lib/resources/addresses/delete-address';
import { useAddresses } from '@/lib/resources/addresses/get-addresses';
import { useUpdateAddress } from '@/lib/resources/addresses/update-address';
import { useCountries } from '../api/get-countries';
import type { Address } from '@/lib/resources/addresses/types';
import { AccountLayout } from '../components/account-layout';
import { AddressForm, addressDefaults } from '../components/address-form';
import { QueryFailed } from '../components/query-failed';
import type { AddressValues } from '../lib/schemas';

type Editing = { kind: 'new' } | { kind: 'edit'; address: Address } | null;

function toBody(values: AddressValues) {
  return {
    name: values.name,
    company: values.company || null,
    line1: values.line1,
    line2: values.line2 || null,
    city: values.city,
    state: values.state || null,
    postal_code: values.postal_code,
    country: values.country,
    phone: values.phone,
    is_default_shipping: values.is_default_shipping,
    is_default_billing: values.is_default_billing,
  };
}

function AddressCard({
  address,
  countryName,
  onEdit,
  onDelete,
}: {
  address: Address;
  countryName: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const update = useUpdateAddress();
  const toast = useToast();
  const makeDefault = (which: 'is_default_shipping' | 'is_default_billing', label: string) =>
    update.mutate(
      { id: address.id, patch: { [which]: true } },
      {
        onSuccess: () => toast.show({ message: `${address.name} is now your default ${label} address.`, tone: 'success' }),
        onError: (error) =>
          toast.show({ message: isApiProblem(error) ? messageForProblem(error) : 'That didn’t work. Try again.', tone: 'error' }),
      },
    );
  return (
    <Card as="article" className="acct-address" aria-label={`Address: ${address.name}, ${address.line1}`}>
      <p className="acct-address__badges">
        {address.is_default_shipping && <Badge tone="brand">Default shipping</Badge>}
        {address.is_default_billing && <Badge tone="brand">Default billing</Badge>}
      </p>
      <address className="acct-address__lines">
        <strong>{address.name}</strong>
        {address.company && <span>{address.company}</span>}
        <span>{address.line1}</span>
        {address.line2 && <span>{address.line2}</span>}
        <span>
          {address.city}
          {address.state ? `, ${address.state}` : ''} {address.postal_code}
        </span>
        <span>{countryName}</span>
        <span>{address.phone}</span>
      </address>
      <div className="acct-address__actions">
        <Button size="sm" variant="secondary" onClick={onEdit}>
          Edit
        </Button>
        {!address.is_default_shipping && (
          <Button size="sm" variant="ghost" disabled={update.isPending} onClick={() => makeDefault('is_default_shipping', 'shipping')}>
            Make default shipping
          </Button>
        )}
        {!address.is_default_billing && (
          <Button size="sm" variant="ghost" disabled={update.isPending} onClick={() => makeDefault('is_default_billing', 'billing')}>
            Make default billing
          </Button>
        )}
        <Button size="sm" variant="ghost" className="acct-address__delete" onClick={onDelete}>
          Delete
        </Button>
      </div>
    </Card>
  );
}

/** `/account/address-book`: up to 50 addresses, one default for shipping and one for billing. */
export function AddressBookPage() {
  const addresses = useAddresses();
  const countries = useCountries();
  const { user } = useCurrentUser();
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const remove = useDeleteAddress();
  const toast = useToast();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const names = new Map((countries.data?.countries ?? []).map((country) => [country.code, country.name]));
  const count = addresses.data?.items.length ?? 0;
  const limit = addresses.data?.limit ?? 50;
  const full = count >= limit;

  return (
    <AccountLayout title="Address book">
      {addresses.isPending ? (
        <Card>
          <Skeleton height="10rem" />
        </Card>
      ) : addresses.isError ? (
        <QueryFailed error={addresses.error} onRetry={() => void addresses.refetch()} />
      ) : (
        <>
          <div className="acct-toolbar">
            <p className="acct-toolbar__count">
              {count === 0 ? 'No addresses yet.' : `${count} of ${limit} addresses`}
            </p>
            {editing === null && (
              <Button onClick={() => setEditing({ kind: 'new' })} disabled={full}>
                Add an address
              </Button>
            )}
          </div>
          {full && <p className="acct-note">The address book is full. Delete an address to add another.</p>}
          {editing && (
            <Card className="acct-card">
              <AddressForm
                key={editing.kind === 'edit' ? editing.address.id : 'new'}
                title={editing.kind === 'edit' ? 'Edit address' : 'New address'}
                submitLabel={editing.kind === 'edit' ? 'Save address' : 'Add address'}
                initial={
                  editing.kind === 'edit' ? addressDefaults(editing.address) : addressDefaults(undefined, user?.country ?? '')
                }
                busy={create.isPending || update.isPending}
                onCancel={() => setEditing(null)}
                onSubmit={async (values) => {
                  if (editing.kind === 'edit') {
                    await update.mutateAsync({ id: editing.address.id, patch: toBody(values) });
                    toast.show({ message: 'The address is saved.', tone: 'success' });
                  } else {
                    await create.mutateAsync(toBody(values));
                    toast.show({ message: 'The address is added.', tone: 'success' });
                  }
                  setEditing(null);
                }}
              />
            </Card>
          )}
          <ul className="acct-addresses" aria-label="Saved addresses">
            {addresses.data.items.map((address) => (
              <li key={address.id}>
                <AddressCard
                  address={address}
                  countryName={names.get(address.country) ?? address.country}
                  onEdit={() => setEditing({ kind: 'edit', address })}
                  onDelete={() => setDeleting(address)}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this address?"
        description={deleting ? `${deleting.name}, ${deleting.line1}, ${deleting.city}` : undefined}
        actions={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Keep it
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                deleting &&
                remove.mutate(deleting.id, {
                  onSuccess: () => {
                    setDeleting(null);
                    toast.show({ message: 'The address is deleted.', tone: 'success' });
                  },
                  onError: (error) =>
                    toast.show({ message: isApiProblem(error) ? messageForProblem(error) : 'Deleting failed. Try again.', tone: 'error' }),
                })
              }
            >
              Delete address
            </Button>
          </>
        }
      />
    </AccountLayout>
  );
}

export default AddressBookPage;
