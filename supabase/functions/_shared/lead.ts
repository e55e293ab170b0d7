/**
 * The lead: the one thing the site exists to capture. This module (with the
 * form options of lead-options.ts) is the only definition of what a lead is,
 * used by the Edge Function, the local server and, for the options, the
 * browser forms. Relative imports carry their .ts extension because Deno runs
 * this file as is.
 */
import * as v from 'valibot';
import { cleanTouch, sitePath, touchColumns, touchFields, type TouchColumn } from './attribution.ts';
import {
  budgetOptions,
  isEmailAddress,
  isPhoneNumber,
  formTypes,
  limits,
  serviceOptions,
  tradeOptions,
  type FormType,
  type Option,
} from './lead-options.ts';

export { budgetOptions, formTypes, limits, serviceOptions, tradeOptions };
export type { FormType, Option } from './lead-options.ts';

const values = <T extends readonly Option[]>(options: T) =>
  options.map((option) => option.value) as unknown as { [K in keyof T]: T[K]['value'] };

/**
 * Text Postgres can store. JSON's \u escapes can carry U+0000 and half a
 * surrogate pair, which pass as strings here but fail the insert: refused now,
 * naming the field, rather than answered with a 500 that no retry can fix.
 */
const unstorable = /[\u0000\p{Cs}]/u;
const trimmed = (max: number, what: string) =>
  v.pipe(
    v.string(`${what} must be text`),
    v.check(
      (value) => !unstorable.test(value),
      `${what} contains a character that cannot be stored (U+0000 or half of a surrogate pair)`,
    ),
    v.trim(),
    v.maxLength(max, `${what} must be at most ${max} characters`),
  );
/** A character someone can see: not a space, nor a zero-width one, a word joiner or the Hangul filler, pasted alone. */
const visible = /[^\s\p{Cf}\u115f\u1160\u3164\uffa0]/u;
const required = (max: number, what: string) =>
  v.pipe(
    trimmed(max, what),
    v.check((value) => visible.test(value), `${what} is required`),
  );
/** Optional text: absent, null and '' all mean "not given" and become null. */
const optional = (max: number, what: string) =>
  v.pipe(
    v.optional(v.nullable(trimmed(max, what)), null),
    v.transform((value) => value || null),
  );
const choice = <T extends readonly string[]>(options: T, what: string) =>
  v.picklist(options, `${what} must be one of: ${options.join(', ')}`);
const optionalChoice = <T extends readonly string[]>(options: T, what: string) =>
  v.pipe(
    v.optional(
      v.nullable(v.union([v.literal(''), choice(options, what)], `${what} must be one of: ${options.join(', ')}`)),
      null,
    ),
    v.transform((value) => value || null),
  );

/** An object of these fields and no other; valibot alone would take an array for one with none. */
const fieldsObject = <T extends v.ObjectEntries>(entries: T, message: string) =>
  v.pipe(
    v.custom<unknown>((input) => !Array.isArray(input), message),
    v.strictObject(entries, message),
  );

/**
 * A touch as the browser sends it: any of its fields, each text or null, and
 * nothing else; each value then cleaned (attribution.ts's cleanTouch), so a
 * value too long, of the wrong form or holding control characters is cut or
 * dropped, never stored as sent.
 */
const touch = (name: string) =>
  v.nullish(
    fieldsObject(
      Object.fromEntries(
        touchFields.map((field) => [field, v.nullish(v.string(`attribution.${name}.${field} must be text`))]),
      ),
      `attribution.${name} must be an object of ${touchFields.join(', ')}`,
    ),
  );
const attribution = v.pipe(
  v.optional(
    v.nullable(
      fieldsObject({ first: touch('first'), last: touch('last') }, 'attribution must be an object of first, last'),
    ),
    null,
  ),
  v.transform((value) => ({ first: cleanTouch(value?.first), last: cleanTouch(value?.last) })),
);

/** A phone number, when one is given, as the forms' pattern takes it: the words a visitor sees if one gets past it. */
const phoneNumber = <T extends string | null>() =>
  v.check<T, string>(
    (phone) => phone === null || isPhoneNumber(phone),
    'phone must have 10 to 15 digits, such as 01332 123456 or +44 7700 900123',
  );

