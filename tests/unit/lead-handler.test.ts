/**
 * The lead request handler (supabase/functions/_shared/handle-lead-request.ts),
 * the one the Edge Function and the local server both serve, over a real
 * embedded Postgres built from the real migrations, with stand-ins for the
 * webhook and Resend: what each request gets back, what ends up in the leads
 * table, and what the agency is sent.
 */
import { randomUUID } from 'node:crypto';
import { marked } from 'marked';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { touchColumns } from '../../supabase/functions/_shared/attribution.ts';
import { createLeadHandler, type LeadRequestHandler } from '../../supabase/functions/_shared/handle-lead-request.ts';
import type { LeadSettings } from '../../supabase/functions/_shared/lead-settings.ts';
import type { LeadStore } from '../../supabase/functions/_shared/lead-store.ts';
import { notifyBudgetMs } from '../../supabase/functions/_shared/notify-lead.ts';
import type { PGlite } from '../../src/leads/lead-database';
import { maxNotifyAttempts } from '../../src/leads/format-leads';
import { pgliteLeadStore, type LeadRow } from '../../src/leads/pglite-lead-store';
import { holdBudgets, startStandIn, type HeldBudgets, type StandIn } from '../support/notification-stand-ins';
import { openMigratedLeadDatabase } from '../support/migrated-leads';

const endpoint = 'http://localhost/functions/v1/contact-form';
const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  vary: 'Origin',
};
const visitor = { address: '203.0.113.7' };

let db: PGlite;
let handler: LeadRequestHandler;
let logs: string[] = [];
const handle = (request: Request, client = visitor) => handler(request, client);

/** Settings as the environment would give them with nothing set but what a test names. */
const settings = (overrides: Partial<LeadSettings> = {}): LeadSettings => ({
  allowedOrigins: '*',
  rateLimit: null,
  webhook: null,
  email: null,
  ...overrides,
});

beforeAll(async () => {
  db = await openMigratedLeadDatabase();
  handler = createLeadHandler({
    store: pgliteLeadStore(db),
    settings: settings(),
    log: (message) => logs.push(message),
  });
}, 120_000);
afterAll(() => db?.close());
beforeEach(() => {
  logs = [];
});

function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: 'anon-key', authorization: 'Bearer anon-key', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A streamed (chunked) body: no Content-Length, `chunks` pieces of `size` bytes. */
function streamed(chunks: number, size: number, headers: Record<string, string> = {}) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === chunks) return controller.close();
      seen.pulled++;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  const init = { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, duplex: 'half' };
  return { request: new Request(endpoint, init as RequestInit), seen };
}

/** Status, headers every reply must carry, and the JSON body. */
async function json(response: Response, status: number): Promise<{ success: boolean; error?: string }> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json');
  for (const [name, value] of Object.entries(cors)) expect(response.headers.get(name), name).toBe(value);
  return (await response.json()) as { success: boolean; error?: string };
}

async function rowsFor(submissionId: string, database = db): Promise<LeadRow[]> {
  return (await database.query<LeadRow>('select * from public.leads where submission_id = $1', [submissionId])).rows;
}

const hero = () => ({
  form_type: 'hero',
  submission_id: randomUUID(),
  name: '  Dave Hughes ',
  email: 'dave@hughesplumbing.co.uk',
  phone: '',
  trade: 'plumber',
  page: '/',
  website: '',
});

const contact = () => ({
  form_type: 'contact',
  submission_id: randomUUID(),
  name: "Sarah O'Neill",
  email: 'sarah@oneill-electrical.co.uk',
  phone: '+44 7700 900123',
  trade: 'electrician',
  business_name: "O'Neill Electrical Ltd",
  location: 'Derby, DE1',
  budget: '1000-2500',
  services_interested: ['Local SEO', 'Google Ads'],
  message: 'We need more calls from Derby.\nMostly rewires, "urgent" jobs too.',
  page: '/contact',
  website: '',
});

const newsletter = () => ({
  form_type: 'newsletter',
  submission_id: randomUUID(),
  email: 'news@example.co.uk',
  page: '/blog',
});

