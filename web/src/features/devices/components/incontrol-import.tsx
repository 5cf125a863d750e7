import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useImportIncontrol } from '../api/import-incontrol';
import type { ImportSummary } from '../api/types';
import { problemText } from './problem-text';

/** One sentence for an import's counts. */
export function importSentence(s: ImportSummary): string {
  const parts = [`${s.imported} ${s.imported === 1 ? 'device' : 'devices'} imported`];
  if (s.already_yours) parts.push(`${s.already_yours} already here`);
  if (s.held_elsewhere) parts.push(`${s.held_elsewhere} registered to another account (skipped)`);
  if (s.invalid) parts.push(`${s.invalid} without a serial we recognise (skipped)`);
  return parts.join(', ') + '.';
}

/** Import from the linked InControl account, or the way to link it. */
export function IncontrolImport({ linked }: { linked: boolean }) {
  const run = useImportIncontrol();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  if (!linked) {
    return (
      <p className="dev-muted">
        Manage devices in InControl? <Link to="/account/settings">Link your InControl account</Link> and they are added here.
      </p>
    );
  }
  return (
    <div className="dev-import">
      <Button
        variant="secondary"
        size="sm"
        loading={run.isPending}
        onClick={() =>
          run.mutate(undefined, {
            onSuccess: (summary) => setMessage({ text: importSentence(summary), error: false }),
            onError: (e) => setMessage({ text: problemText(e), error: true }),
          })
        }
      >
        {run.isPending ? 'Importing from InControl…' : 'Import from InControl'}
      </Button>
      <p className={message?.error ? 'dev-alert' : 'dev-muted'} role={message?.error ? 'alert' : 'status'}>
        {message?.text}
      </p>
    </div>
  );
}
