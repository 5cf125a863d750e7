import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** Opens the phone's share sheet with the referral link (shown only where the web view offers one). */
export function ShareButton({ url, code }: { url: string; code: string }) {
  const [failed, setFailed] = useState(false);
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return null;
  return (
    <>
      <Button
        size="lg"
        fullWidth
        onClick={() => {
          setFailed(false);
          navigator.share({ title: 'Uplink', text: `Use my Uplink referral code ${code}`, url }).catch((e: unknown) => {
            // Closing the share sheet is not a failure.
            if (!(e instanceof DOMException && e.name === 'AbortError')) setFailed(true);
          });
        }}
      >
        Share my code
      </Button>
      {failed && (
        <p role="alert" className="m-alert m-alert--error">
          Sharing didn’t work here. Copy the link above and paste it into a message instead.
        </p>
      )}
    </>
  );
}
