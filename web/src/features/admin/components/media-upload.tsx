import { useId, useRef, useState } from 'react';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { formatBytes } from '@/lib/bytes';
import { useUploadMedia } from '../api/products';
import type { MediaInfo } from '../api/types';

/** A file picker that uploads at once (`POST /admin/media`) and hands back the stored file; the server judges the type by content. */
export function MediaUpload({ purpose, label, hint, onUploaded }: { purpose: 'image' | 'download'; label: string; hint: string; onUploaded: (media: MediaInfo) => void }) {
  const upload = useUploadMedia();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <div className={['ui-field', error ? 'ui-field--invalid' : undefined].filter(Boolean).join(' ')}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <p className="ui-field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      <input
        ref={input}
        id={id}
        type="file"
        className="ui-input"
        accept={purpose === 'image' ? 'image/png,image/jpeg,image/webp' : '.pdf,.zip,.gz,.tgz,.tar,.bin,application/pdf,application/zip,application/gzip,application/x-tar,application/octet-stream'}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        disabled={upload.isPending}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          setError(null);
          setStatus(`Uploading ${file.name}…`);
          upload.mutate(
            { file, purpose },
            {
              onSuccess: (media) => {
                setStatus(`${media.file_name} uploaded (${formatBytes(media.size_bytes)}).`);
                if (input.current) input.current.value = '';
                onUploaded(media);
              },
              onError: (err) => {
                setStatus('');
                const problem = isApiProblem(err) ? err : null;
                setError(problem?.fieldErrors.file ?? (problem ? (problem.detail ?? messageForProblem(problem)) : 'The upload failed. Try again.'));
              },
            },
          );
        }}
      />
      {upload.isPending && <progress className="editor-progress" aria-label={`Uploading the ${purpose === 'image' ? 'image' : 'file'}`} />}
      <p className="muted" role="status" aria-live="polite">
        {status}
      </p>
      {error && (
        <p className="ui-field__error" id={`${id}-error`} role="alert">
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      )}
    </div>
  );
}
