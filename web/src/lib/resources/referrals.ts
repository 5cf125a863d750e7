import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiProblem } from '@/lib/api/api-problem';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { cartKeys } from './cart/query-keys';
import type { Cart } from './cart/types';
import { useCart } from './cart/get-cart';
import { checkoutKeys } from './checkout/query-keys';

/**
 * The app referral programme (SPEC §10, D103): GET_REFERRAL_CODE (a customer's code and share
 * link, their rewards) and REFERRAL_CODE (a friend's code on the cart). Shared by `/account`, the
 * cart and checkout, the referral screen groups and the mobile rewards pages.
 */
type S = components['schemas'];
export type MyReferral = S['MyReferral'];
export type ReferralCode = S['ReferralCode'];
export type RewardList = S['RewardList'];
export type Reward = S['RewardDto'];
export type RewardTotals = S['RewardTotals'];
export type RewardCoupon = S['RewardCouponDto'];
export type SfcRedemption = S['SfcRedemption'];
export type ReferralStore = S['ReferralStore'];
export type ReferralTerms = S['ReferralTerms'];
export type CartAppReferral = S['CartAppReferralDto'];
export type RewardStatus = 'pending' | 'available' | 'redeemed' | 'expired' | 'cancelled';
export const REWARD_STATUSES: readonly RewardStatus[] = ['pending', 'available', 'redeemed', 'expired', 'cancelled'];

/**
 * A cloud subscription the SFC rewards can go on. `GET /me/subscriptions` does not answer the
 * subscription's `id` yet, which `POST /me/rewards/sfc-redemption` needs: such entries come with
 * `id: null` and cannot be chosen (reported to the lead).
 */
export type RedeemableSubscription = S['Subscription'];

export const referralKeys = {
  all: ['referrals'] as const,
  mine: () => [...referralKeys.all, 'mine'] as const,
  rewards: () => [...referralKeys.all, 'rewards'] as const,
  subscriptions: () => [...referralKeys.all, 'subscriptions'] as const,
  store: (key: string) => [...referralKeys.all, 'store', key] as const,
};

/** `GET /me/referral`: the customer's code (once asked for), what a friend gets, rewards by status. */
export function getMyReferral(signal?: AbortSignal): Promise<MyReferral> {
  return unwrap(api.GET('/api/v1/me/referral', { signal }));
}

export function useMyReferral(enabled = true) {
  return useQuery({ queryKey: referralKeys.mine(), queryFn: ({ signal }) => getMyReferral(signal), enabled });
}

/** GET_REFERRAL_CODE: `POST /me/referral/code` (the same code on every call). */
export function createReferralCode(): Promise<ReferralCode> {
  return unwrap(api.POST('/api/v1/me/referral/code'));
}

export function useCreateReferralCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createReferralCode,
    onSuccess: (code) => {
      client.setQueryData<MyReferral>(referralKeys.mine(), (mine) => (mine ? { ...mine, code } : mine));
      void client.invalidateQueries({ queryKey: referralKeys.mine() });
    },
  });
}

/** `GET /me/rewards`: the rewards (newest first), the coupons made from them and the totals. */
export function getRewards(signal?: AbortSignal): Promise<RewardList> {
  return unwrap(api.GET('/api/v1/me/rewards', { signal }));
}

export const rewardsQueryOptions = () =>
  queryOptions({ queryKey: referralKeys.rewards(), queryFn: ({ signal }) => getRewards(signal) });

export function useRewards(enabled = true) {
  return useQuery({ ...rewardsQueryOptions(), enabled });
}

/** `POST /me/rewards/coupon`: every available coupon reward into one single-use coupon. */
export function convertRewardsToCoupon(): Promise<RewardCoupon> {
  return unwrap(api.POST('/api/v1/me/rewards/coupon'));
}

export function useConvertRewards() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: convertRewardsToCoupon,
    onSettled: () => client.invalidateQueries({ queryKey: referralKeys.all }),
  });
}

