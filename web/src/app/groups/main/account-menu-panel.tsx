import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useToast } from '@/components/ui/toast';
import { useLogout } from '@/features/accounts/api/logout';
import type { Me } from '@/lib/auth/session';
import { PersonIcon } from './person-icon';

const MENU_LINKS = [
  { to: '/account', label: 'Your account' },
  { to: '/account/settings', label: 'Settings' },
  { to: '/account/device-management', label: 'Devices' },
  { to: '/account/quotation', label: 'Quotations' },
  { to: '/account/address-book', label: 'Address book' },
  { to: '/account/bookmark', label: 'Bookmarks' },
  { to: '/account/download', label: 'Downloads' },
];

/** A partner's pages (SPEC §10). */
const PARTNER_LINKS = [
  { to: '/partner', label: 'Partner dashboard' },
  { to: '/partner/rebates', label: 'Rebate ledger' },
  { to: '/partner-pavillion/checkout', label: 'Check out for an end customer' },
];

/** Staff (sales, fulfilment, admin) reach every back-office page from one place: `/admin` and its navigation. */
const STAFF_ROLES = ['sales', 'fulfilment', 'admin'];

/** The signed-in header's account menu: who is signed in, their pages, signing out (see `./account-menu`). */
export default function SignedInMenu({ user }: { user: Me }) {
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const toast = useToast();
  // Open for one page only: moving elsewhere closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;
  const setOpen = (value: boolean | ((current: boolean) => boolean)) => {
    const next = typeof value === 'function' ? value(open) : value;
    setOpenOn(next ? location.pathname : null);
  };
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Close on outside clicks and Escape (focus back on the button).
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenOn(null);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const firstName = user.name.split(/\s+/)[0] || user.name;
  return (
    <div className="account-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="header-link account-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <PersonIcon />
        <span>
          <span className="visually-hidden">Account menu for </span>
          {firstName}
        </span>
      </button>
      <div id={menuId} className="account-menu__panel" hidden={!open}>
        <p className="account-menu__who">
          Signed in as <strong>{user.email}</strong>
        </p>
        <ul>
          {MENU_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
          {user.roles.includes('partner') &&
            PARTNER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          {user.roles.some((role) => STAFF_ROLES.includes(role)) && (
            <li>
              <Link to="/admin">Back office</Link>
            </li>
          )}
          <li>
            <button
              type="button"
              disabled={logout.isPending}
              onClick={() => {
                // `mutateAsync`, not `mutate` with callbacks: signing out unmounts this menu (the
                // header shows "Sign in" once the session is gone), and TanStack Query drops the
                // callbacks of an unmounted component's `mutate`, so the move to `/` never happened.
                void logout.mutateAsync().then(
                  () => {
                    setOpen(false);
                    toast.show({ message: 'You’re signed out.', tone: 'info' });
                    void navigate('/');
                  },
                  () => toast.show({ message: 'Signing out failed. Reload the page and try again.', tone: 'error' }),
                );
              }}
            >
              {logout.isPending ? 'Signing out…' : 'Sign out'}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
