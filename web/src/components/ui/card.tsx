import type { HTMLAttributes, ReactNode } from 'react';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** Render as a sectioning element when the card has its own heading. */
  as?: 'div' | 'section' | 'article';
  padded?: boolean;
  children: ReactNode;
}

export function Card({ as: Element = 'div', padded = true, className, children, ...rest }: CardProps) {
  return (
    <Element {...rest} className={['ui-card', padded && 'ui-card--padded', className].filter(Boolean).join(' ')}>
      {children}
    </Element>
  );
}
