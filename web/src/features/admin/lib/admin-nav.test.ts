import { describe, expect, it } from 'vitest';
import { isStaff, mayOpen, navFor, navItemFor } from './admin-nav';

describe('back-office navigation by role', () => {
  it('shows each role the pages the server lets it use; admins see everything', () => {
    expect(navFor(['customer', 'sales']).map((i) => i.to)).toEqual(['/admin', '/admin/customers', '/admin/quotations']);
    expect(navFor(['fulfilment']).map((i) => i.to)).toEqual(['/admin', '/admin/orders']);
    expect(navFor(['admin'])).toHaveLength(13);
    expect(navFor(['customer', 'partner'])).toEqual([]);
  });

  it('finds the page a deep path belongs to and what it asks for', () => {
    expect(navItemFor('/admin/products/new')?.role).toBe('admin');
    expect(navItemFor('/admin/quotations/Q-000001')?.role).toBe('sales');
    expect(navItemFor('/admin/')?.to).toBe('/admin');
    expect(navItemFor('/admin/nothing-here')?.to).toBe('/admin');
    expect(mayOpen(['sales'], 'admin')).toBe(false);
    expect(mayOpen(['admin'], 'fulfilment')).toBe(true);
    expect(isStaff(['partner'])).toBe(false);
  });
});
