import './checkout-form.css';

/** Shown while payments go through the built-in test gateway. */
export function TestModeBanner() {
  return (
    <p className="test-mode-banner" role="note">
      <strong>TEST MODE</strong> — payments use the built-in test gateway; no real money moves. Test card 4242 4242 4242
      4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 3220 asks for 3-D Secure.
    </p>
  );
}
