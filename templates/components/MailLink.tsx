import { Fragment, type ReactNode } from 'react';

/**
 * The templates' mailto: links: an address too wide for its line (large text
 * on a phone) breaks before its "@" or a dot, where a reader expects an
 * address split, rather than inside a word. The address is one element, so
 * that in a flex link (beside an icon) its parts stay one run of text; it is
 * the link's name too, since Chromium reads each <wbr> as a space.
 */
export function MailLink({
  address,
  className,
  children,
}: {
  address: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <a href={`mailto:${address}`} className={className} aria-label={address}>
      {children}
      <span>
        {address.split(/(?=[@.])/).map((part, index) => (
          <Fragment key={index}>
            {index > 0 && <wbr />}
            {part}
          </Fragment>
        ))}
      </span>
    </a>
  );
}
