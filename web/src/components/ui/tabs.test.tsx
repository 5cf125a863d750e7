import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

function Example() {
  const [value, setValue] = useState('specs');
  return (
    <Tabs
      label="Product information"
      value={value}
      onValueChange={setValue}
      items={[
        { value: 'specs', label: 'Specifications', content: <p>Specs panel</p> },
        { value: 'plans', label: 'Plans', content: <p>Plans panel</p> },
        { value: 'downloads', label: 'Downloads', content: <p>Downloads panel</p> },
      ]}
    />
  );
}

describe('Tabs', () => {
  it('moves selection and focus with arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    render(<Example />);
    expect(screen.getByRole('tablist', { name: 'Product information' })).toBeInTheDocument();
    const specs = screen.getByRole('tab', { name: 'Specifications' });
    expect(specs).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Specs panel');

    await user.click(specs);
    await user.keyboard('{ArrowRight}');
    const plans = screen.getByRole('tab', { name: 'Plans' });
    expect(plans).toHaveAttribute('aria-selected', 'true');
    expect(plans).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Plans panel');

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Downloads' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(specs).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Downloads' })).toHaveAttribute('tabindex', '0');
    expect(specs).toHaveAttribute('tabindex', '-1');
  });
});