describe('CORS and methods', () => {
  it('answers a preflight with 204, no body and the CORS headers', async () => {
    const response = await handle(
      new Request(endpoint, {
        method: 'OPTIONS',
        headers: { origin: 'https://www.tradeboostdigital.co.uk', 'access-control-request-method': 'POST' },
      }),
    );
    expect(response.status).toBe(204);
    for (const [name, value] of Object.entries(cors)) expect(response.headers.get(name), name).toBe(value);
    expect(await response.text()).toBe('');
  });

  it('with ALLOWED_ORIGIN a list, names only a listed origin, and none to any other site', async () => {
    const allowed = ['https://www.tradeboostdigital.co.uk', 'https://tradeboostdigital.netlify.app'];
    const listed = createLeadHandler({
      store: { save: async () => ({ outcome: 'duplicate' }) } as unknown as LeadStore,
      settings: settings({ allowedOrigins: allowed }),
    });
    for (const origin of allowed) {
      const preflight = await listed(new Request(endpoint, { method: 'OPTIONS', headers: { origin } }), visitor);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
      expect(preflight.headers.get('vary')).toBe('Origin');
      const reply = await listed(post(hero(), { origin }), visitor);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('access-control-allow-origin')).toBe(origin);
    }
    const elsewhere = await listed(
      new Request(endpoint, { method: 'OPTIONS', headers: { origin: 'https://evil.example' } }),
      visitor,
    );
    expect(elsewhere.status).toBe(204);
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
    expect(elsewhere.headers.get('vary')).toBe('Origin');
    const noOrigin = await listed(new Request(endpoint, { method: 'OPTIONS' }), visitor);
    expect(noOrigin.headers.get('access-control-allow-origin')).toBeNull();
  });

  it.each(['GET', 'PUT', 'DELETE', 'PATCH'])('refuses %s with 405, an Allow header and JSON', async (method) => {
    const response = await handle(
      new Request(endpoint, { method, ...(method === 'GET' ? {} : { body: JSON.stringify(hero()) }) }),
    );
    expect(await json(response, 405)).toEqual({ success: false, error: 'Method not allowed' });
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
  });
});

