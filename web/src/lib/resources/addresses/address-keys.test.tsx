import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { mockApi } from '@/testing/api-mock';
import { address } from '@/testing/fixtures';
import { useCreateAddress } from './create-address';
import { useAddresses } from './get-addresses';
import type { Address, NewAddress } from './types';

afterEach(() => vi.unstubAllGlobals());

const office: NewAddress = {
  name: 'Office',
  line1: '2 Side Street',
  city: 'Munich',
  postal_code: '80331',
  country: 'DE',
  phone: '+49 89 123456',
};

describe('one address book for every view', () => {
  it('an address added in the address book is in the list checkout reads at once', async () => {
    const book: Address[] = [address()];
    const { calls } = mockApi({
      'GET /api/v1/me/addresses': () => ({ items: book, limit: 50 }),
      'POST /api/v1/me/addresses': (call) => {
        const added = address({ ...(call.body as NewAddress), id: 'adr_2', is_default_shipping: false, is_default_billing: false });
        book.push(added);
        return added;
      },
    });
    // The app's own client: data stays fresh for 30 s, so only an invalidation refetches.
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    // Checkout's address picker and the address book's form, side by side.
    const { result } = renderHook(() => ({ checkout: useAddresses(), addressBook: useCreateAddress() }), { wrapper });
    await waitFor(() => expect(result.current.checkout.data?.items).toHaveLength(1));

    await act(() => result.current.addressBook.mutateAsync(office));

    await waitFor(() => expect(result.current.checkout.data?.items.map((a) => a.name)).toEqual(['Ann Example', 'Office']));
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2);
  });
});
