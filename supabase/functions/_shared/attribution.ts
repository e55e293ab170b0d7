/**
 * Where a lead came from: a touch is one arrival on the site (the page landed
 * on, the referring site's origin, the campaign's utm_* values and Google's
 * click identifiers). A lead carries its first and its last touch. This module
 * is the one definition of a touch's fields and of what a stored value may
 * hold, shared by the schema (lead.ts), the browser that captures touches
 * (islands/lib/attribution.ts) and what the agency reads (the notification,
 * `sitegen leads`). No validation library: the browser imports it.
 */
import { isCalendarDay } from './calendar-day.ts';

export const touchFields = [
  'landing_path',
  'referrer_origin',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'gbraid',
  'wbraid',
  'arrived_on',
] as const;
export type TouchField = (typeof touchFields)[number];
export type Touch = { [F in TouchField]?: string };
export type TouchName = 'first' | 'last';
/** A touch's field as a column of the leads table: first_utm_source, last_gclid… */
export type TouchColumn = `${TouchName}_${TouchField}`;

/** The longest value kept, in characters, mirrored by the migration's check constraints. */
export const touchLimit = 200;

/** Control characters, the characters that reorder text on screen, and half a surrogate pair: never kept. */
const unsafe = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\p{Cs}]+/gu;
const clickId = /^[A-Za-z0-9][\w-]*$/;
/** A path as location.pathname gives it: percent-encoded, so printable ASCII, with no query or fragment. */
export const sitePath = /^\/(?!.*[?#])[!-~]*$/;
/** The form each field must have; the utm_* values are any printable text. */
const forms: Partial<Record<TouchField, { test(text: string): boolean }>> = {
  // Never `//host/…`, which a mail client or a chat would show as another site's address.
  landing_path: /^\/(?!\/)(?!.*[?#])[!-~]*$/,
  // An origin only, never a referring page's path or query (which may hold a visitor's search or email).
  referrer_origin: /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$/,
  gclid: clickId,
  gbraid: clickId,
  wbraid: clickId,
  arrived_on: { test: isCalendarDay },
};
/** Kept whole or not at all: an origin or a click identifier cut short would name another. */
const whole: readonly TouchField[] = ['referrer_origin', 'gclid', 'gbraid', 'wbraid', 'arrived_on'];

/**
 * A value as it may be stored: text without control or bidi characters, its
 * white space collapsed, cut to touchLimit characters; null when nothing is
 * left, it is not of its field's form (a `javascript:` referrer, a click
 * identifier with spaces), or it is an identifier too long to keep whole.
 * Cut or dropped rather than refused, so that an odd address a visitor
 * arrived by never costs their enquiry.
 */
export function cleanTouchValue(field: TouchField, value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const characters = [...value.replace(unsafe, ' ').replace(/\s+/g, ' ').trim()];
  if (characters.length > touchLimit && whole.includes(field)) return null;
  const text = characters.slice(0, touchLimit).join('');
  return text && (forms[field]?.test(text) ?? true) ? text : null;
}

/** The fields of `raw` that may be stored, cleaned; null when none is left. */
export function cleanTouch(raw: Readonly<Record<string, unknown>> | null | undefined): Touch | null {
  const touch: Touch = {};
  for (const field of touchFields) {
    const value = cleanTouchValue(field, raw?.[field]);
    if (value) touch[field] = value;
  }
  return Object.keys(touch).length > 0 ? touch : null;
}

/** A lead's first and last touch as columns, absent ones null. */
export function touchColumns(first: Touch | null, last: Touch | null): Record<TouchColumn, string | null> {
  const columns = {} as Record<TouchColumn, string | null>;
  for (const field of touchFields) {
    columns[`first_${field}`] = first?.[field] ?? null;
    columns[`last_${field}`] = last?.[field] ?? null;
  }
  return columns;
}

/** Every touch column, first touch then last, in the order of touchFields. */
export const touchColumnNames: readonly TouchColumn[] = (['first', 'last'] as const).flatMap((name) =>
  touchFields.map((field): TouchColumn => `${name}_${field}`),
);

/** The touch columns of a row read back (a column missing, as from an older database, as null). */
export function touchColumnsOf(
  row: Readonly<Partial<Record<TouchColumn, string | null>>>,
): Record<TouchColumn, string | null> {
  return Object.fromEntries(touchColumnNames.map((column) => [column, row[column] ?? null])) as Record<
    TouchColumn,
    string | null
  >;
}

/** One of a lead's touches, read back from its columns; null when it has none. */
export function touchOf(row: Readonly<Record<TouchColumn, string | null>>, name: TouchName): Touch | null {
  return cleanTouch(Object.fromEntries(touchFields.map((field) => [field, row[`${name}_${field}`]])));
}

const paidMedia = new Set(['cpc', 'ppc', 'paid', 'paidsearch', 'sem']);

/**
 * The referring sites the agency knows by name, by their hosts: a search engine's results (Google's alone, not Gmail
 * or Docs on google.com's subdomains) and the social networks' pages and link shims (l.facebook.com). Any other is
 * named by its address.
 */
const knownReferrers: readonly [host: RegExp, name: string][] = [
  [/^(www\.)?google(\.com?)?\.[a-z]{2,3}$/, 'Google search'],
  [/(^|\.)bing\.com$/, 'Bing search'],
  [/(^|\.)duckduckgo\.com$/, 'DuckDuckGo search'],
  [/(^|\.)search\.yahoo\.com$/, 'Yahoo search'],
  [/(^|\.)ecosia\.org$/, 'Ecosia search'],
  [/(^|\.)facebook\.com$/, 'Facebook'],
  [/(^|\.)instagram\.com$/, 'Instagram'],
  [/(^|\.)linkedin\.com$|^lnkd\.in$/, 'LinkedIn'],
];

/** A referring site as the agency knows it: "Google search", "Facebook", else its address ("www.example.co.uk"). */
function referrerName(origin: string): string {
  const address = origin.replace(/^https?:\/\//, '');
  return knownReferrers.find(([host]) => host.test(address))?.[1] ?? address;
}

/**
 * How a touch brought the visitor, in a few words: "Google Ads, campaign
 * plumbers-derby", "newsletter (email)", "email, campaign spring",
 * "Bing search", "www.example.co.uk", "a direct visit".
 */
export function describeTouch(touch: Touch | null): string {
  if (!touch) return 'not known';
  const medium = touch.utm_medium?.toLowerCase().replace(/[-_ ]/g, '');
  // Without a tagged source, the referring site stands for it: "Facebook (social)", not the medium alone.
  const source = touch.utm_source ?? (touch.referrer_origin && referrerName(touch.referrer_origin));
  const googleAds =
    touch.gclid ||
    touch.gbraid ||
    touch.wbraid ||
    (/^google( search)?$/i.test(source ?? '') && paidMedia.has(medium ?? ''));
  const by = googleAds
    ? 'Google Ads'
    : source
      ? `${source}${touch.utm_medium ? ` (${touch.utm_medium})` : ''}`
      : touch.utm_medium;
  const campaign = touch.utm_campaign && `campaign ${touch.utm_campaign}`;
  return [by, campaign].filter(Boolean).join(', ') || 'a direct visit';
}
