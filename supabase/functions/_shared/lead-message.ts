/**
 * What the agency reads about a new lead: the email's subject, and the
 * summary that is both the email's plain text and the webhook's `text`, its
 * lines (leadHeading, leadFields, messageLines) laid out for a mail client by
 * lead-email.ts and for Teams by lead-teams.ts. Every
 * field the form has is listed, a blank one as "not given", with the labels
 * the visitor saw (Heating Engineer, not heating).
 */
import { describeTouch, touchFields, touchOf } from './attribution.ts';
import type { Touch, TouchColumn, TouchField, TouchName } from './attribution.ts';
import { formatDate } from './calendar-day.ts';
import { budgetOptions, other, tradeOptions, type FormType } from './lead-options.ts';
import type { StoredLead } from './lead-store.ts';
import { oneLine } from './one-line.ts';
import { phoneHref } from './phone-href.ts';

const formNames: Record<FormType, string> = {
  hero: 'quick quote',
  contact: 'contact',
  newsletter: 'newsletter',
};

/** The words the agency reads for a lead's fields: the summary's labels, and a spreadsheet's header (columnLabels). */
const fieldLabels = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  trade: 'Trade',
  business_name: 'Business',
  location: 'Location',
  budget: 'Budget',
  services_interested: 'Services',
  message: 'Message',
  // The page the form was sent from: "Page" alone could be taken for the one the visitor landed on.
  page: 'Sent from',
} as const;

/** A touch's fields in words, after the name of its visit: "First visit keyword"; the summary's last visit is "Found us". */
const visitNames: Record<TouchName, string> = { first: 'First visit', last: 'Last visit' };
const touchWords: Record<TouchField, string> = {
  landing_path: 'landing page',
  referrer_origin: 'referring site',
  utm_source: 'source',
  utm_medium: 'medium',
  utm_campaign: 'campaign',
  utm_term: 'keyword',
  utm_content: 'ad',
  gclid: 'Google click ID',
  gbraid: 'Google iOS click ID (gbraid)',
  wbraid: 'Google iOS click ID (wbraid)',
  arrived_on: 'date (UTC)',
};

/**
 * The leads table's columns in words, for the header of the CSV a marketer opens in a spreadsheet (`sitegen leads
 * --csv`): the summary's labels, and each visit's fields by name ("Last visit campaign"). Times are in UTC, as written.
 */
const columnLabels = {
  id: 'Lead #',
  created_at: 'Received (UTC)',
  form_type: 'Form',
  ...fieldLabels,
  ...(Object.fromEntries(
    (['first', 'last'] as const).flatMap((name) =>
      touchFields.map((field) => [`${name}_${field}`, `${visitNames[name]} ${touchWords[field]}`]),
    ),
  ) as Record<TouchColumn, string>),
  submission_id: 'Submission ID',
  notified_at: 'Notified (UTC)',
  notified_by: 'Notified by',
  notify_attempts: 'Notification attempts',
  notify_error: 'Notification error',
  next_notify_at: 'Next notification (UTC)',
};
export const columnLabel = (column: keyof typeof columnLabels) => columnLabels[column];

const label = (options: readonly { value: string; label: string }[], value: string | null) =>
  value === null ? null : (options.find((option) => option.value === value)?.label ?? value);

type Choices = Pick<StoredLead, 'form_type' | 'trade' | 'budget'>;
/** The lead's choices in the words the visitor chose them by: "Heating Engineer", not heating. */
const choiceWords: { [C in keyof Choices]: (lead: Choices) => string | null } = {
  form_type: (lead) => formNames[lead.form_type],
  trade: (lead) => label(tradeOptions.contact, lead.trade),
  budget: (lead) => label(budgetOptions, lead.budget),
};

/** A column of the lead as the summary gives it: a choice in words (the form's name, a trade's label), else as stored. */
export function inWords<T extends Choices, C extends keyof T>(lead: T, column: C): T[C] | string | null {
  return Object.hasOwn(choiceWords, column) ? choiceWords[column as keyof Choices](lead) : lead[column];
}

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
  // A sign-up asks for no answer: the office must not take it for an enquiry.
  if (lead.form_type === 'newsletter') return oneLine(`Newsletter sign-up: ${lead.email}`);
  const form = `${formNames[lead.form_type]} form`;
  const who = lead.name ?? lead.email;
  // An inbox is scanned by trade: none, or "Other", tells nothing there, and the body lists the trade either way.
  const trade = lead.trade === other.value ? null : choiceWords.trade(lead);
  return oneLine(`New lead, ${form}: ${trade ? `${trade} (${who})` : who}`).slice(0, 200);
}

