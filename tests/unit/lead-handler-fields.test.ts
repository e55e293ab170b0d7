/**
 * The lead request handler (supabase/functions/_shared/handle-lead-request.ts),
 * the one the Edge Function and the local server both serve, over a real
 * embedded Postgres built from the real migrations: a lead's fields, each
 * refused with an answer that names it, or stored: a body that is no lead,
 * a field missing or wrong, the page a form was sent from, and text Postgres
 * cannot store.
 */
import { describe, expect, it } from 'vitest';
import {
  contact,
  endpoint,
  handle,
  hero,
  json,
  logs,
  newsletter,
  post,
  rowsFor,
  useLeadHandler,
} from '../support/lead-handler-setup';
import { refusedPhones } from '../support/lead-near-valid-payloads';

useLeadHandler();

describe('refused payloads', () => {
  it('answers 400 to a body that is not JSON', async () => {
    expect(await json(await handle(post('{"form_type": "hero", ')), 400)).toEqual({
      success: false,
      error: 'The request body must be JSON',
    });
    expect(await json(await handle(post('')), 400)).toEqual({ success: false, error: 'The request body must be JSON' });
  });

  it('answers 400 to a body whose stream breaks', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"form_type":'));
        controller.error(new Error('connection reset'));
      },
    });
    const request = new Request(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(await json(await handle(request), 400)).toEqual({
      success: false,
      error: 'The request body could not be read',
    });
    expect(logs).toEqual(['lead request body could not be read: connection reset']);
  });

  it('answers 400 to JSON that is not an object', async () => {
    for (const body of ['[]', 'null', '"hello"', '42']) {
      expect(await json(await handle(post(body)), 400), body).toEqual({
        success: false,
        error: 'The request body must be a JSON object',
      });
    }
  });

  const allTrades = 'plumber, electrician, builder, carpenter, roofer, landscaper, painter, heating, kitchen, other';
  const phoneError = 'phone must have 10 to 15 digits, such as 01332 123456 or +44 7700 900123';
  const cases: [string, () => Record<string, unknown>, string][] = [
    ['hero without a name', () => ({ ...hero(), name: undefined }), 'name is required'],
    ['hero with a blank name', () => ({ ...hero(), name: '   ' }), 'name is required'],
    // Pasted characters no one sees: zero-width spaces, a word joiner, the Hangul filler.
    ['hero with an invisible name', () => ({ ...hero(), name: '\u200b\u2060 \u3164\ufeff' }), 'name is required'],
    ['contact without a name', () => ({ ...contact(), name: undefined }), 'name is required'],
    [
      'a bad e-mail address',
      () => ({ ...contact(), email: 'sarah.oneill-electrical' }),
      'email must be a valid email address',
    ],
    // Mail servers take at most 64 characters before the @: no reply could reach it.
    [
      'an e-mail address with 65 characters before the @',
      () => ({ ...contact(), email: `${'a'.repeat(65)}@example.co.uk` }),
      'email must be a valid email address',
    ],
    ['no e-mail address', () => ({ ...newsletter(), email: undefined }), 'email is required'],
    ['contact without a phone', () => ({ ...contact(), phone: undefined }), 'phone is required'],
    ['contact with an empty phone', () => ({ ...contact(), phone: '' }), 'phone is required'],
    ...refusedPhones.flatMap((phone): [string, () => Record<string, unknown>, string][] => [
      [`contact with the phone "${phone}"`, () => ({ ...contact(), phone }), phoneError],
      [`hero with the phone "${phone}"`, () => ({ ...hero(), phone }), phoneError],
    ]),
    ['contact without a trade', () => ({ ...contact(), trade: undefined }), 'trade is required'],
    [
      'contact with an unknown trade',
      () => ({ ...contact(), trade: 'astronaut' }),
      `trade must be one of: ${allTrades}`,
    ],
    [
      'hero with a contact-only trade',
      () => ({ ...hero(), trade: 'landscaper' }),
      'trade must be one of: plumber, electrician, builder, carpenter, roofer, other',
    ],
    [
      'an unknown budget',
      () => ({ ...contact(), budget: '1m+' }),
      'budget must be one of: 0-500, 500-1000, 1000-2500, 2500-5000, 5000+',
    ],
    [
      'an unknown service',
      () => ({ ...contact(), services_interested: ['Local SEO', 'Carpet Cleaning'] }),
      'services_interested must be one of: Local SEO, Google Ads, AI Services, Website Design, Reputation Management',
    ],
    [
      'a repeated service',
      () => ({ ...contact(), services_interested: ['Google Ads', 'Google Ads'] }),
      'services_interested must not repeat a service',
    ],
    [
      'an over-long message',
      () => ({ ...contact(), message: 'x'.repeat(5001) }),
      'message must be at most 5000 characters',
    ],
    ['an over-long name', () => ({ ...hero(), name: 'n'.repeat(101) }), 'name must be at most 100 characters'],
    ['no submission_id', () => ({ ...contact(), submission_id: undefined }), 'submission_id is required'],
    [
      'a submission_id that is not a UUID',
      () => ({ ...contact(), submission_id: 'submission-1' }),
      'submission_id must be a UUID',
    ],
    [
      'an unknown form_type',
      () => ({ ...contact(), form_type: 'quote' }),
      'form_type must be one of: hero, contact, newsletter',
    ],
    ['no form_type', () => ({ ...contact(), form_type: undefined }), 'form_type is required'],
  ];

  it.each(cases)('answers 400 to %s, naming the field, and stores nothing', async (_, payload, error) => {
    const body = payload();
    expect(await json(await handle(post(body)), 400)).toEqual({ success: false, error });
    if (typeof body.submission_id === 'string' && body.submission_id.length === 36)
      expect(await rowsFor(body.submission_id)).toHaveLength(0);
  });
});

