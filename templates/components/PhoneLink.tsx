import { Icon } from './Icon';
import { TelLink } from './TelLink';

export function PhoneLink({ href, label, className = '' }: { href: string; label: string; className?: string }) {
  return (
    <TelLink href={href} className={`inline-flex items-center gap-2 font-semibold ${className}`}>
      <Icon name="phone" className="size-5" />
      {label}
    </TelLink>
  );
}
