import { useId, useState } from 'react';
import { base64Of, LOGO_TYPES, logoProblem } from '../lib/logo-file';

export interface ChosenLogo {
  data_base64: string;
  file_name: string;
  /** An object URL for the preview. */
  previewUrl: string;
}

/**
 * Picks a new logo: PNG, JPEG or WebP of at most 256 KB, checked here before it is sent (the server
 * checks the content again and its answer shows in `serverError`).
 */
export function LogoField({
  currentUrl,
  chosen,
  onChosen,
  serverError,
}: {
  currentUrl: string | null;
  chosen: ChosenLogo | null;
  onChosen: (logo: ChosenLogo | null) => void;
  serverError: string | null;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const shown = error ?? serverError;
  const onChange = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    const problem = logoProblem(file);
    if (problem) {
      setError(problem);
      onChosen(null);
      return;
    }
    setReading(true);
    try {
      const data = await base64Of(file);
      onChosen({ data_base64: data, file_name: file.name, previewUrl: URL.createObjectURL(file) });
    } catch {
      setError('The picture could not be read. Choose it again.');
    } finally {
      setReading(false);
    }
  };
  const preview = chosen?.previewUrl ?? currentUrl;
  return (
    <div className={['ui-field', 'logo-field', shown ? 'ui-field--invalid' : undefined].filter(Boolean).join(' ')}>
      <label className="ui-field__label" htmlFor={id}>
        Logo
      </label>
      <p className="ui-field__hint" id={`${id}-hint`}>
        PNG, JPEG or WebP, at most 256 KB; shown 32 pixels high.
      </p>
      <div className="logo-field__row">
        {preview ? <img src={preview} alt="Current logo" height={40} className="logo-field__img" /> : <span className="muted">No logo yet</span>}
        <input
          id={id}
          type="file"
          accept={LOGO_TYPES.join(',')}
          aria-describedby={[`${id}-hint`, shown ? `${id}-error` : null].filter(Boolean).join(' ')}
          aria-invalid={shown ? true : undefined}
          onChange={(event) => void onChange(event.target.files?.[0])}
        />
      </div>
      {reading && <p className="muted">Reading the picture…</p>}
      {chosen && !shown && <p className="muted">New logo chosen: {chosen.file_name}. It is uploaded when you save.</p>}
      {shown && (
        <p className="ui-field__error" id={`${id}-error`} role="alert">
          <span aria-hidden="true">⚠ </span>
          {shown}
        </p>
      )}
    </div>
  );
}
