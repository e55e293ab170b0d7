/**
 * The site's facts a Markdown body may name, `{phone}` say, so that a new number reaches every article, legal page
 * and feed from site.json: phone and email as links to tap, the number never split across lines (as TelLink's). Kept
 * rendered with their placeholders, bodies are filled in per page and feed item.
 */
import { escapeHtml } from '../escape';
import type { SiteFacts } from './model';

export const siteFactNames = ['name', 'legalName', 'phone', 'email', 'address', 'hours'] as const;
/** The facts written as links, which the text of a link cannot hold. */
export const linkedSiteFact = /\{\s*(?:phone|email)\s*\}/;

const placeholder = /\{\s*([a-zA-Z]+)\s*\}/g;

type Facts = Pick<SiteFacts, 'name' | 'legalName' | 'phone' | 'phoneHref' | 'email' | 'addressLine' | 'hoursLine'>;

export function withSiteFacts(html: string, site: Facts): string {
  const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${text}</a>`;
  const facts: Record<(typeof siteFactNames)[number], string> = {
    name: escapeHtml(site.name),
    legalName: escapeHtml(site.legalName),
    phone: link(site.phoneHref, escapeHtml(site.phone).replaceAll(' ', '\u00a0')),
    email: link(`mailto:${site.email}`, escapeHtml(site.email)),
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
