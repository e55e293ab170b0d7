import type { ReactNode } from 'react';

const styles = {
  primary: 'bg-accent text-white hover:bg-accent-dark',
  secondary: 'bg-white text-brand ring-1 ring-brand/20 hover:bg-brand-light',
  outline: 'border-2 border-white text-white hover:bg-white hover:text-brand',
  brand: 'bg-brand text-white hover:bg-brand-dark',
} as const;

export function ButtonLink({
  href,
  children,
  variant = 'primary',
  onDark = false,
  className = '',
  label,
}: {
  href: string;
  children: ReactNode;
  variant?: keyof typeof styles;
  /** On a dark background, where the accent's focus ring would hardly show. */
  onDark?: boolean;
  className?: string;
  /**
   * The name a screen reader reads, where the words shown need what they are about (Apply Now: the job's title). Not
   * an sr-only span after them: Chromium reads one with a space before it ("Apply Now : …").
   */
  label?: string;
}) {
  // A high-contrast theme (forced colours) draws no fill of the site's: the border shows the link as a button still.
  return (
    <a
      href={href}
      aria-label={label}
      className={`inline-flex min-h-12 items-center justify-center gap-2 rounded-lg px-6 py-3 text-base font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 forced-colors:border-2 ${onDark ? 'focus-visible:outline-white' : 'focus-visible:outline-accent'} ${styles[variant]} ${className}`}
    >
      {children}
    </a>
  );
}
