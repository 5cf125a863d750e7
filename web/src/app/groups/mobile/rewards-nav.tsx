import { NavLink } from 'react-router';

const PAGES = [
  ['/mobile/referral-rewards', 'Referral code'],
  ['/mobile/referral-reward-coupons', 'Coupons'],
  ['/mobile/sfc-referral-rewards', 'Cloud plan rewards'],
] as const;

/** The three rewards pages, one tap apart. */
export function RewardsNav() {
  return (
    <nav aria-label="Rewards" className="m-tabs">
      {PAGES.map(([to, label]) => (
        <NavLink key={to} to={to} className="m-tabs__link" end>
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
