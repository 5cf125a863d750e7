import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { RequireAuth } from './require-auth';
import '../accounts.css';

const SECTIONS = [
  { to: '/account', label: 'Overview', end: true },
  { to: '/account/device-management', label: 'Devices', end: false },
  { to: '/account/quotation', label: 'Quotations', end: false },
  { to: '/account/settings', label: 'Settings', end: false },
  { to: '/account/address-book', label: 'Address book', end: false },
  { to: '/account/bookmark', label: 'Bookmarks', end: false },
  { to: '/account/download', label: 'Downloads', end: false },
];

/** The account area's frame: the sign-in guard, a section menu and the page. */
export function AccountLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <RequireAuth>
      <div className="container acct-page acct-area">
        <title>{`${title} — Your account — Uplink`}</title>
        <nav className="acct-area__nav" aria-label="Your account">
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} end={section.end}>
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="acct-area__content">
          <h1 className="acct-page__title">{title}</h1>
          {children}
        </div>
      </div>
    </RequireAuth>
  );
}
