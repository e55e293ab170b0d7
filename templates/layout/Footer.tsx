import { Icon } from '../components/Icon';
import { MailLink } from '../components/MailLink';
import { SocialIcon } from '../components/SocialIcon';
import { TelLink } from '../components/TelLink';
import type { Layout } from './types';

const iconLook = 'flex size-11 items-center justify-center rounded-full bg-slate-800 text-slate-200';

/** The footer's id: the first frame waits for it (Document), so a page is drawn with its main content whole. */
export const footerId = 'site-footer';

export function Footer({ layout }: { layout: Layout }) {
  const { site, footer } = layout;
  return (
    <footer id={footerId} className="bg-slate-900 text-slate-300 print:hidden">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <a href="/" className="tap-target text-xl font-extrabold text-white">
            {site.name}
          </a>
          <p className="mt-4 max-w-sm">{site.blurb}</p>
          <p className="mt-6 text-sm font-semibold text-white">{footer.socialHeading}</p>
          <SocialLinks profiles={site.social} />
        </div>
        {footer.columns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 className="text-sm font-bold tracking-wide text-white uppercase">{column.heading}</h2>
            <ul className="mt-4 space-y-1 [&_a]:inline-block [&_a]:py-1.5 [&_a:hover]:text-white [&_a:hover]:underline">
              {column.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm md:flex-row md:items-start md:justify-between">
          <div>
            <h2 className="mb-2 font-bold text-white">{footer.contactHeading}</h2>
            <ul className="flex flex-col gap-2 md:flex-row md:flex-wrap md:gap-x-6">
              <li>
                <TelLink href={site.phoneHref} className="inline-flex items-center gap-2 py-1 hover:text-white">
                  <Icon name="phone" className="size-4 shrink-0" />
                  {site.phone}
                </TelLink>
              </li>
              <li>
                <MailLink
                  address={site.email}
                  className="inline-flex items-center gap-2 py-1 wrap-anywhere hover:text-white"
                >
                  <Icon name="mail" className="size-4 shrink-0" />
                </MailLink>
              </li>
              <li className="inline-flex items-center gap-2 py-1">
                <Icon name="map-pin" className="size-4 shrink-0" />
                <address className="not-italic">{site.addressLine}</address>
              </li>
            </ul>
          </div>
          <div className="flex flex-col gap-2 md:items-end">
            {/* Without script, a link to the policy, which says how to clear the choice; the script makes it a button
                that asks the question again (islands/enhance/consent.ts), with the link's pointer and its words on the
                left (a button as wide as a phone's footer would centre them). */}
            <a
              href={layout.consent.settings.href}
              data-consent-settings=""
              className="cursor-pointer py-1 text-left hover:text-white hover:underline"
            >
              {layout.consent.settings.label}
            </a>
            <p className="text-slate-400">
              &copy; {site.legalName}. {footer.copyright}
            </p>
          </div>
        </div>
      </div>
    </footer>
  );
}

/** The agency's profiles; a network it has no profile on yet is shown, not linked. */
function SocialLinks({ profiles }: { profiles: Layout['site']['social'] }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-3">
      {profiles.map((profile) => (
        <li key={profile.network}>
          {profile.href ? (
            <a href={profile.href} className={`${iconLook} hover:bg-brand hover:text-white`} rel="noopener">
              <SocialIcon network={profile.network} />
              <span className="sr-only">{profile.label}</span>
            </a>
          ) : (
            <span className={iconLook} role="img" aria-label={profile.label}>
              <SocialIcon network={profile.network} />
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
