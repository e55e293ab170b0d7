/**
 * What the agency reads about a new lead: the email's subject, and the
 * summary that is both the email's body and the webhook's `text`. Every
 * field the form has is listed, a blank one as "not given", with the labels
 * the visitor saw (Heating Engineer, not heating).
 */
import { describeTouch, touchOf, type Touch, type TouchColumn } from './attribution.ts';
import { budgetOptions, tradeOptions, type FormType } from './lead-options.ts';
import type { StoredLead } from './lead-store.ts';
import { oneLine } from './one-line.ts';

const formNames: Record<FormType, string> = {
  hero: 'quick quote form',
  contact: 'contact form',
  newsletter: 'newsletter form',
};

const label = (options: readonly { value: string; label: string }[], value: string | null) =>
  value === null ? null : (options.find((option) => option.value === value)?.label ?? value);

/**
 * When the lead arrived, as the agency's clocks in the UK read it: "Sun, 6 Dec 2026, 14:07 GMT", in summer "BST",
 * so that an hour of UTC never reads as the visitor's hour, and the hour October's change repeats names which it is.
 * Made at the first lead, not as the module loads: a first time-zone formatter waits for ICU's zone data, which
 * `sitegen leads` and a function's start need not.
 */
let ukTime: Intl.DateTimeFormat | undefined;
const received = (at: Date) =>
  (ukTime ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  })).format(at);

export function leadSubject(lead: StoredLead): string {
  const form = formNames[lead.form_type];
  if (lead.form_type === 'newsletter') return oneLine(`New lead, ${form}: ${lead.email}`);
  const trade = label(tradeOptions.contact, lead.trade) ?? 'trade not given';
  return oneLine(`New lead, ${form}: ${trade} (${lead.name ?? lead.email})`).slice(0, 200);
}

export function leadSummary(lead: StoredLead): string {
  const given = (value: string | null) => value ?? 'not given';
  const fields: [string, string][] = [];
  if (lead.form_type !== 'newsletter') fields.push(['Name', given(lead.name)]);
  fields.push(['Email', lead.email]);
  if (lead.form_type !== 'newsletter') {
    fields.push(['Phone', given(lead.phone)], ['Trade', given(label(tradeOptions.contact, lead.trade))]);
  }
  if (lead.form_type === 'contact') {
    fields.push(
      ['Business', given(lead.business_name)],
      ['Location', given(lead.location)],
      ['Budget', given(label(budgetOptions, lead.budget))],
      ['Services', lead.services_interested.length > 0 ? lead.services_interested.join(', ') : 'not given'],
    );
  }
  fields.push(['Page', given(lead.page)], ...foundBy(lead));
  // A visitor's text cannot pass for a line of ours: each field is one line, and the message comes last, indented.
  const message = lead.message === null ? ['Message: not given'] : ['Message:', ...indented(lead.message)];
  return [
    // Who and what, first: a chat's notification shows the first line alone, and a webhook has no subject.
    leadSubject(lead),
    `Received: ${received(lead.created_at)} (lead #${lead.id})`,
    ...fields.map(([name, value]) => `${name}: ${oneLine(value)}`),
    ...(lead.form_type === 'contact' ? message : []),
  ].join('\n');
}

/** The message's lines as typed, each indented, with no character that moves the cursor or reorders the text. */
function indented(message: string): string[] {
  return message.split(/\r\n|[\n\r\u2028\u2029]/).map((line) => `  ${oneLine(line)}`.trimEnd());
}

/**
 * How the visitor found the site: "Found us: from Google Ads, campaign
 * plumbers-derby, landing on /", the keyword searched for and the ad when its
 * address named them (utm_term, utm_content: "Keyword: emergency plumber"),
 * and their first visit too when it came another way.
 */
export function foundBy(lead: Readonly<Record<TouchColumn, string | null>>): [string, string][] {
  const first = touchOf(lead, 'first');
  const last = touchOf(lead, 'last') ?? first;
  if (!last) return [['Found us', 'not known']];
  const found = touchLines(last, ['Found us', 'Keyword', 'Ad']);
  if (!first || way(first) === way(last)) return found;
  return [...found, ...touchLines(first, ['First visit', 'First visit keyword', 'First visit ad'])];
}

function touchLines(touch: Touch, [came, keyword, ad]: readonly [string, string, string]): [string, string][] {
  const lines: [string, string][] = [[came, cameBy(touch)]];
  if (touch.utm_term) lines.push([keyword, touch.utm_term]);
  if (touch.utm_content) lines.push([ad, touch.utm_content]);
  return lines;
}

const way = (touch: Touch) => JSON.stringify([cameBy(touch), touch.utm_term, touch.utm_content]);

function cameBy(touch: Touch): string {
  return `from ${describeTouch(touch)}${touch.landing_path ? `, landing on ${touch.landing_path}` : ''}`;
}

/**
 * Slack reads <…> as links and mentions (<!channel> would page everyone) and
 * & as the start of an entity; a visitor's text must show as typed. Teams
 * shows these entities as the characters too. Teams and Mattermost read
 * Markdown as well, where [words](address) is a link that hides its address
 * and ![…](…) a picture loaded from anywhere: an invisible word joiner after
 * each ] breaks every such link, image and reference, and shows nothing.
 */
export function escapeForChat(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll(']', ']\u2060');
}
