import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiProblem } from '@/lib/api/api-problem';
import type { Cart } from '@/lib/resources/cart/types';
import { useApplyAppReferral } from '@/lib/resources/referrals';
import { forgetReferralLink, normaliseReferralCode, readReferralLink, REF_PARAM, rememberReferralLink } from './referral-link';

/**
 * Reads a share link's `?ref=CODE` once: keeps it for 30 days (the first link wins) and takes the
 * parameter out of the address bar. Answers nothing; `useReferralLinkOnCart` applies it.
 */
export function useShareLinkParam() {
  const location = useLocation();
  const navigate = useNavigate();
  const param = new URLSearchParams(location.search).get(REF_PARAM);
  useEffect(() => {
    if (param === null) return;
    const code = normaliseReferralCode(param);
    if (code) rememberReferralLink(code);
    const search = new URLSearchParams(location.search);
    search.delete(REF_PARAM);
    const rest = search.toString();
    void navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash }, { replace: true });
  }, [param, location.pathname, location.search, location.hash, navigate]);
}

/**
 * Puts a remembered share link's code on a cart that has none (`from_link`: the server keeps an
 * existing code). Once per page and store; a code the server refuses is forgotten.
 */
export function useReferralLinkOnCart(cart: Cart | undefined) {
  const apply = useApplyAppReferral();
  const tried = useRef<string | null>(null);
  const store = cart?.store ?? null;
  const hasCode = cart ? cart.app_referral != null : true;
  useEffect(() => {
    if (!store || hasCode || tried.current === store) return;
    const code = readReferralLink();
    if (!code) return;
    tried.current = store;
    apply.mutate(
      { code, fromLink: true },
      {
        onError: (error) => {
          if (isApiProblem(error) && (error.code === 'referral_code_invalid' || error.code === 'referral_not_eligible')) forgetReferralLink();
        },
      },
    );
  }, [store, hasCode, apply]);
}
