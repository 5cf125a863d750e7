import { useState } from 'react';

export interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
  /** Eager for the image people see first (largest contentful paint). */
  priority?: boolean;
  width?: number;
  height?: number;
}

/** A product picture in a fixed 4:3 frame (no layout shift), with a neutral stand-in when missing. */
export function ProductImage({ src, alt, className, priority = false, width = 400, height = 300 }: ProductImageProps) {
  const [failed, setFailed] = useState(false);
  const frame = ['product-image', className].filter(Boolean).join(' ');
  if (!src || failed) {
    return (
      <span className={`${frame} product-image--empty`} role={alt ? 'img' : undefined} aria-label={alt || undefined}>
        <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
          <rect x="6" y="12" width="36" height="24" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="14" cy="24" r="2" fill="currentColor" />
          <circle cx="21" cy="24" r="2" fill="currentColor" />
          <path d="M30 20h6M30 24h6M30 28h6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </span>
    );
  }
  return (
    <span className={frame}>
      <img
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        {...(priority ? { fetchPriority: 'high' as const } : {})}
        onError={() => setFailed(true)}
      />
    </span>
  );
}
