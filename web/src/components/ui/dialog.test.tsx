import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Dialog } from './dialog';

function Example() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Remove item</Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Remove this item?" description="It leaves your cart.">
        <Button variant="danger">Remove</Button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is labelled by its title and closes on Escape', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Remove item' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this item?' });
    expect(dialog).toHaveAccessibleDescription('It leaves your cart.');

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
