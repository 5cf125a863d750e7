import type { Role } from '../api/types';

/** One page of the back-office and the role the server asks for (admins hold every role). */
export interface AdminNavItem {
  to: string;
  label: string;
  /** `staff`: any of sales, fulfilment, admin. */
  role: Role | 'staff';
  group: 'Overview' | 'Sales' | 'Fulfilment' | 'Catalogue' | 'Programmes' | 'System';
}

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: '/admin', label: 'Home', role: 'staff', group: 'Overview' },
  { to: '/admin/orders', label: 'Order desk', role: 'fulfilment', group: 'Fulfilment' },
  { to: '/admin/customers', label: 'Customers and credit', role: 'sales', group: 'Sales' },
  { to: '/admin/quotations', label: 'Quotations', role: 'sales', group: 'Sales' },
  { to: '/admin/products', label: 'Products', role: 'admin', group: 'Catalogue' },
  { to: '/admin/stores', label: 'Stores and mini-stores', role: 'admin', group: 'Catalogue' },
  { to: '/admin/coupons', label: 'Coupons', role: 'admin', group: 'Programmes' },
  { to: '/admin/rebates', label: 'Partner rebates', role: 'admin', group: 'Programmes' },
  { to: '/admin/referral-terms', label: 'Referral terms', role: 'admin', group: 'Programmes' },
  { to: '/admin/integration-keys', label: 'Integration keys', role: 'admin', group: 'System' },
  { to: '/admin/errors', label: 'Error reports', role: 'admin', group: 'System' },
  { to: '/admin/outbox', label: 'Outbox', role: 'admin', group: 'System' },
  { to: '/admin/audit-log', label: 'Audit log', role: 'admin', group: 'System' },
];

export const STAFF_ROLES: readonly Role[] = ['sales', 'fulfilment', 'admin'];

export function isStaff(roles: readonly string[]): boolean {
  return roles.some((r) => (STAFF_ROLES as readonly string[]).includes(r));
}

/** Whether `roles` may open a page that asks for `role` (admins pass every check, as on the server). */
export function mayOpen(roles: readonly string[], role: AdminNavItem['role']): boolean {
  if (roles.includes('admin')) return true;
  if (role === 'staff') return isStaff(roles);
  return roles.includes(role);
}

/** The navigation entry a path belongs to: the longest prefix (`/admin/products/new` → Products). */
export function navItemFor(pathname: string): AdminNavItem | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: AdminNavItem | undefined;
  for (const item of ADMIN_NAV) {
    const under = path === item.to || path.startsWith(`${item.to}/`);
    if (under && (!best || item.to.length > best.to.length)) best = item;
  }
  return best;
}

export function navFor(roles: readonly string[]): AdminNavItem[] {
  return ADMIN_NAV.filter((item) => mayOpen(roles, item.role));
}

export const ROLE_NAMES: Record<string, string> = { sales: 'sales', fulfilment: 'fulfilment', admin: 'admin', staff: 'staff' };