describe('request body size', () => {
  const tooLarge = { success: false, error: 'The request body is larger than 16384 bytes' };

  it('refuses a declared Content-Length over 16 KB without reading the body', async () => {
    const request = post(JSON.stringify(contact()) + ' '.repeat(17_000), { 'content-length': String(17_000 + 500) });
    expect(await json(await handle(request), 413)).toEqual(tooLarge);
    expect(request.bodyUsed).toBe(false);
  });

  it('refuses a streamed body with no Content-Length once it passes 16 KB, and stops reading it', async () => {
    const { request, seen } = streamed(64, 1024);
    expect(request.headers.get('content-length')).toBeNull();
    expect(await json(await handle(request), 413)).toEqual(tooLarge);
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThan(64);
  });

  it('refuses a body larger than its Content-Length claims', async () => {
    const { request } = streamed(20, 1024, { 'content-length': '100' });
    expect(await json(await handle(request), 413)).toEqual(tooLarge);
  });

  it('accepts a body of exactly 16384 bytes and refuses one of 16385', async () => {
    const exact = (lead: object, size: number) => {
      const text = JSON.stringify(lead);
      return text + ' '.repeat(size - new TextEncoder().encode(text).length);
    };
    const fits = hero();
    expect(await json(await handle(post(exact(fits, 16_384))), 200)).toEqual({ success: true });
    expect(await rowsFor(fits.submission_id)).toHaveLength(1);
    const over = hero();
    expect(await json(await handle(post(exact(over, 16_385))), 413)).toEqual(tooLarge);
    expect(await rowsFor(over.submission_id)).toHaveLength(0);
  });
});

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
  const phoneError = 'phone must be a phone number of 10 to 15 digits, such as 01332 123456 or +44 7700 900123';
  const cases: [string, () => Record<string, unknown>, string][] = [
    ['hero without a name', () => ({ ...hero(), name: undefined }), 'name is required'],
    ['hero with a blank name', () => ({ ...hero(), name: '   ' }), 'name is required'],
    ['contact without a name', () => ({ ...contact(), name: undefined }), 'name is required'],
    [
      'a bad e-mail address',
      () => ({ ...contact(), email: 'sarah.oneill-electrical' }),
      'email must be a valid e-mail address',
    ],
    ['no e-mail address', () => ({ ...newsletter(), email: undefined }), 'email is required'],
    ['contact without a phone', () => ({ ...contact(), phone: undefined }), 'phone is required'],
    ['contact with an empty phone', () => ({ ...contact(), phone: '' }), 'phone is required'],
    ...['abc', 'call me', '07700 CALL ME', '12345', '0'.repeat(16), '+44 7700 900123 ext 4'].flatMap(
      (phone): [string, () => Record<string, unknown>, string][] => [
        [`contact with the phone "${phone}"`, () => ({ ...contact(), phone }), phoneError],
        [`hero with the phone "${phone}"`, () => ({ ...hero(), phone }), phoneError],
      ],
    ),
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

describe('stored leads', () => {
  // Notifications are off for this handler: stored unsent, never due.
  const base = {
    // No attribution sent: every touch column null.
    ...touchColumns(null, null),
    id: expect.any(Number),
    created_at: expect.any(Date),
    notified_at: null,
    notified_by: [],
    notify_attempts: 0,
    notify_error: null,
    next_notify_at: null,
  };

  it('stores a hero lead: trimmed, empty optional fields as NULL', async () => {
    const lead = hero();
    expect(await json(await handle(post(lead)), 200)).toEqual({ success: true });
    expect(await rowsFor(lead.submission_id)).toEqual([
      {
        ...base,
        submission_id: lead.submission_id,
        form_type: 'hero',
        name: 'Dave Hughes',
        email: 'dave@hughesplumbing.co.uk',
        phone: null,
        trade: 'plumber',
        business_name: null,
        location: null,
        budget: null,
        services_interested: [],
        message: null,
        page: '/',
      },
    ]);
  });

  it('stores a contact lead with every field', async () => {
    const lead = contact();
    expect(await json(await handle(post(lead)), 200)).toEqual({ success: true });
    // Every field as sent (the contact lead has nothing to trim), the honeypot not kept.
    const { website: _, ...fields } = lead;
    expect(await rowsFor(lead.submission_id)).toEqual([{ ...base, ...fields }]);
  });

  it('stores a newsletter sign-up: the e-mail address and the page only', async () => {
    const lead = newsletter();
    expect(await json(await handle(post(lead)), 200)).toEqual({ success: true });
    expect(await rowsFor(lead.submission_id)).toEqual([
      {
        ...base,
        submission_id: lead.submission_id,
        form_type: 'newsletter',
        name: null,
        email: 'news@example.co.uk',
        phone: null,
        trade: null,
        business_name: null,
        location: null,
        budget: null,
        services_interested: [],
        message: null,
        page: '/blog',
      },
    ]);
  });

  it('stores a phone number as people type one: spaces, +44, brackets, dots and dashes, trimmed', async () => {
    for (const [phone, stored] of [
      ['07700 900123', '07700 900123'],
      ['+44 7700 900123', '+44 7700 900123'],
      ['+44 (0)7700 900-123', '+44 (0)7700 900-123'],
      ['(01332) 123456', '(01332) 123456'],
      ['0115.496.0321', '0115.496.0321'],
      ['  01332 123456 ', '01332 123456'],
      ['+353 1 234 5678', '+353 1 234 5678'],
    ]) {
      for (const lead of [
        { ...contact(), phone },
        { ...hero(), phone },
      ]) {
        expect(await json(await handle(post(lead)), 200), phone).toEqual({ success: true });
        expect((await rowsFor(lead.submission_id)).map((row) => row.phone)).toEqual([stored]);
      }
    }
  });

  it('stores the addresses people have: an apostrophe, an ampersand, a tag, a domain the browser wrote in ASCII', async () => {
    for (const email of [
      "sean.o'brien@example.co.uk",
      'a&b@example.com',
      'dave+ads@example.co.uk',
      'info@xn--bcher-kva.de',
    ]) {
      const lead = { ...newsletter(), email };
      expect(await json(await handle(post(lead)), 200), email).toEqual({ success: true });
      expect((await rowsFor(lead.submission_id)).map((row) => row.email)).toEqual([email]);
    }
  });

  it('stores a repeated submission_id once and answers success every time', async () => {
    const lead = contact();
    expect(await json(await handle(post(lead)), 200)).toEqual({ success: true });
    expect(await json(await handle(post(lead)), 200)).toEqual({ success: true });
    expect(await json(await handle(post({ ...lead, name: 'Someone Else' })), 200)).toEqual({ success: true });
    const rows = await rowsFor(lead.submission_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe("Sarah O'Neill");
  });

  it('answers success to a filled honeypot and stores nothing', async () => {
    const lead = { ...contact(), website: 'https://cheap-seo.example' };
    expect(await json(await handle(post(lead)), 200)).toEqual({ success: true });
    expect(await rowsFor(lead.submission_id)).toHaveLength(0);
    expect(logs).toEqual(['lead dropped: the honeypot field "website" was filled']);
  });

  it('answers success to a filled honeypot even when the rest is invalid', async () => {
    const lead = { form_type: 'contact', submission_id: randomUUID(), website: 'x' };
    expect(await json(await handle(post(lead)), 200)).toEqual({ success: true });
    expect(await rowsFor(lead.submission_id)).toHaveLength(0);
  });
});

describe('a store that fails', () => {
  it('answers 500 with the message for the visitor, and logs the cause', async () => {
    const failing = {
      save: async () => {
        throw new Error('connection refused');
      },
      claimDueNotifications: async () => [],
      recordNotification: async () => {},
    } satisfies LeadStore;
    const messages: string[] = [];
    const failingHandler = createLeadHandler({
      store: failing,
      settings: settings(),
      log: (message) => messages.push(message),
    });
    const lead = contact();
    expect(await json(await failingHandler(post(lead), visitor), 500)).toEqual({
      success: false,
      error: 'We could not save your enquiry. Please try again or call us.',
    });
    expect(messages).toEqual([`lead ${lead.submission_id} (contact) could not be saved: connection refused`]);
  });
});

describe('content type', () => {
  it.each([
    ['text/plain', 'text/plain;charset=UTF-8'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['no type', null],
  ])('answers 415 to %s, whatever the body, and stores nothing', async (_, type) => {
    const lead = hero();
    const headers = new Headers({ apikey: 'anon-key' });
    if (type !== null) headers.set('content-type', type);
    const response = await handle(new Request(endpoint, { method: 'POST', headers, body: JSON.stringify(lead) }));
    expect(await json(response, 415)).toEqual({
      success: false,
      error: 'The request body must be sent as Content-Type: application/json',
    });
    expect(await rowsFor(lead.submission_id)).toHaveLength(0);
  });

  it('accepts application/json with a charset, in any case', async () => {
    const lead = hero();
    expect(await json(await handle(post(lead, { 'content-type': 'Application/JSON; charset=utf-8' })), 200)).toEqual({
      success: true,
    });
    expect(await rowsFor(lead.submission_id)).toHaveLength(1);
  });
});

describe('charset', () => {
  const notUtf8 = { success: false, error: 'The request body must be encoded as UTF-8' };
  /** Text as ISO-8859-1 encodes it: one byte a character, é as 0xE9. */
  const latin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
  /** A request whose body is exactly these bytes. */
  const postBytes = (bytes: Uint8Array<ArrayBuffer>, contentType: string) =>
    new Request(endpoint, { method: 'POST', headers: { 'content-type': contentType }, body: bytes });

  it('answers 415 to a lead sent in ISO-8859-1 (é as the one byte 0xE9), and stores nothing', async () => {
    const lead = { ...hero(), name: 'Renée' };
    const body = latin1(JSON.stringify(lead));
    expect(body.includes(0xe9)).toBe(true);
    const response = await handle(postBytes(body, 'application/json; charset=iso-8859-1'));
    expect(await json(response, 415)).toEqual(notUtf8);
    expect(await rowsFor(lead.submission_id)).toHaveLength(0);
  });

  it('answers 415 to bytes that are not UTF-8 under a plain application/json, and stores nothing', async () => {
    const lead = { ...hero(), name: 'Renée' };
    for (const type of ['application/json', 'application/json; charset=utf-8']) {
      const response = await handle(postBytes(latin1(JSON.stringify(lead)), type));
      expect(await json(response, 415), type).toEqual(notUtf8);
    }
    expect(await rowsFor(lead.submission_id)).toHaveLength(0);
  });

  it.each([
    'application/json; charset=iso-8859-1',
    'application/json; charset="ISO-8859-1"',
    'application/json;charset=windows-1252',
    'application/json; charset=utf-16',
    'application/json; charset=us-ascii',
    'application/json; charset=',
    'application/json; charset="utf-8',
    'application/json; charset=utf-8; charset=latin1',
    'application/json; format="a;b"; Charset=latin1',
  ])('answers 415 to %s, even when the body is ASCII, and stores nothing', async (type) => {
    const lead = hero();
    expect(await json(await handle(post(lead, { 'content-type': type })), 415)).toEqual(notUtf8);
    expect(await rowsFor(lead.submission_id)).toHaveLength(0);
  });

  it.each([
    'application/json; charset=UTF-8',
    'application/json; charset="utf-8"',
    'application/json;CHARSET="Utf-8"',
    'application/json; note="charset=latin1; really"; charset=utf-8',
    'application/json; charset="utf\\-8"',
    'application/json; charset=utf8',
  ])('stores a lead sent as %s, its accents and emoji as sent', async (type) => {
    const lead = { ...contact(), name: 'Renée Łukasz', message: 'Très bien 😀 — ½ price?' };
    expect(await json(await handle(post(lead, { 'content-type': type })), 200)).toEqual({ success: true });
    const [row] = await rowsFor(lead.submission_id);
    expect([row!.name, row!.message]).toEqual(['Renée Łukasz', 'Très bien 😀 — ½ price?']);
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

  it('stores text with a whole surrogate pair (an emoji) as sent', async () => {
    const lead = { ...contact(), message: 'Five stars 😀 from Derby' };
    expect(await json(await handle(post(lead)), 200)).toEqual({ success: true });
    expect((await rowsFor(lead.submission_id))[0]!.message).toBe('Five stars 😀 from Derby');
  });
});

describe('rate limit', () => {
  let limited: LeadRequestHandler;
  beforeAll(() => {
    limited = createLeadHandler({
      store: pgliteLeadStore(db),
      settings: settings({ rateLimit: { max: 2, windowSeconds: 600 } }),
      log: (message) => logs.push(message),
    });
  });
  beforeEach(() => db.exec('delete from public.lead_rate_events'));

  it('refuses a client its third lead in the window with 429, a message a visitor understands and Retry-After', async () => {
    const client = { address: '198.51.100.23' };
    const [first, second, third] = [contact(), hero(), newsletter()];
    expect(await json(await limited(post(first), client), 200)).toEqual({ success: true });
    expect(await json(await limited(post(second), client), 200)).toEqual({ success: true });
    const refused = await limited(post(third), client);
    expect(await json(refused, 429)).toEqual({
      success: false,
      error:
        'You have sent several enquiries in the last few minutes. Please wait a few minutes and try again, or call us.',
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await rowsFor(third.submission_id)).toHaveLength(0);
    // A retry of a lead already stored is still a success, and is not counted.
    expect(await json(await limited(post(first), client), 200)).toEqual({ success: true });
    expect(await rowsFor(first.submission_id)).toHaveLength(1);
  });

  it('counts each client apart', async () => {
    for (const address of ['198.51.100.1', '198.51.100.1', '198.51.100.2', '198.51.100.2']) {
      expect(await json(await limited(post(hero()), { address }), 200)).toEqual({ success: true });
    }
    expect((await limited(post(hero()), { address: '198.51.100.1' })).status).toBe(429);
    expect((await limited(post(hero()), { address: '198.51.100.3' })).status).toBe(200);
  });

  it('lets the client send again once the window has passed', async () => {
    const client = { address: '198.51.100.40' };
    await limited(post(hero()), client);
    await limited(post(hero()), client);
    expect((await limited(post(hero()), client)).status).toBe(429);
    // Ten minutes and a second later.
    await db.exec(`update public.lead_rate_events set at = at - interval '601 seconds'`);
    expect((await limited(post(hero()), client)).status).toBe(200);
  });

  it('keeps a salted hash of the address, never the address', async () => {
    await limited(post(hero()), { address: '198.51.100.77' });
    const { rows } = await db.query<{ client_hash: string }>('select client_hash from public.lead_rate_events');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.client_hash).toMatch(/^[0-9a-f]{64}$/);
    const unsalted = (
      await db.query<{ hash: string }>(`select encode(sha256(convert_to('198.51.100.77', 'UTF8')), 'hex') as hash`)
    ).rows[0]!.hash;
    expect(rows[0]!.client_hash).not.toBe(unsalted);
    const everything =
      JSON.stringify((await db.query('select * from public.lead_rate_events')).rows) +
      JSON.stringify((await db.query('select * from public.leads')).rows);
    expect(everything).not.toContain('198.51.100.77');
  });

  it('is off when the settings say so: any number of leads from one client', async () => {
    for (let i = 0; i < 8; i++) expect((await handle(post(hero()), { address: '198.51.100.99' })).status).toBe(200);
    expect((await db.query('select * from public.lead_rate_events')).rows).toEqual([]);
  });
});

describe('notifications', () => {
  let webhook: StandIn;
  let resend: StandIn;
  let notifying: LeadRequestHandler;
  let stored: { line: number; failure: string | null }[];

  beforeAll(async () => {
    [webhook, resend] = await Promise.all([startStandIn('webhook'), startStandIn('resend')]);
    notifying = createLeadHandler({
      store: pgliteLeadStore(db),
      settings: settings({
        webhook: { url: `${webhook.url}/services/T000/B000/secret` },
        email: {
          apiUrl: resend.url,
          apiKey: 're_test_key',
          to: ['leads@tradeboost.example', 'owner@tradeboost.example'],
          from: 'TradeBoost Leads <leads@tradeboost.example>',
        },
      }),
      log: (message) => logs.push(message),
      onStored: (lead, notification) => stored.push({ line: lead.id, failure: notification?.failure ?? null }),
    });
  });
  afterAll(() => Promise.all([webhook?.close(), resend?.close()]));
  /** A request that is no lead (a monitor's ping, say): it sends what is due all the same. */
  const anyRequest = () =>
    notifying(
      new Request(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
      visitor,
    );
  let budgets: HeldBudgets;
  afterEach(() => budgets.restore());
  beforeEach(async () => {
    budgets = holdBudgets();
    webhook.received = [];
    resend.received = [];
    webhook.mode = 'ok';
    resend.mode = 'ok';
    stored = [];
    // Leads left due by another test would be retried by this one's requests.
    await db.exec('update public.leads set next_notify_at = null');
  });

  it('sends a new lead to the webhook (a readable text and the fields) and by e-mail, once, and records it', async () => {
    const lead = contact();
    expect(await json(await notifying(post(lead), visitor), 200)).toEqual({ success: true });
    const [row] = await rowsFor(lead.submission_id);

    expect(webhook.received).toHaveLength(1);
    const [hook] = webhook.received;
    expect(hook!.path).toBe('/services/T000/B000/secret');
    expect(hook!.headers['content-type']).toBe('application/json');
    const { website: _, ...fields } = lead;
    expect(hook!.body).toEqual({
      text: expect.any(String),
      id: row!.id,
      created_at: row!.created_at.toISOString(),
      ...fields,
      ...touchColumns(null, null),
    });
    const received = `${row!.created_at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    const summary = [
      `New lead from the contact form (#${row!.id}, ${received})`,
      "Name: Sarah O'Neill",
      'Email: sarah@oneill-electrical.co.uk',
      'Phone: +44 7700 900123',
      'Trade: Electrician',
      "Business: O'Neill Electrical Ltd",
      'Location: Derby, DE1',
      'Budget: £1,000 to £2,500 per month',
      'Services: Local SEO, Google Ads',
      'Page: /contact',
      'Found us: not known',
      'Message:',
      '  We need more calls from Derby.',
      '  Mostly rewires, "urgent" jobs too.',
    ].join('\n');
    expect(hook!.body.text).toBe(summary);

    expect(resend.received).toHaveLength(1);
    const [mail] = resend.received;
    expect(mail).toMatchObject({ method: 'POST', path: '/emails' });
    expect(mail!.headers.authorization).toBe('Bearer re_test_key');
    expect(mail!.headers['idempotency-key']).toBe(`lead-${lead.submission_id}`);
    expect(mail!.body).toEqual({
      from: 'TradeBoost Leads <leads@tradeboost.example>',
      to: ['leads@tradeboost.example', 'owner@tradeboost.example'],
      subject: "New lead, contact form: Electrician (Sarah O'Neill)",
      text: summary,
      reply_to: 'sarah@oneill-electrical.co.uk',
    });

    expect(row).toMatchObject({
      notified_by: ['email', 'webhook'],
      notify_attempts: 1,
      notify_error: null,
      next_notify_at: null,
    });
    expect(row!.notified_at).toBeInstanceOf(Date);
    expect(stored).toEqual([{ line: row!.id, failure: null }]);

    // The same submission again is stored and sent once.
    expect(await json(await notifying(post(lead), visitor), 200)).toEqual({ success: true });
    expect(webhook.received).toHaveLength(1);
    expect(resend.received).toHaveLength(1);
  });

  it('names the form and the trade in the subject, every field of a hero lead in the body, blanks as "not given"', async () => {
    const lead = { ...hero(), trade: '', phone: '' };
    await notifying(post(lead), visitor);
    expect(resend.received[0]!.body.subject).toBe('New lead, quick quote form: trade not given (Dave Hughes)');
    expect(String(resend.received[0]!.body.text).split('\n').slice(1)).toEqual([
      'Name: Dave Hughes',
      'Email: dave@hughesplumbing.co.uk',
      'Phone: not given',
      'Trade: not given',
      'Page: /',
      'Found us: not known',
    ]);
    await notifying(post(newsletter()), visitor);
    expect(resend.received[1]!.body.subject).toBe('New lead, newsletter form: news@example.co.uk');
  });

  it("keeps a visitor's bidi overrides out of the e-mail's subject, as out of a terminal", async () => {
    await notifying(post({ ...hero(), name: 'Dave\u202EsehguH' }), visitor);
    expect(resend.received[0]!.body.subject).toBe('New lead, quick quote form: Plumber (Dave sehguH)');
  });

  it("keeps a visitor's text from passing for the summary's own lines: each field on one line, the message last and indented", async () => {
    const name = 'Fake\nEmail: boss@agency.example';
    const message =
      'Need help.\r\nPage: /services/google-ads\nFound us: from Google Ads\u2028\u001b[31mred\u202Egnp.exe';
    await notifying(post({ ...contact(), name, message }), visitor);
    const lines = String(resend.received[0]!.body.text).split('\n');
    expect(lines[1]).toBe('Name: Fake Email: boss@agency.example');
    expect(lines.filter((line) => /^\s*(Email|Page|Found us):/.test(line))).toHaveLength(5);
    expect(lines.slice(-7)).toEqual([
      'Page: /contact',
      'Found us: not known',
      'Message:',
      '  Need help.',
      '  Page: /services/google-ads',
      '  Found us: from Google Ads',
      '  [31mred gnp.exe',
    ]);
    expect(webhook.received[0]!.body).toMatchObject({ name, message });
  });

  it("escapes a visitor's <, > and & in the webhook text, so Slack neither links nor pings", async () => {
    await notifying(post({ ...contact(), message: '<!channel> <https://evil.example|click> & more' }), visitor);
    expect(webhook.received[0]!.body.text).toContain('&lt;!channel&gt; &lt;https://evil.example|click&gt; &amp; more');
    expect(webhook.received[0]!.body.message).toBe('<!channel> <https://evil.example|click> & more');
    expect(resend.received[0]!.body.text).toContain('<!channel> <https://evil.example|click> & more');
  });

  it("shows a visitor's Markdown link or image as the text typed in a chat that reads Markdown (Teams, Mattermost)", async () => {
    const name = '[Call me back](https://evil.example/login)';
    const message = '![logo](https://evil.example/pixel.gif) and [invoice][1]\n[1]: https://evil.example/invoice';
    await notifying(post({ ...contact(), name, message }), visitor);
    const text = String(webhook.received[0]!.body.text);
    const chat = await marked.parse(text);
    // Every link the chat draws shows its own address: none hides behind the visitor's words, and no picture loads.
    const links = [...chat.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(([, href, words]) => [href, words]);
    expect(links.filter(([href, words]) => href !== words && href !== `mailto:${words}`)).toEqual([]);
    expect(chat).not.toContain('<img');
    // As typed, to anyone who reads it.
    expect(text.replaceAll('\u2060', '')).toContain(`Name: ${name}`);
    expect(webhook.received[0]!.body).toMatchObject({ name, message });
    expect(resend.received[0]!.body.text).toContain(`Name: ${name}`);
  });

  it('a bot that fills the honeypot is thanked, and neither stored nor sent on', async () => {
    const lead = { ...contact(), website: 'https://cheap-seo.example' };
    expect(await json(await notifying(post(lead), visitor), 200)).toEqual({ success: true });
    expect(await rowsFor(lead.submission_id)).toHaveLength(0);
    expect(webhook.received).toEqual([]);
    expect(resend.received).toEqual([]);
    expect(stored).toEqual([]);
  });

  it('a refused lead (400, 415, 429) is not sent on', async () => {
    expect((await notifying(post({ ...contact(), email: 'nope' }), visitor)).status).toBe(400);
    expect((await notifying(post(contact(), { 'content-type': 'text/plain' }), visitor)).status).toBe(415);
    expect(webhook.received).toEqual([]);
    expect(resend.received).toEqual([]);
    // One lead per client: the first is sent on, the second refused and not.
    const limited = createLeadHandler({
      store: pgliteLeadStore(db),
      settings: settings({
        webhook: { url: `${webhook.url}/services/T000/B000/secret` },
        rateLimit: { max: 1, windowSeconds: 600 },
      }),
      log: (message) => logs.push(message),
    });
    // A client of its own: what the rate limit's tests record stays in the database this file shares.
    const client = { address: '198.51.100.124' };
    expect((await limited(post(contact()), client)).status).toBe(200);
    expect((await limited(post(contact()), client)).status).toBe(429);
    expect(webhook.received).toHaveLength(1);
  });

  it('a failed webhook does not fail the submission; the row says why; the next request sends it to the webhook only', async () => {
    webhook.mode = 'fail';
    const lead = contact();
    expect(await json(await notifying(post(lead), visitor), 200)).toEqual({ success: true });
    let [row] = await rowsFor(lead.submission_id);
    expect(row).toMatchObject({
      notified_at: null,
      notified_by: ['email'],
      notify_attempts: 1,
      notify_error: 'webhook: answered 500',
    });
    expect(row!.next_notify_at!.getTime()).toBeGreaterThan(Date.now());
    expect(logs).toContain(`lead ${row!.id} was not sent on (it will be retried): webhook: answered 500`);
    expect(stored).toEqual([{ line: row!.id, failure: 'webhook: answered 500' }]);

    // Not yet due: another request leaves it alone.
    webhook.mode = 'ok';
    await anyRequest();
    expect(webhook.received).toHaveLength(1);

    // A minute later it is due, and any request sends it.
    await db.query(`update public.leads set next_notify_at = now() - interval '1 second' where id = $1`, [row!.id]);
    await anyRequest();
    expect(webhook.received).toHaveLength(2);
    expect(webhook.received[1]!.body.submission_id).toBe(lead.submission_id);
    expect(resend.received).toHaveLength(1);
    [row] = await rowsFor(lead.submission_id);
    expect(row).toMatchObject({
      notified_by: ['email', 'webhook'],
      notify_attempts: 2,
      notify_error: null,
      next_notify_at: null,
    });
    expect(row!.notified_at).toBeInstanceOf(Date);
  });

  it('a service that never answers costs the visitor at most the notification budget, and is recorded as such', async () => {
    resend.mode = 'hang';
    // Which services' answers have reached the handler: fetch watched, not changed.
    const realFetch = globalThis.fetch;
    const answeredBy: string[] = [];
    const watched = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const response = await realFetch(input, init);
      answeredBy.push(new URL(String(input)).origin);
      return response;
    });
    try {
      const lead = hero();
      let answered = false;
      const answer = notifying(post(lead), visitor).finally(() => (answered = true));
      // The webhook's answer has reached the handler; Resend holds the e-mail, and the visitor waits for the budget.
      await expect.poll(() => [answeredBy, resend.received.length]).toEqual([[webhook.url], 1]);
      expect(answered).toBe(false);
      expect(budgets.asked).toEqual([notifyBudgetMs, notifyBudgetMs]);
      budgets.runOut();
      expect(await json(await answer, 200)).toEqual({ success: true });
      const [row] = await rowsFor(lead.submission_id);
      expect(row).toMatchObject({ notified_by: ['webhook'], notify_error: 'e-mail: no answer within 2.5 s' });
    } finally {
      watched.mockRestore();
    }
  });

  it('a service that cannot be reached is recorded with the error code, never the URL', async () => {
    const closed = await startStandIn('webhook');
    await closed.close();
    const unreachable = createLeadHandler({
      store: pgliteLeadStore(db),
      settings: settings({ webhook: { url: `${closed.url}/hook/secret-part` } }),
      log: (message) => logs.push(message),
    });
    const lead = hero();
    expect(await json(await unreachable(post(lead), visitor), 200)).toEqual({ success: true });
    const [row] = await rowsFor(lead.submission_id);
    expect(row!.notify_error).toBe('webhook: could not be reached (ECONNREFUSED)');
    expect(logs.join('\n')).not.toContain('secret-part');
  });

  it('tries a failed lead again after 1, 5 and 15 minutes, then 1, 3, 6 and 12 hours, gives up after the eighth attempt, as `sitegen leads` tells, and leaves the lead for a person', async () => {
    expect(maxNotifyAttempts).toBe(8);
    webhook.mode = 'fail';
    const lead = hero();
    await notifying(post(lead), visitor);
    const due = (id: number) =>
      db.query(`update public.leads set next_notify_at = now() - interval '1 second' where id = $1`, [id]);
    // Minutes from now to the next attempt, as the database schedules it.
    const wait = async (id: number) =>
      (
        await db.query<{ minutes: number }>(
          'select round(extract(epoch from next_notify_at - now()) / 60)::integer as minutes from public.leads where id = $1',
          [id],
        )
      ).rows[0]!.minutes;
    const id = (await rowsFor(lead.submission_id))[0]!.id;
    const waits: number[] = [];
    for (let attempt = 2; attempt <= maxNotifyAttempts; attempt++) {
      waits.push(await wait(id));
      await due(id);
      await anyRequest();
    }
    expect(waits).toEqual([1, 5, 15, 60, 180, 360, 720]);
    const [row] = await rowsFor(lead.submission_id);
    expect(row).toMatchObject({
      notify_attempts: maxNotifyAttempts,
      notified_at: null,
      next_notify_at: null,
      notify_error: 'webhook: answered 500',
    });
    expect(webhook.received).toHaveLength(maxNotifyAttempts);
  });

  it('sends at most ten due leads per request, those due longest first, and the rest on the next', async () => {
    webhook.mode = 'fail';
    const leads = Array.from({ length: 12 }, hero);
    for (const lead of leads) await notifying(post(lead), visitor);
    const ids = await Promise.all(leads.map(async (lead) => (await rowsFor(lead.submission_id))[0]!.id));
    // The first lead fell due twelve minutes ago, the last one a minute ago.
    for (const [index, id] of ids.entries())
      await db.query(`update public.leads set next_notify_at = now() - $2 * interval '1 minute' where id = $1`, [
        id,
        12 - index,
      ]);
    webhook.mode = 'ok';
    webhook.received = [];
    await anyRequest();
    const sent = (request: { body: Record<string, unknown> }) => request.body.submission_id;
    expect(webhook.received.map(sent).sort()).toEqual(
      leads
        .slice(0, 10)
        .map((lead) => lead.submission_id)
        .sort(),
    );
    await anyRequest();
    expect(webhook.received.map(sent).slice(10).sort()).toEqual(
      leads
        .slice(10)
        .map((lead) => lead.submission_id)
        .sort(),
    );
  });

  it('leases a due lead for a minute to the request that claims it: no other request sends it meanwhile', async () => {
    webhook.mode = 'fail';
    const lead = hero();
    await notifying(post(lead), visitor);
    const [row] = await rowsFor(lead.submission_id);
    await db.query(`update public.leads set next_notify_at = now() - interval '1 second' where id = $1`, [row!.id]);
    // Another instance claims it and dies before it records the attempt. The lease is read in the claim's statement, at
    // its now(): a later query's now() is later by however long the steps between took, and rounds to 59 past 0.5 s.
    const claimed = await db.query<{ id: number; seconds: number }>(
      'select id, extract(epoch from next_notify_at - now())::integer as seconds from public.claim_lead_notifications(10)',
    );
    expect(claimed.rows).toEqual([{ id: row!.id, seconds: 60 }]);
    webhook.mode = 'ok';
    webhook.received = [];
    await anyRequest();
    expect(webhook.received).toEqual([]);
    // Once the lease runs out, the next request sends it.
    await db.query(`update public.leads set next_notify_at = now() - interval '1 second' where id = $1`, [row!.id]);
    await anyRequest();
    expect(webhook.received.map((request) => request.body.submission_id)).toEqual([lead.submission_id]);
  });

  it('with notifications off, a lead is stored unsent, and is not sent when they are turned on later', async () => {
    const lead = hero();
    await handle(post(lead));
    const [row] = await rowsFor(lead.submission_id);
    expect(row).toMatchObject({ notified_at: null, notify_attempts: 0, next_notify_at: null });
    await notifying(post(hero()), visitor);
    expect(webhook.received.map((request) => request.body.submission_id)).not.toContain(lead.submission_id);
  });
});
