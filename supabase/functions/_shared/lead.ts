/**
 * The lead: the one thing the site exists to capture. This module is the only
 * definition of what a lead is (the form options and the validation schema)
 * and is imported by the browser forms, the Edge Function and the local server.
 * Relative imports carry their .ts extension because Deno runs this file as is.
 */
import * as v from 'valibot';

export interface Option<T extends string = string> {
  value: T;
  label: string;
}

const heroTrades = [
  { value: 'plumber', label: 'Plumber' },
  { value: 'electrician', label: 'Electrician' },
  { value: 'builder', label: 'Builder' },
  { value: 'carpenter', label: 'Carpenter' },
  { value: 'roofer', label: 'Roofer' },
] as const;
const other = { value: 'other', label: 'Other' } as const;

export const tradeOptions = {
  hero: [...heroTrades, other],
  contact: [
    ...heroTrades,
    { value: 'landscaper', label: 'Landscaper' },
    { value: 'painter', label: 'Painter & Decorator' },
    { value: 'heating', label: 'Heating Engineer' },
    { value: 'kitchen', label: 'Kitchen Fitter' },
    other,
  ],
} as const;

export const budgetOptions = [
  { value: '0-500', label: '£0 - £500 per month' },
  { value: '500-1000', label: '£500 - £1,000 per month' },
  { value: '1000-2500', label: '£1,000 - £2,500 per month' },
  { value: '2500-5000', label: '£2,500 - £5,000 per month' },
  { value: '5000+', label: '£5,000+ per month' },
] as const;

export const serviceOptions = ['Local SEO', 'Google Ads', 'AI Services', 'Website Design', 'Reputation Management'] as const;

export const formTypes = ['hero', 'contact', 'newsletter'] as const;
export type FormType = (typeof formTypes)[number];

/** Field length limits, mirrored by the database's check constraints. */
export const limits = {
  name: 100,
  email: 254,
  phone: 30,
  business_name: 120,
  location: 120,
  message: 5000,
  page: 200,
} as const;

const values = <T extends readonly Option[]>(options: T) => options.map((option) => option.value) as unknown as { [K in keyof T]: T[K]['value'] };

const trimmed = (max: number, what: string) => v.pipe(v.string(`${what} must be text`), v.trim(), v.maxLength(max, `${what} must be at most ${max} characters`));
const required = (max: number, what: string) => v.pipe(trimmed(max, what), v.minLength(1, `${what} is required`));
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
    v.optional(v.nullable(v.union([v.literal(''), choice(options, what)], `${what} must be one of: ${options.join(', ')}`)), null),
    v.transform((value) => value || null),
  );

const common = {
  name: required(limits.name, 'name'),
  email: v.pipe(required(limits.email, 'email'), v.email('email must be a valid e-mail address')),
  submission_id: v.pipe(v.string('submission_id must be text'), v.uuid('submission_id must be a UUID')),
  page: optional(limits.page, 'page'),
  /** Honeypot: hidden from people, filled in by bots. */
  website: v.optional(v.string(), ''),
};

const heroLead = v.object({
  ...common,
  form_type: v.literal('hero'),
  phone: optional(limits.phone, 'phone'),
  trade: optionalChoice(values(tradeOptions.hero), 'trade'),
});

const contactLead = v.object({
  ...common,
  form_type: v.literal('contact'),
  phone: required(limits.phone, 'phone'),
  trade: choice(values(tradeOptions.contact), 'trade'),
  business_name: optional(limits.business_name, 'business_name'),
  location: optional(limits.location, 'location'),
  budget: optionalChoice(values(budgetOptions), 'budget'),
  services_interested: v.pipe(
    v.optional(v.array(choice(serviceOptions, 'services_interested'), 'services_interested must be a list'), []),
    v.checkItems((item, index, array) => array.indexOf(item) === index, 'services_interested must not repeat a service'),
  ),
  message: optional(limits.message, 'message'),
});

const newsletterLead = v.object({
  email: common.email,
  submission_id: common.submission_id,
  page: common.page,
  website: common.website,
  form_type: v.literal('newsletter'),
});

export const leadSchema = v.variant('form_type', [heroLead, contactLead, newsletterLead], `form_type must be one of: ${formTypes.join(', ')}`);

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
