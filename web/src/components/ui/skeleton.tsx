export interface SkeletonProps {
  /** CSS length, e.g. "100%" or "12rem". */
  width?: string;
  height?: string;
  className?: string;
}

/** A grey block standing in for content that is loading; hidden from assistive technology. */
export function Skeleton({ width = '100%', height = '1rem', className }: SkeletonProps) {
  return (
    <span
      className={['ui-skeleton', className].filter(Boolean).join(' ')}
      style={{ width, height }}
      aria-hidden="true"
    />
  );
}