describe('the page a form was sent from', () => {
  it.each(['javascript:alert(1)', 'https://evil.example/contact', 'contact', '/a b'])(
    'answers 400 to a page of %s, which is no path of the site, and stores nothing',
    async (page) => {
      const lead = { ...hero(), page };
      expect(await json(await handle(post(lead)), 400)).toEqual({
        success: false,
        error: 'page must be a path of the site, as /contact',
      });
      expect(await rowsFor(lead.submission_id)).toHaveLength(0);
    },
  );

  it.each([
    ['//evil.example/login', '/evil.example/login'],
    ['//contact', '/contact'],
  ])(
    'stores a page of %s as the one path %s: the agency never reads another site as the page, and the lead is kept',
    async (page, stored) => {
      const lead = { ...hero(), page };
      expect(await json(await handle(post(lead)), 200)).toEqual({ success: true });
      expect((await rowsFor(lead.submission_id)).map((row) => row.page)).toEqual([stored]);
    },
  );
});

describe('text Postgres cannot store', () => {
  it.each([
    ['a NUL in the name', () => ({ ...contact(), name: 'Sarah\u0000' }), 'name'],
    ['a lone high surrogate in the message', () => ({ ...contact(), message: 'Hello \ud83d' }), 'message'],
    ['a lone low surrogate in the location', () => ({ ...contact(), location: '\ude00Derby' }), 'location'],
    ['a NUL in the page', () => ({ ...hero(), page: '/\u0000' }), 'page'],
  ])('answers 400 to %s, naming the field, and stores nothing', async (_, payload, field) => {
    const lead = payload();
    expect(await json(await handle(post(lead)), 400)).toEqual({
      success: false,
      error: `${field} contains a character that cannot be stored (U+0000 or half of a surrogate pair)`,
    });
    expect(await rowsFor(lead.submission_id)).toHaveLength(0);
  });

  it('stores an address of 64 characters before the @, and a name with a letter among zero-width spaces, as sent', async () => {
    const lead = { ...contact(), email: `${'a'.repeat(64)}@example.co.uk`, name: '\u200bJo\u200b' };
    expect(await json(await handle(post(lead)), 200)).toEqual({ success: true });
    const [row] = await rowsFor(lead.submission_id);
    expect([row!.email, row!.name]).toEqual([lead.email, lead.name]);
  });

  it('stores text with a whole surrogate pair (an emoji) as sent', async () => {
    const lead = { ...contact(), message: 'Five stars 😀 from Derby' };
    expect(await json(await handle(post(lead)), 200)).toEqual({ success: true });
    expect((await rowsFor(lead.submission_id))[0]!.message).toBe('Five stars 😀 from Derby');
  });
});