/** The customer's cloud subscriptions (`GET /me/subscriptions`), active ones first. */
export function getRedeemableSubscriptions(signal?: AbortSignal): Promise<RedeemableSubscription[]> {
  return unwrap(api.GET('/api/v1/me/subscriptions', { signal })).then((list) => list.items);
}

export function useRedeemableSubscriptions(enabled = true) {
  return useQuery({
    queryKey: referralKeys.subscriptions(),
    queryFn: ({ signal }) => getRedeemableSubscriptions(signal),
    enabled,
  });
}

/** `POST /me/rewards/sfc-redemption`: a preview (`confirm: false`) or the redemption itself. */
export function redeemSfcRewards(subscriptionId: string, confirm: boolean): Promise<SfcRedemption> {
  return unwrap(api.POST('/api/v1/me/rewards/sfc-redemption', { body: { subscription_id: subscriptionId, confirm } }));
}

export function useSfcRedemption() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ subscriptionId, confirm }: { subscriptionId: string; confirm: boolean }) => redeemSfcRewards(subscriptionId, confirm),
    onSuccess: (result) => {
      if (result.applied) void client.invalidateQueries({ queryKey: referralKeys.all });
    },
  });
}

/** `GET /referral-stores/{key}`: a referral mini-store's branding and the terms that hold there. */
export function getReferralStore(key: string, signal?: AbortSignal): Promise<ReferralStore> {
  return unwrap(api.GET('/api/v1/referral-stores/{key}', { params: { path: { key } }, signal }));
}

export function useReferralStore(key: string | null) {
  return useQuery({
    queryKey: referralKeys.store(key ?? ''),
    queryFn: ({ signal }) => getReferralStore(key ?? '', signal),
    enabled: key !== null,
    staleTime: 60_000,
    retry: (count, error) => !(isApiProblem(error) && error.status < 500) && count < 2,
  });
}

/** REFERRAL_CODE: `PUT /cart/app-referral` (typed, or `fromLink` from a share link: the first link wins). */
export function applyAppReferral(code: string, fromLink = false): Promise<Cart> {
  return unwrap(api.PUT('/api/v1/cart/app-referral', { body: fromLink ? { code, from_link: true } : { code } }));
}

export function removeAppReferral(): Promise<Cart> {
  return unwrap(api.DELETE('/api/v1/cart/app-referral'));
}

function useCartChange<V>(fn: (variables: V) => Promise<Cart>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (cart) => client.setQueryData(cartKeys.detail(), cart),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: cartKeys.all });
      void client.invalidateQueries({ queryKey: checkoutKeys.all });
    },
  });
}

export function useApplyAppReferral() {
  return useCartChange(({ code, fromLink = false }: { code: string; fromLink?: boolean }) => applyAppReferral(code, fromLink));
}

export function useRemoveAppReferral() {
  return useCartChange((_: void) => removeAppReferral());
}

/** "10 %" from basis points. */
export function percentOf(bp: number): string {
  const value = bp / 100;
  return `${Number.isInteger(value) ? value : value.toFixed(2)} %`;
}

/** Why a friend's code cannot be used, in words (the `reason` of `referral_not_eligible`). */
export function refusalReason(reason: string | null | undefined): string {
  switch (reason) {
    case 'own_code':
      return 'This is your own referral code: share it with friends instead.';
    case 'already_ordered':
      return 'Referral discounts are for a first order, and this account already has one.';
    case 'same_address':
      return 'Your address matches the address of the friend who shared the code, so it can’t be used.';
    case 'same_card':
      return 'The card matches a card of the friend who shared the code, so the code can’t be used with it.';
    default:
      return 'This order can’t use a referral code.';
  }
}

/** The referee's discount row of the totals, from a cart (`null`: no code, or nothing taken off). */
export function referralDiscountOf(cart: Cart | undefined | null): { code: string; cents: number } | null {
  const r = cart?.app_referral;
  return r && r.eligible && r.discount.cents > 0 ? { code: r.code, cents: r.discount.cents } : null;
}

/** The current cart's referee discount row, for checkout totals (which the options don't itemise). */
export function useCartReferralDiscount() {
  const cart = useCart();
  return referralDiscountOf(cart.data);
}
