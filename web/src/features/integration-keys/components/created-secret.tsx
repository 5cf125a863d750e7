import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import type { CreatedIntegrationKey } from '../api/types';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The new key's secret, shown this once: copy it (clipboard, or select the field and copy by hand),
 * how to send usage records with it, and a button to put it away. Takes focus when it appears.
 */
export function CreatedSecret({ created, onDone }: { created: CreatedIntegrationKey; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');
  const { key, secret } = created;

  useEffect(() => {
    headingRef.current?.focus();
  }, [secret]);

  const selectField = () => {
    fieldRef.current?.focus();
    fieldRef.current?.select();
  };

  const copySecret = async () => {
    try {
      // Missing outside secure contexts (plain http other than localhost).
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      setCopy('failed');
      selectField();
    }
  };

  return (
    <section className="ikeys-secret" aria-labelledby="ikeys-secret-heading">
      <h3 id="ikeys-secret-heading" ref={headingRef} tabIndex={-1}>
        Copy the key “{key.name}” now
      </h3>
      <p className="ikeys-secret__warning">
        <strong>This is the only time the key is shown.</strong> The store keeps only a fingerprint of it: once you leave
        this page or press Done, nobody can see it again. If it is lost, create a new key and revoke this one.
      </p>
      <div className="ikeys-secret__copy">
        <Textarea
          ref={fieldRef}
          label="Integration key"
          rows={3}
          hint="Select the field and copy it by hand if the Copy button does not work in your browser."
          className="ikeys-secret__field"
          readOnly
          value={secret}
          spellCheck={false}
          autoComplete="off"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copySecret()}>
          {copy === 'copied' ? 'Copied' : 'Copy key'}
        </Button>
      </div>
      <p className="ikeys-secret__copy-status" role="status">
        {copy === 'copied'
          ? 'Key copied to the clipboard. Paste it into the sending system’s settings now.'
          : copy === 'failed'
            ? 'Your browser did not let the page copy. The key is selected in the field: press Ctrl+C (⌘C on a Mac) to copy it.'
            : ''}
      </p>
      <div className="ikeys-secret__usage">
        <h4>How to use it</h4>
        <p>
          The sending system posts usage records to <code>POST /api/v1/usage-records</code> with this key in the{' '}
          <code>Authorization</code> header (no cookies or CSRF token needed):
        </p>
        <pre className="ikeys-code">
          <code>{`POST /api/v1/usage-records
Authorization: Bearer <key>
Content-Type: application/json

{"record_id": "r-123", "subscription": "sub_…", "period_start": "2026-11-26T00:00:00Z",
 "period_end": "2026-11-26T01:00:00Z", "bytes_up": 1048576, "bytes_down": 5242880}`}</code>
        </pre>
        <p className="muted">
          Use <code>"iccid"</code> instead of <code>"subscription"</code> for eSIMs, or send an array of up to 1,000
          records. A revoked or mistyped key is refused with 401.
        </p>
      </div>
      <Button onClick={onDone}>Done — I have stored the key</Button>
    </section>
  );
}
