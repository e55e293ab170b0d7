/**
 * Generated valid lead payloads for the property tests, each with the row it
 * must become, worked out from how it was made rather than by the handler's
 * code: a lead of any form (any text Postgres can store, unicode included, in
 * a field that takes any text), stray keys included; and the honeypot as bots
 * fill it.
 */
import fc from 'fast-check';
import { limits, serviceOptions } from '../../supabase/functions/_shared/lead-options.ts';
import { budgets, contactTrades, fields, heroTrades, padding, type Form, type Payload } from './lead-form-fields';

/** The columns of a stored lead that the visitor's values fill. */
export interface ExpectedRow {
  submission_id: string;
  form_type: Form;
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

/** The longest start of `value` (whole code points) that has at most `max` UTF-16 units. */
function fit(value: string, max: number): string {
  let out = '';
  for (const point of value) {
    if (out.length + point.length > max) break;
    out += point;
  }
  return out;
}

/** Any text of at most `max` UTF-16 units that Postgres can store (any code point but U+0000), at times padded. */
const text = (max: number) =>
  fc
    .tuple(padding, fc.string({ unit: 'binary', maxLength: max }), padding)
    .map(([before, core, after]) => fit(before + core.replaceAll('\u0000', '') + after, max));
const someText = (max: number) => text(max).filter((value) => value.trim() !== '');
const optionalText = (max: number) => fc.oneof(text(max), fc.constant(null));
/**
 * The page a form was sent from: a path as location.pathname gives it (printable ASCII, never a query's ? or a
 * fragment's #), at times padded; or blank, or none.
 */
const page = fc.oneof(
  fc
    .tuple(padding, fc.stringMatching(/^\/[!-"$->@-~]*$/), padding)
    .map(([before, path, after]) => fit(before + path, limits.page - after.length) + after),
  padding,
  fc.constant(null),
);
/**
 * A phone number as people type one: 10 to 15 digits, at times a + before them and spaces, brackets, dots or dashes
 * among them, at times padded; what the lead schema stores trimmed.
 */
const phone = fc
  .tuple(
    padding,
    fc.constantFrom('', '+'),
    fc.array(fc.tuple(fc.constantFrom('', '', '', ' ', '-', '.', '(', ')', ' ('), fc.integer({ min: 0, max: 9 })), {
      minLength: 10,
      maxLength: 15,
    }),
    padding,
  )
  .map(([before, plus, digits, after]) => before + plus + digits.map(([mark, digit]) => mark + digit).join('') + after)
  .filter((value) => value.length <= limits.phone);
const email = fc
  .tuple(
    padding,
    fc.stringMatching(/^[\w+-]{1,16}(\.[\w+-]{1,8}){0,2}@[\da-zA-Z]{1,12}([.-][\da-zA-Z]{1,8}){0,2}\.[a-zA-Z]{2,6}$/),
    padding,
  )
  .map(([before, address, after]) => before + address + after);

/** The honeypot as people leave it; and as bots fill it. */
const honeypotEmpty = fc.constantFrom('', ' ', '\t\n');
export const botHoneypot = fc.oneof(
  fc.string({ minLength: 1 }).filter((value) => value.trim() !== ''),
  fc.constantFrom<unknown>(1, true, {}, [], ['x']),
);

/** Keys no form has (some the table has), with any JSON: the schema drops them. */
const strayKeys = fc.dictionary(
  fc.constantFrom('id', 'created_at', 'notified_at', 'notify_attempts', '__proto__', 'constructor', 'message', 'name'),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 2 },
);

/** A valid lead of any form, its submission_id one of `ids` in either case; stray keys included. */
export function validLead(ids: readonly string[]): fc.Arbitrary<Payload> {
  const submissionId = fc
    .tuple(fc.constantFrom(...ids), fc.boolean())
    .map(([id, upper]) => (upper ? id.toUpperCase() : id));
  const common = { submission_id: submissionId, email, page, website: honeypotEmpty };
  const forms = [
    fc.record(
      {
        ...common,
        form_type: fc.constant('hero'),
        name: someText(limits.name),
        phone: fc.oneof(phone, padding, fc.constant(null)),
        trade: fc.constantFrom<string | null>(...heroTrades, '', null),
      },
      { requiredKeys: ['form_type', 'submission_id', 'name', 'email'] },
    ),
    fc.record(
      {
        ...common,
        form_type: fc.constant('contact'),
        name: someText(limits.name),
        phone,
        trade: fc.constantFrom(...contactTrades),
        business_name: optionalText(limits.business_name),
        location: optionalText(limits.location),
        budget: fc.constantFrom<string | null>(...budgets, '', null),
        services_interested: fc.shuffledSubarray([...serviceOptions]),
        message: optionalText(limits.message),
      },
      { requiredKeys: ['form_type', 'submission_id', 'name', 'email', 'phone', 'trade'] },
    ),
    fc.record(
      { ...common, form_type: fc.constant('newsletter') },
      { requiredKeys: ['form_type', 'submission_id', 'email'] },
    ),
  ];
  return fc.tuple(fc.oneof(...forms), strayKeys).map(([lead, stray]) => {
    const payload: Payload = { ...lead };
    const own = fields[lead.form_type as Form].own;
    for (const [key, value] of Object.entries(stray))
      if (!own.includes(key)) Object.defineProperty(payload, key, { value, enumerable: true, writable: true });
    return payload;
  });
}

/**
 * The row a valid lead becomes: text trimmed, blanks and absent fields null, the UUID in lower case, the page's
 * leading slashes one.
 */
export function rowOf(lead: Payload): ExpectedRow {
  const form = lead.form_type as Form;
  const optional = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  const choice = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const contact = form === 'contact';
  return {
    submission_id: String(lead.submission_id).toLowerCase(),
    form_type: form,
    name: form === 'newsletter' ? null : String(lead.name).trim(),
    email: String(lead.email).trim(),
    phone: form === 'newsletter' ? null : optional(lead.phone),
    trade: form === 'newsletter' ? null : choice(lead.trade),
    business_name: contact ? optional(lead.business_name) : null,
    location: contact ? optional(lead.location) : null,
    budget: contact ? choice(lead.budget) : null,
    services_interested: contact ? ((lead.services_interested as string[] | undefined) ?? []) : [],
    message: contact ? optional(lead.message) : null,
    page: optional(lead.page)?.replace(/^\/+/, '/') ?? null,
  };
}
