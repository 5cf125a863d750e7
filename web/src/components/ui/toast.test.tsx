import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastProvider, useToast } from './toast';

function Trigger() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show({ message: 'Added to cart', tone: 'success' })}>
      Add
    </button>
  );
}

describe('Toast', () => {
  it('announces messages politely and can be dismissed', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(container.querySelector('[aria-live="polite"]')).toHaveTextContent('Added to cart');
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Added to cart')).not.toBeInTheDocument();
  });
});
