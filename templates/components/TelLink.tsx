import type { ReactNode } from 'react';

/**
 * Every tel: link: its text never breaks across lines, so a phone number is
 * never split in two (spaces become non-breaking). PhoneLink's words may go
 * above its number: it makes each non-breaking itself.
 */
export function TelLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return (
    <a href={href} className={className}>
      {nonBreaking(children)}
    </a>
  );
}

export function nonBreaking(node: ReactNode): ReactNode {
  if (typeof node === 'string') return node.replace(/ /g, '\u00a0');
  if (Array.isArray(node)) return node.map(nonBreaking);
  return node;
}
