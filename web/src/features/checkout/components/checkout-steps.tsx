const STEPS = [
  { path: '/checkout', label: 'Shipping' },
  { path: '/checkout/payment', label: 'Payment' },
  { path: '/checkout/confirm-order', label: 'Review' },
];

/** Where the buyer is in the three steps. */
export function CheckoutSteps({ current }: { current: 0 | 1 | 2 }) {
  return (
    <ol className="checkout-steps" aria-label="Checkout steps">
      {STEPS.map((s, i) => (
        <li key={s.path} aria-current={i === current ? 'step' : undefined} className={i <= current ? 'is-done' : undefined}>
          <span className="checkout-steps__n" aria-hidden="true">
            {i + 1}
          </span>{' '}
          {s.label}
        </li>
      ))}
    </ol>
  );
}
