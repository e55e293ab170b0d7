/**
 * Generated lead payloads for the property tests, each with what it must
 * become, worked out from how it was made rather than by the handler's code:
 * a valid lead of any form (any text Postgres can store, unicode included,
 * in a field that takes any text) and the row it must be stored as; a
 * near-valid one (one thing wrong) and the error that must name it.
 */
import fc from 'fast-check';
import { budgetOptions, limits, serviceOptions, tradeOptions } from '../../supabase/functions/_shared/lead-options.ts';

type Form = 'hero' | 'contact' | 'newsletter';
export type Payload = Record<string, unknown>;

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

const heroTrades = tradeOptions.hero.map((option) => option.value);
const contactTrades = tradeOptions.contact.map((option) => option.value);
const budgets = budgetOptions.map((option) => option.value);

/** Each form's fields: those it requires, its text fields with their limits, and every key it takes. */
const fields: Record<Form, { required: string[]; texts: Partial<Record<string, number>>; own: string[] }> = {
  hero: {
    required: ['form_type', 'submission_id', 'name', 'email'],
    texts: { name: limits.name, email: limits.email, phone: limits.phone, page: limits.page },
    own: ['form_type', 'submission_id', 'name', 'email', 'phone', 'trade', 'page', 'website'],
  },
  contact: {
    required: ['form_type', 'submission_id', 'name', 'email', 'phone', 'trade'],
    texts: {
      name: limits.name,
      email: limits.email,
      phone: limits.phone,
      business_name: limits.business_name,
      location: limits.location,
      message: limits.message,
      page: limits.page,
    },
    own: [
      'form_type',
      'submission_id',
      'name',
      'email',
      'phone',
      'trade',
      'business_name',
      'location',
      'budget',
      'services_interested',
      'message',
      'page',
      'website',
    ],
  },
  newsletter: {
    required: ['form_type', 'submission_id', 'email'],
    texts: { email: limits.email, page: limits.page },
    own: ['form_type', 'submission_id', 'email', 'page', 'website'],
  },
};

const padding = fc.constantFrom('', '', ' ', '\t', '\n ', '\u00a0', '\u3000');

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

type Mistake = { payload: Payload; error: string };

/** `lead` with one thing wrong, and the error that names it. */
export function nearValid(lead: Payload): fc.Arbitrary<Mistake> {
  const wrong = (field: string, values: fc.Arbitrary<unknown>, error: string) =>
    values.map((value) => ({ payload: { ...lead, [field]: value }, error }));
  return fc.oneof(...textMistakes(lead, wrong), ...choiceMistakes(lead.form_type as Form, wrong));
}

type Wrong = (field: string, values: fc.Arbitrary<unknown>, error: string) => fc.Arbitrary<Mistake>;
const oneOf = (field: string, options: readonly string[]) => `${field} must be one of: ${options.join(', ')}`;

/** A required field missing or blank; text too long, unstorable or not text; a malformed e-mail, UUID or form. */
function textMistakes(lead: Payload, wrong: Wrong): fc.Arbitrary<Mistake>[] {
  const { required, texts } = fields[lead.form_type as Form];
  const textFields = Object.keys(texts);
  return [
    fc.constantFrom(...required).map((field) => {
      const { [field]: _, ...rest } = lead;
      return { payload: rest, error: `${field} is required` };
    }),
    fc
      .constantFrom(...textFields.filter((field) => required.includes(field)))
      .chain((field) => wrong(field, padding, `${field} is required`)),
    fc.constantFrom(...textFields).chain((field) => {
      const max = texts[field]!;
      const long = fc.integer({ min: max + 1, max: max + 40 }).map((n) => 'é'.repeat(n));
      return wrong(field, long, `${field} must be at most ${max} characters`);
    }),
    // U+0000 or half a surrogate pair, put between two code points so that it cannot complete a pair.
    fc
      .tuple(
        fc.constantFrom(...textFields),
        fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff'),
        fc.nat(),
      )
      .map(([field, bad, at]) => {
        const points = Array.from(typeof lead[field] === 'string' ? (lead[field] as string) : '');
        points.splice(at % (points.length + 1), 0, bad);
        const error = `${field} contains a character that cannot be stored (U+0000 or half of a surrogate pair)`;
        return { payload: { ...lead, [field]: points.join('') }, error };
      }),
    fc.constantFrom(...textFields, 'submission_id').chain((field) => {
      const values = fc.constantFrom<unknown>(42, true, [], {}, ['x'], ...(required.includes(field) ? [null] : []));
      return wrong(field, values, `${field} must be text`);
    }),
    wrong(
      'email',
      fc.constantFrom('sarah.oneill-electrical', 'a@b', 'x@y.z', '@example.co.uk', 'a b@example.co.uk'),
      'email must be a valid e-mail address',
    ),
    ...(texts.phone === undefined
      ? []
      : [
          wrong(
            'phone',
            fc.constantFrom('abc', 'call me', '07700 CALL ME', '12345', '0'.repeat(16), '+44 7700 900123 ext 4'),
            'phone must be a phone number of 10 to 15 digits, such as 01332 123456 or +44 7700 900123',
          ),
        ]),
    wrong(
      'page',
      fc.constantFrom(
        'contact',
        'javascript:alert(1)',
        'https://www.example.co.uk/contact',
        '/a b',
        '/café',
        '/?x=1',
        '/#top',
      ),
      'page must be a path of the site, as /contact',
    ),
    wrong(
      'submission_id',
      fc.constantFrom('submission-1', '', '0000000-0000-0000-0000-000000000000', 'g'.repeat(32)),
      'submission_id must be a UUID',
    ),
    wrong(
      'form_type',
      fc.constantFrom<unknown>('quote', 'Hero', '', 'newsletter ', 1, null),
      oneOf('form_type', ['hero', 'contact', 'newsletter']),
    ),
  ];
}

/** A trade, budget or service that is not one of the form's options. */
function choiceMistakes(form: Form, wrong: Wrong): fc.Arbitrary<Mistake>[] {
  if (form === 'hero')
    return [
      wrong('trade', fc.constantFrom<unknown>('astronaut', 'landscaper', 'Plumber', 5), oneOf('trade', heroTrades)),
    ];
  if (form === 'newsletter') return [];
  return [
    wrong('trade', fc.constantFrom<unknown>('astronaut', 'Plumber', '', null, 5), oneOf('trade', contactTrades)),
    wrong('budget', fc.constantFrom<unknown>('1m+', '0-501', 5), oneOf('budget', budgets)),
    wrong('services_interested', fc.constantFrom<unknown>('Local SEO', null, {}), 'services_interested must be a list'),
    wrong(
      'services_interested',
      fc.constant(['Local SEO', 'Carpet Cleaning']),
      oneOf('services_interested', serviceOptions),
    ),
    wrong(
      'services_interested',
      fc.constantFrom(...serviceOptions).map((service) => [service, service]),
      'services_interested must not repeat a service',
    ),
  ];
}
