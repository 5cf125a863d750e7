import type { components } from '@/lib/api/schema';

type S = components['schemas'];
export type Address = S['AddressDto'];
export type AddressList = S['AddressList'];
export type NewAddress = S['NewAddress'];
export type AddressPatch = S['AddressPatch'];
