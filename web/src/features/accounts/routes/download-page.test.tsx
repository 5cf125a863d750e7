import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/api-mock';
import { me, session } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { DownloadPage } from './download-page';

const routes = [{ path: '/account/download', element: <DownloadPage /> }];

afterEach(() => vi.unstubAllGlobals());

const invoice = {
  section: 'invoices',
  kind: 'invoice',
  title: 'Invoice',
  context: 'Order UL-000001',
  order_number: 'UL-000001',
  file_name: 'invoice-UL-000001.pdf',
  content_type: 'application/pdf',
  size_bytes: null,
  version: null,
  url: '/api/v1/downloads/v1.invoice',
  issued_at: '2026-11-01T10:00:00Z',
};
const datasheet = {
  ...invoice,
  section: 'product_files',
  kind: 'datasheet',
  title: 'MAX BR1 Mini datasheet',
  context: 'Pepwave MAX BR1 Mini',
  file_name: 'br1-mini.pdf',
  size_bytes: 2048,
  version: '2.1',
  url: '/api/v1/downloads/v1.datasheet',
};

describe('downloads page', () => {
  it('lists each section with signed links, and says where empty sections’ files come from', async () => {
    mockApi({
      'GET /api/v1/auth/session': () => session(me()),
      'GET /api/v1/me/downloads': () => ({ items: [invoice, datasheet], links_expire_at: '2026-11-25T12:00:00Z' }),
    });
    renderRoutes(routes, '/account/download');
    const invoices = await screen.findByRole('region', { name: /^Invoices/ });
    const link = within(invoices).getByRole('link', { name: 'Download Invoice, Order UL-000001' });
    expect(link).toHaveAttribute('href', '/api/v1/downloads/v1.invoice');
    expect(link).toHaveAttribute('download', 'invoice-UL-000001.pdf');
    expect(within(invoices).getByRole('link', { name: 'UL-000001' })).toHaveAttribute('href', '/order/UL-000001');

    const files = screen.getByRole('region', { name: /^Product files/ });
    expect(within(files).getByText(/Datasheet · version 2\.1 · 2\.0 KB/)).toBeInTheDocument();
    const certificates = screen.getByRole('region', { name: /^Licence certificates/ });
    expect(within(certificates).getByText(/When a licence you bought is delivered/)).toBeInTheDocument();
    expect(screen.getByText(/work while you are signed in, until/)).toBeInTheDocument();
  });

  it('points a customer with nothing yet to the products', async () => {
    mockApi({
      'GET /api/v1/auth/session': () => session(me()),
      'GET /api/v1/me/downloads': () => ({ items: [], links_expire_at: '2026-11-25T12:00:00Z' }),
    });
    renderRoutes(routes, '/account/download');
    expect(await screen.findByText(/Nothing to download yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
  });
});
