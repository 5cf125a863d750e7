import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CustomOption } from '../api/types';
import { PurchaseForm } from './purchase-form';

const SERIALS: CustomOption = { code: 'serials', label: 'Device serial numbers', kind: 'serial_numbers', required: true, values: [], pattern: null, help: null };
const ICCID: CustomOption = { code: 'iccid', label: 'ICCID', kind: 'iccid', required: true, values: [], pattern: null, help: null };
const SUPPORT: CustomOption = {
  code: 'support',
  label: 'Support level',
  kind: 'select',
  required: true,
  values: [
    { code: 'standard', label: 'Standard', price_delta: null },
    { code: 'priority', label: 'Priority', price_delta: { kind: 'fixed', amount: { cents: 2_000, currency: 'USD' } } },
    { code: 'premium', label: 'Premium', price_delta: { kind: 'percent', basis_points: 1_000 } },
  ],
  pattern: null,
  help: null,
};

describe('purchase form', { timeout: 20_000 }, () => {
  it('validates and normalises serial numbers; the quantity follows them', async () => {
    const user = userEvent.setup();
    render(<PurchaseForm options={[SERIALS]} rules={{ min: 1, max: 3, step: 1 }} basePrice={10_000} currency="USD" />);
    const first = screen.getByLabelText(/Serial number 1/);
    await user.type(first, '1934-abcd-567');
    await user.tab();
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription(/Serial numbers look like 1234-ABCD-5678/);

    await user.clear(first);
    await user.type(first, '1934abcd5678');
    await user.tab();
    expect(first).toHaveValue('1934-ABCD-5678');
    expect(first).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Total for 1 unit').nextSibling).toHaveTextContent('$100.00');

    await user.click(screen.getByRole('button', { name: '+ Add another device' }));
    const second = screen.getByLabelText(/Serial number 2/);
    expect(second).toHaveFocus();
    await user.type(second, '1934 ABCD 5678');
    await user.tab();
    expect(second).toHaveAccessibleDescription(/already in the list \(device 1\)/);
    expect(screen.getByText('Total for 2 units').nextSibling).toHaveTextContent('$200.00');

    await user.click(screen.getByRole('button', { name: '+ Add another device' }));
    expect(screen.getByRole('button', { name: '+ Add another device' })).toBeDisabled();
    expect(screen.getByText('You can add up to 3 devices at a time.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove serial number 2' }));
    expect(screen.getByText('Total for 2 units')).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton', { name: 'Quantity' })).not.toBeInTheDocument();
  });

  it('checks the ICCID length and check digit', async () => {
    const user = userEvent.setup();
    render(<PurchaseForm options={[ICCID]} rules={{ min: 1, max: null, step: 1 }} basePrice={500} currency="USD" />);
    const iccid = screen.getByRole('textbox', { name: /ICCID/ });
    await user.type(iccid, '8901 2608 8229 0360 587');
    await user.tab();
    expect(iccid).toHaveValue('8901260882290360587');
    expect(iccid).toHaveAccessibleDescription(/check digit doesn’t match/);
    await user.clear(iccid);
    await user.type(iccid, '12345');
    await user.tab();
    expect(iccid).toHaveAccessibleDescription(/19 or 20 digits/);
    await user.clear(iccid);
    await user.type(iccid, '8901260882290360582');
    await user.tab();
    expect(iccid).not.toHaveAttribute('aria-invalid');
  });

  it('shows each choice’s price delta and the resulting total', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(
      <PurchaseForm
        options={[SUPPORT]}
        rules={{ min: 1, max: 5, step: 1 }}
        basePrice={10_000}
        currency="USD"
        onValid={onValid}
        actions={<button type="submit">Check</button>}
      />,
    );
    const select = screen.getByRole('combobox', { name: /Support level/ });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose…',
      'Standard',
      'Priority (+$20.00)',
      'Premium (+10%)',
    ]);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(select).toHaveAccessibleDescription(/Choose a support level/);
    expect(onValid).not.toHaveBeenCalled();

    await user.selectOptions(select, 'priority');
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByText('Price with options').nextSibling).toHaveTextContent('$120.00');
    expect(screen.getByText('Total for 2 units').nextSibling).toHaveTextContent('$240.00');

    await user.selectOptions(select, 'premium');
    expect(screen.getByText('Total for 2 units').nextSibling).toHaveTextContent('$220.00');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(onValid).toHaveBeenCalledWith({ quantity: 2, serials: [], options: { support: 'premium' } });
  });

  it('keeps the quantity within its limits and steps', async () => {
    const user = userEvent.setup();
    render(<PurchaseForm options={[]} rules={{ min: 2, max: 6, step: 2 }} basePrice={100} currency="USD" />);
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
    expect(quantity).toHaveValue(2);
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(quantity).toHaveValue(6);
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.tab();
    expect(quantity).toHaveAccessibleDescription(/steps of 2/);
  });
});
