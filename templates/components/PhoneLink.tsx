import { Icon } from './Icon';
import { nonBreaking, TelLink } from './TelLink';

/** A phone number with the words before it, such as "Call". */
export type PhoneCall = { href: string; label: string; number: string };

/**
 * The icon, the words and the number on one line where they fit. Where they
 * do not (a small phone with its text made large), the icon goes above and
 * the words above the number, which is still never split.
 */
export function PhoneLink({ href, label, number, className = '' }: PhoneCall & { className?: string }) {
  return (
    <TelLink href={href} className={`inline-flex flex-wrap items-center gap-2 font-semibold ${className}`}>
      <Icon name="phone" className="size-5" />
      <span>
        {nonBreaking(label)} {nonBreaking(number)}
      </span>
    </TelLink>
  );
}