/** A row as the office counts it: "lead #3", or "sign-up #4" for the newsletter's, which asks for no answer. */
export const rowName = (lead: Pick<StoredLead, 'form_type' | 'id'>): string =>
  `${lead.form_type === 'newsletter' ? 'sign-up' : 'lead'} #${lead.id}`;

/** A line of the summary: its label, the value in words, and where an email links it (mailto:, tel:). */
export type SummaryField = [label: string, value: string, href?: string];

/** The lead's fields as the summary lists them, each form's own, a blank one as "not given", then how it found us. */
export function leadFields(lead: StoredLead): SummaryField[] {
  const given = (column: keyof typeof fieldLabels, value: string | null, href?: (value: string) => string) =>
    (value === null ? [fieldLabels[column], 'not given'] : [fieldLabels[column], value, href?.(value)]) as SummaryField;
  const fields: SummaryField[] = [];
  if (lead.form_type !== 'newsletter') fields.push(given('name', lead.name));
  fields.push(given('email', lead.email, (email) => `mailto:${email.replace(/[%?#]/g, encodeURIComponent)}`));
  if (lead.form_type !== 'newsletter') {
    fields.push(given('phone', lead.phone, phoneHref), given('trade', choiceWords.trade(lead)));
  }
  if (lead.form_type === 'contact') {
    fields.push(
      given('business_name', lead.business_name),
      given('location', lead.location),
      given('budget', choiceWords.budget(lead)),
      given('services_interested', lead.services_interested.join(', ') || null),
    );
  }
  return [...fields, given('page', lead.page), ...foundBy(lead)];
}

/** The first two lines: who and what (a chat's notification shows the first line alone, and a webhook has no subject), then when. */
export const leadHeading = (lead: StoredLead): [string, string] => [
  leadSubject(lead),
  `Received: ${received(lead.created_at)} (${rowName(lead)})`,
];

/** The contact form's message, line by line as typed, each one line; null for a form without one. */
export const messageLines = (lead: StoredLead): string[] | null =>
  lead.form_type !== 'contact' || lead.message === null
    ? null
    : lead.message.split(/\r\n|[\n\r\u2028\u2029]/).map((line) => oneLine(line));

export function leadSummary(lead: StoredLead): string {
  // A visitor's text cannot pass for a line of ours: each field is one line, and the message comes last, indented.
  const message = messageLines(lead);
  const body =
    lead.form_type !== 'contact'
      ? []
      : message === null
        ? [`${fieldLabels.message}: not given`]
        : [`${fieldLabels.message}:`, ...message.map((line) => `  ${line}`.trimEnd())];
  return [...leadHeading(lead), ...leadFields(lead).map(([name, value]) => `${name}: ${oneLine(value)}`), ...body].join(
    '\n',
  );
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
  const found = touchLines(last, 'Found us', (word) => `${word[0]!.toUpperCase()}${word.slice(1)}`);
  if (!first || way(first) === way(last)) return found;
  return [...found, ...touchLines(first, visitNames.first, (word) => `${visitNames.first} ${word}`)];
}

function touchLines(touch: Touch, came: string, named: (word: string) => string): [string, string][] {
  const lines: [string, string][] = [[came, cameBy(touch)]];
  for (const field of ['utm_term', 'utm_content'] as const) {
    if (touch[field]) lines.push([named(touchWords[field]), touch[field]]);
  }
  return lines;
}

const way = (touch: Touch) => JSON.stringify([cameBy(touch), touch.utm_term, touch.utm_content]);

function cameBy(touch: Touch): string {
  const landing = touch.landing_path ? `, landing on ${touch.landing_path}` : '';
  return `from ${describeTouch(touch)}${landing}${touch.arrived_on ? `, on ${formatDate(touch.arrived_on)}` : ''}`;
}

/**
 * Slack reads <…> as links and mentions (<!channel> would page everyone) and
 * & as the start of an entity; a visitor's text must show as typed. In a
 * chat that reads Markdown (Mattermost; Teams has a card of its own),
 * [words](address) is a link that hides its address and ![…](…) a picture
 * loaded from anywhere: an invisible word joiner after each ] breaks every
 * such link, image and reference, and shows nothing.
 */
export function escapeForChat(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll(']', ']\u2060');
}
