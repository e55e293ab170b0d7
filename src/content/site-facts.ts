/**
 * The site's facts a Markdown body may name, `{phone}` (or `{ phone }`) say, so that a new number reaches every
 * article, legal page and feed from site.json. Phone and email are links, as in the footer, to be tapped on a phone.
 * Bodies are kept rendered between builds with their placeholders, filled in only where a page or feed item is made.
 */
import { escapeHtml } from '../escape';
import type { SiteFacts } from './model';

export const siteFactNames = ['name', 'legalName', 'phone', 'email', 'address', 'hours'] as const;
/** The facts written as links, which the text of a link cannot hold. */
export const linkedSiteFact = /\{\s*(?:phone|email)\s*\}/;

const placeholder = /\{\s*([a-zA-Z]+)\s*\}/g;

type Facts = Pick<SiteFacts, 'name' | 'legalName' | 'phone' | 'phoneHref' | 'email' | 'addressLine' | 'hoursLine'>;

export function withSiteFacts(html: string, site: Facts): string {
  const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
  const facts: Record<(typeof siteFactNames)[number], string> = {
    name: escapeHtml(site.name),
    legalName: escapeHtml(site.legalName),
    phone: link(site.phoneHref, site.phone),
    email: link(`mailto:${site.email}`, site.email),
    address: escapeHtml(site.addressLine),
    hours: escapeHtml(site.hoursLine),
  };
  return html.replace(placeholder, (whole, name: string) =>
    Object.hasOwn(facts, name) ? facts[name as keyof typeof facts] : whole,
  );
}

/** A misspelt `{word}` would be published as written. */
export function unknownSiteFact(text: string): string | undefined {
  for (const [whole, name] of text.matchAll(placeholder))
    if (!(siteFactNames as readonly string[]).includes(name!)) return whole;
}
