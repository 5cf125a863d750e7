/** What the server takes as a mini-store logo (checked again there, by content). */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 256 * 1024;

/** Why `file` cannot be a logo, or null when it can (type by the browser's guess, size in bytes). */
export function logoProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG or WebP picture.';
  if (file.size > LOGO_MAX_BYTES) return `The picture is ${Math.ceil(file.size / 1024)} KB; choose one of 256 KB or less.`;
  if (file.size === 0) return 'The file is empty. Choose the picture again.';
  return null;
}

/** The file's bytes as base64 (the `logo.data_base64` the API takes). */
export function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
