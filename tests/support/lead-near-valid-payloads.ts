/**
 * Generated near-valid lead payloads for the property tests: a valid lead with
 * one thing wrong, and the error that must name it, worked out from how it was
 * made rather than by the handler's code.
 */
import fc from 'fast-check';
import { serviceOptions } from '../../supabase/functions/_shared/lead-options.ts';
import { budgets, contactTrades, fields, heroTrades, padding, type Form, type Payload } from './lead-form-fields';

type Mistake = { payload: Payload; error: string };

/** Phone fields the browser and the server refuse: letters other than an extension's, too few digits or too many. */
export const refusedPhones = [
  'abc',
  'call me',
  '07700 CALL ME',
  '12345',
  '0'.repeat(16),
  '01632 960123 ext',
  '01632 960123 ext 4 or 5',
];

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
      'email must be a valid email address',
    ),
    ...(texts.phone === undefined
      ? []
      : [
          wrong(
            'phone',
            fc.constantFrom(...refusedPhones),
            'phone must have 10 to 15 digits, such as 01332 123456 or +44 7700 900123',
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
