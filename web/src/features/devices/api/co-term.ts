import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type CoTermRequest = components['schemas']['CoTermRequest'];
export type CoTermAnswer = components['schemas']['CoTermAnswer'];

/** `POST /me/devices/co-term`: a co-term quotation for the chosen devices, or the external co-term service's link. */
export function requestCoTerm(body: CoTermRequest): Promise<CoTermAnswer> {
  return unwrap(api.POST('/api/v1/me/devices/co-term', { body }));
}

export function useRequestCoTerm() {
  return useMutation({ mutationFn: requestCoTerm });
}
