/**
 * The site's facts a Markdown body may name, `{phone}` say, so that a new number reaches every page and feed from
 * site.json: phone and email as links to tap, the number never split across lines (as TelLink's), the address split
 * only before "@" or a dot (as MailLink's). Kept rendered with their placeholders, bodies are filled in per page and
 * feed item.
 */
import { escapeHtml } from '../escape';
import type { SiteFacts } from './model';

export const siteFactNames = ['name', 'legalName', 'phone', 'email', 'address', 'hours'] as const;
/** The facts written as links, which the text of a link cannot hold. */
export const linkedSiteFact = /\{\s*(?:phone|email)\s*\}/;

const placeholder = /\{\s*([a-zA-Z]+)\s*\}/g;

type Facts = Pick<SiteFacts, 'name' | 'legalName' | 'phone' | 'phoneHref' | 'email' | 'addressLine' | 'hoursLine'>;

export function withSiteFacts(html: string, site: Facts): string {
  const email = escapeHtml(site.email);
  const facts: Record<(typeof siteFactNames)[number], string> = {
    name: escapeHtml(site.name),
    legalName: escapeHtml(site.legalName),
    phone: `<a href="${escapeHtml(site.phoneHref)}">${escapeHtml(site.phone).replaceAll(' ', '\u00a0')}</a>`,
    email: `<a href="mailto:${email}" aria-label="${email}">${email.replace(/(?=[@.])/g, '<wbr>')}</a>`,
    address: escapeHtml(site.addressLine),
    hours: escapeHtml(site.hoursLine),
  };
  return html.replace(placeholder, (whole, name: string) =>
    Object.hasOwn(facts, name) ? facts[name as keyof typeof facts] : whole,
  );
}

/** A misspelt `{word}` would be published as written. */
export function unknownSiteFact(text: string): string | undefined {
  return [...text.matchAll(placeholder)].find(([, name]) => !(siteFactNames as readonly string[]).includes(name!))?.[0];
}
