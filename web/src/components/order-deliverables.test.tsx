import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '@/lib/resources/orders/types';
import { OrderDeliverables } from './order-deliverables';

const EMPTY = { licence_keys: [], warranty_extensions: [], subscriptions: [], esims: [], topups: [], pool: null };

function order(delivery: OrderDetail['delivery'], awaiting: boolean, lines: Partial<OrderDetail['lines'][number]>[]): OrderDetail {
  return {
    delivery,
    awaiting_delivery: awaiting,
    lines: lines.map((l, i) => ({ id: `l${i}`, name: `Line ${i}`, delivery_status: 'delivered', deliverables: EMPTY, ...l })),
  } as unknown as OrderDetail;
}

describe('OrderDeliverables', () => {
  it('announces progress while a paid order is being delivered', () => {
    render(<OrderDeliverables order={order('pending', true, [{ delivery_status: 'awaiting_delivery' }])} />);
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(/Delivering your licence keys/);
    expect(screen.queryByTestId('licence-key')).toBeNull();
  });

  it('says an unpaid bank transfer is delivered once paid', () => {
    render(<OrderDeliverables order={order('pending', false, [{ delivery_status: 'awaiting_delivery' }])} />);
    expect(screen.getByText(/as soon as your payment arrives/)).toBeInTheDocument();
  });

  it('shows keys with their certificate and eSIMs with their QR code and activation code', () => {
    const deliverables = {
      ...EMPTY,
      licence_keys: [
        { id: 'lic_1', serial: '1824-AAAA-0001', key: 'UPL-AAAAA-BBBBB-CCCCC-DDDDD', starts_at: '2026-01-01T00:00:00Z', ends_at: null, certificate_url: '/api/v1/me/licences/lic_1/certificate.pdf' },
      ],
      esims: [{ iccid: '8988247000000000001', activation_code: 'LPA:1$smdp.uplink.example$AAAAA-BBBBB-CCCCC-DDDDD-EEEEE', qr_url: '/api/v1/me/esims/8988247000000000001/qr.png' }],
    };
    render(<OrderDeliverables order={order('delivered', false, [{ deliverables }])} />);
    const key = screen.getByTestId('licence-key');
    expect(within(key).getByText('UPL-AAAAA-BBBBB-CCCCC-DDDDD')).toBeInTheDocument();
    expect(within(key).getByRole('button', { name: 'Copy licence key for 1824-AAAA-0001' })).toBeInTheDocument();
    expect(within(key).getByRole('link', { name: /licence certificate/ })).toHaveAttribute('href', '/api/v1/me/licences/lic_1/certificate.pdf');
    const qr = screen.getByRole('img', { name: /QR code of the activation code for eSIM 8988247000000000001/ });
    expect(qr).toHaveAttribute('src', '/api/v1/me/esims/8988247000000000001/qr.png');
    expect(screen.getByText('LPA:1$smdp.uplink.example$AAAAA-BBBBB-CCCCC-DDDDD-EEEEE')).toBeInTheDocument();
    expect(screen.getByText(/Delivered\./)).toBeInTheDocument();
  });

  it('tells the buyer what happens when a line could not be delivered', () => {
    render(<OrderDeliverables order={order('failed', false, [{ delivery_status: 'failed' }])} />);
    expect(screen.getByText(/Our team has been told/)).toBeInTheDocument();
  });

  it('moves focus to the items when delivery finishes while the buyer watches', () => {
    const { rerender } = render(<OrderDeliverables order={order('pending', true, [{ delivery_status: 'awaiting_delivery' }])} />);
    expect(document.activeElement).toBe(document.body);
    rerender(<OrderDeliverables order={order('delivered', false, [{}])} />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Digital items' }));
  });

  it('does not take focus for an order that was already delivered', () => {
    render(<OrderDeliverables order={order('delivered', false, [{}])} />);
    expect(document.activeElement).toBe(document.body);
  });

  it('says where the items will be when delivery takes longer than usual', () => {
    vi.useFakeTimers();
    try {
      render(
        <MemoryRouter>
          <OrderDeliverables order={order('pending', true, [{ delivery_status: 'awaiting_delivery' }])} />
        </MemoryRouter>,
      );
      expect(screen.queryByText(/taking longer than usual/)).toBeNull();
      act(() => {
        vi.advanceTimersByTime(20_000);
      });
      expect(screen.getByText(/taking longer than usual/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Account › Downloads' })).toHaveAttribute('href', '/account/download');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows nothing for an order without digital items', () => {
    const { container } = render(<OrderDeliverables order={order(null, false, [])} />);
    expect(container).toBeEmptyDOMElement();
  });
});
