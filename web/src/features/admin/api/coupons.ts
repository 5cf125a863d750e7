import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from './query-keys';
import type { AdminCoupon, AdminCouponList, CouponInput, NewCouponRequest } from './types';

/** `GET /admin/coupons`: a page of coupons with their uses so far. */
export function useAdminCoupons(q: string, state: string, page: number) {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.couponList(q, state, page),
      queryFn: ({ signal }): Promise<AdminCouponList> =>
        unwrap(api.GET('/api/v1/admin/coupons', { params: { query: { q: q || undefined, state: state || undefined, page } }, signal })),
      placeholderData: keepPreviousData,
      retry: false,
    }),
  );
}

export function useAdminCoupon(code: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.coupon(code ?? ''),
      queryFn: ({ signal }): Promise<AdminCoupon> =>
        unwrap(api.GET('/api/v1/admin/coupons/{code}', { params: { path: { code: code ?? '' } }, signal })),
      enabled: Boolean(code),
      retry: false,
    }),
  );
}

function useCouponWrite<V>(write: (vars: V) => Promise<AdminCoupon>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (coupon) => {
      client.setQueryData(adminKeys.coupon(coupon.code), coupon);
      void client.invalidateQueries({ queryKey: [...adminKeys.coupons(), 'list'] });
    },
  });
}

export function useCreateCoupon() {
  return useCouponWrite((body: NewCouponRequest) => unwrap(api.POST('/api/v1/admin/coupons', { body })));
}

/** `PUT /admin/coupons/{code}`: its terms; `active: false` pauses it. */
export function useSaveCoupon() {
  return useCouponWrite(({ code, body }: { code: string; body: CouponInput }) =>
    unwrap(api.PUT('/api/v1/admin/coupons/{code}', { params: { path: { code } }, body })),
  );
}
