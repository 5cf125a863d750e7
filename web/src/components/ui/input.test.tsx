import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Input } from './input';

describe('Input', () => {
  it('is labelled and describes its hint', () => {
    render(<Input label="Serial number" hint="On the label under the device" />);
    const input = screen.getByLabelText('Serial number');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('On the label under the device');
  });

  it('marks an error as invalid and announces it in the description', () => {
    render(<Input label="E-mail" hint="We send the receipt here" error="Enter a valid e-mail address" />);
    const input = screen.getByLabelText('E-mail');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/We send the receipt here.*Enter a valid e-mail address/);
  });
});
