/**
 * The choices the lead forms offer. Kept apart from the schema (lead.ts) so
 * the browser can import them without the validation library.
 */
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
/** The trade a visitor picks when theirs is not listed: it says nothing of their work. */
export const other = { value: 'other', label: 'Other' } as const;

// Made by a call marked pure: a script that imports this module for its limits alone leaves the trades out (the pages
// hand them to the forms), where a bundler keeps a spread at the top level, which could run an iterator.
export const tradeOptions = /* @__PURE__ */ (() =>
  ({
    hero: [...heroTrades, other],
    contact: [
      ...heroTrades,
      { value: 'landscaper', label: 'Landscaper' },
      { value: 'painter', label: 'Painter & Decorator' },
      { value: 'heating', label: 'Heating Engineer' },
      { value: 'kitchen', label: 'Kitchen Fitter' },
      other,
    ],
  }) as const)();

export const budgetOptions = [
  { value: '0-500', label: '£0 to £500 per month' },
  { value: '500-1000', label: '£500 to £1,000 per month' },
  { value: '1000-2500', label: '£1,000 to £2,500 per month' },
  { value: '2500-5000', label: '£2,500 to £5,000 per month' },
  { value: '5000+', label: '£5,000+ per month' },
] as const;

export const serviceOptions = [
  'Local SEO',
  'Google Ads',
  'AI Services',
  'Website Design',
  'Reputation Management',
] as const;

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

/**
 * An email address as the lead schema takes it (lead.ts), written as an
 * input's pattern attribute reads it (the whole value, read with the v flag):
 * the browser stops an address the handler would refuse, such as sam@example,
 * before it is sent, and marks the field. The name before the @ may hold what
 * real ones hold (sean.o'brien, a&b, first+tag), in dot-separated parts; the
 * domain is labels joined by dots, of letters, digits and hyphens (xn--bcher-kva,
 * as the browser writes bücher), the last a name of two or more characters.
 * At most 64 characters before the @, as mail servers take.
 * Short, and one string: every form's markup carries it (formOptions).
 */
export const emailPattern =
  "(?=[^@]{1,64}@)[\\w!#$%&'*+=?^~\\-]+(?:\\.[\\w!#$%&'*+=?^~\\-]+)*@(?:\\w[\\w\\-]*\\.)+[A-Za-z][\\w\\-]*\\w";

/**
 * A phone number as people type one, written as emailPattern is: 10 to 15 digits (a UK number, 01332 123456, and
 * +44 (0)7700 900-123 alike, up to the longest international one), with a + before them and spaces, brackets, dots and
 * dashes among them, and the extension of an office's line after them (01632 960123 ext 4, Ext. 204, x4), without
 * which the agency could not reach the caller. No other letters ("call me"). Spaces alone pass, as they pass
 * `required`: the form's script empties such a field, which the browser then asks for if it is required
 * (use-lead-form.ts); the server takes it for none.
 */
export const phonePattern =
  '\\s*(?:\\+?(?:[\\s\\(\\)\\.\\-]*\\d){10,15}[\\s\\(\\)\\.\\-]*(?:(?:[Ee][Xx][Tt](?:[Nn]|[Ee][Nn][Ss][Ii][Oo][Nn])?|[Xx])[\\s\\.:]*\\d{1,6}\\s*)?)?';

/**
 * What each enquiry form is given as props: the choices it offers and the patterns of its email and phone, which the
 * server holds them to. They travel in the page's markup, which has the choices already, rather than in its script.
 */
export const formOptions = /* @__PURE__ */ (() => {
  const patterns = { email: emailPattern, phone: phonePattern };
  return {
    hero: { trades: tradeOptions.hero, patterns },
    contact: { trades: tradeOptions.contact, budgets: budgetOptions, services: serviceOptions, patterns },
  };
})();

/** Whether `text` is an email address as emailPattern takes one: the lead schema's rule, and `sitegen leads --erase`'s. */
export function isEmailAddress(text: string): boolean {
  return matchesWhole(emailPattern, text);
}

/** Whether `text` is a phone number (or blank) as phonePattern takes one: the lead schema's rule. */
export function isPhoneNumber(text: string): boolean {
  return matchesWhole(phonePattern, text);
}

/** Whether all of `text` is what `pattern` takes, as an input's pattern attribute reads it. */
function matchesWhole(pattern: string, text: string): boolean {
  return new RegExp(`^(?:${pattern})$`, 'u').test(text);
}
