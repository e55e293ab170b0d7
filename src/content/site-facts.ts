/**
 * The site's facts a Markdown body may name in its text, `{phone}` say,
 * filled in from content/site.json: a new number or address reaches every
 * article and legal page, and every feed, from that one file. The phone
 * number and the e-mail address are written as links, as the footer writes
 * them, to be tapped on a phone. A body is kept rendered between builds (the
 * content index), with its placeholders: they are filled in where its page
 * or feed item is made, never kept filled.
 */
import { escapeHtml } from '../escape';
import type { SiteFacts } from './model';

export const siteFactNames = ['phone', 'email', 'address', 'hours'] as const;
/** The facts written as links, which the text of a link cannot hold. */
export const linkedSiteFact = /\{(?:phone|email)\}/;

const placeholder = /\{([a-z]+)\}/g;

type Facts = Pick<SiteFacts, 'phone' | 'phoneHref' | 'email' | 'addressLine' | 'hoursLine'>;

/** A body's HTML with each of the site's facts it names written in. */
export function withSiteFacts(html: string, site: Facts): string {
  const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
  const facts: Record<(typeof siteFactNames)[number], string> = {
    phone: link(site.phoneHref, site.phone),
    email: link(`mailto:${site.email}`, site.email),
    address: escapeHtml(site.addressLine),
    hours: escapeHtml(site.hoursLine),
  };
  return html.replace(placeholder, (whole, name: string) =>
    Object.hasOwn(facts, name) ? facts[name as keyof typeof facts] : whole,
  );
}

/** The first `{word}` in a body's text that names no fact (a misspelling would be published as written), if any. */
export function unknownSiteFact(text: string): string | undefined {
  for (const [whole, name] of text.matchAll(placeholder))
    if (!(siteFactNames as readonly string[]).includes(name!)) return whole;
  return undefined;
}