const common = {
  name: required(limits.name, 'name'),
  email: v.pipe(required(limits.email, 'email'), v.check(isEmailAddress, 'email must be a valid email address')),
  submission_id: v.pipe(v.string('submission_id must be text'), v.uuid('submission_id must be a UUID')),
  /**
   * The page the form was sent from, as location.pathname gives it. Its leading slashes are kept as one: `//host/…`
   * would read as another site's address in a mail client or a chat, and a visitor on `//contact` keeps their lead.
   */
  page: v.pipe(
    optional(limits.page, 'page'),
    v.check((page) => page === null || sitePath.test(page), 'page must be a path of the site, as /contact'),
    v.transform((page) => page?.replace(/^\/+/, '/') ?? null),
  ),
  /** Where the visitor came from: absent when the browser knows nothing. */
  attribution,
  /** Honeypot: hidden from people, filled in by bots. */
  website: v.optional(v.string('website must be text'), ''),
};

const heroLead = v.object({
  ...common,
  form_type: v.literal('hero'),
  phone: v.pipe(optional(limits.phone, 'phone'), phoneNumber()),
  trade: optionalChoice(values(tradeOptions.hero), 'trade'),
});

const contactLead = v.object({
  ...common,
  form_type: v.literal('contact'),
  phone: v.pipe(required(limits.phone, 'phone'), phoneNumber()),
  trade: choice(values(tradeOptions.contact), 'trade'),
  business_name: optional(limits.business_name, 'business_name'),
  location: optional(limits.location, 'location'),
  budget: optionalChoice(values(budgetOptions), 'budget'),
  services_interested: v.pipe(
    v.optional(v.array(choice(serviceOptions, 'services_interested'), 'services_interested must be a list'), []),
    v.checkItems(
      (item, index, array) => array.indexOf(item) === index,
      'services_interested must not repeat a service',
    ),
  ),
  message: optional(limits.message, 'message'),
});

const newsletterLead = v.object({
  email: common.email,
  submission_id: common.submission_id,
  page: common.page,
  attribution: common.attribution,
  website: common.website,
  form_type: v.literal('newsletter'),
});

export const leadSchema = v.variant(
  'form_type',
  [heroLead, contactLead, newsletterLead],
  `form_type must be one of: ${formTypes.join(', ')}`,
);

export type LeadInput = v.InferInput<typeof leadSchema>;
export type Lead = v.InferOutput<typeof leadSchema>;

export type LeadCheck = { success: true; lead: Lead } | { success: false; error: string };

/** Validates an untrusted payload; the error names the first field at fault. */
export function checkLead(payload: unknown): LeadCheck {
  const result = v.safeParse(leadSchema, payload);
  if (result.success) return { success: true, lead: result.output };
  const issue = result.issues[0];
  const field = v.getDotPath(issue);
  const missing = issue.received === 'undefined' && field ? `${field} is required` : null;
  return { success: false, error: missing ?? issue.message };
}

/** A lead as a row of the `leads` table (supabase/migrations/): every column we write, absent fields as null. */
export interface LeadRecord extends Record<TouchColumn, string | null> {
  submission_id: string;
  form_type: FormType;
  name: string | null;
  email: string;
  phone: string | null;
  trade: string | null;
  business_name: string | null;
  location: string | null;
  budget: string | null;
  services_interested: string[];
  message: string | null;
  page: string | null;
}

/** The row to insert for a checked lead (the honeypot is not stored). */
export function leadRecord(lead: Lead): LeadRecord {
  const record: LeadRecord = {
    submission_id: lead.submission_id,
    form_type: lead.form_type,
    name: null,
    email: lead.email,
    phone: null,
    trade: null,
    business_name: null,
    location: null,
    budget: null,
    services_interested: [],
    message: null,
    page: lead.page,
    ...touchColumns(lead.attribution.first, lead.attribution.last),
  };
  if (lead.form_type === 'newsletter') return record;
  record.name = lead.name;
  record.phone = lead.phone;
  record.trade = lead.trade;
  if (lead.form_type === 'hero') return record;
  return {
    ...record,
    business_name: lead.business_name,
    location: lead.location,
    budget: lead.budget,
    services_interested: [...lead.services_interested],
    message: lead.message,
  };
}
