/**
 * The lead request handler (supabase/functions/_shared/handle-lead-request.ts),
 * the one the Edge Function and the local server both serve, over a real
 * in-memory Postgres built from the real migrations: what each request gets
 * back, and what ends up in the leads table.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLeadHandler, type LeadStore } from '../supabase/functions/_shared/handle-lead-request.ts';
import { openLeadDatabase, pgliteLeadStore, type LeadRow, type PGlite } from '../src/leads/lead-database';

const endpoint = 'http://localhost/functions/v1/contact-form';
const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
};

let db: PGlite;
let handle: (request: Request) => Promise<Response>;
let logs: string[] = [];

beforeAll(async () => {
  db = await openLeadDatabase(undefined);
  handle = createLeadHandler(pgliteLeadStore(db), { log: (message) => logs.push(message) });
});
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

async function rowsFor(submissionId: string): Promise<LeadRow[]> {
  return (await db.query<LeadRow>('select * from public.leads where submission_id = $1', [submissionId])).rows;
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
  name: 'Sarah O\'Neill',
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
    const response = await handle(new Request(endpoint, { method: 'OPTIONS', headers: { origin: 'https://www.tradeboostdigital.co.uk', 'access-control-request-method': 'POST' } }));
    expect(response.status).toBe(204);
    for (const [name, value] of Object.entries(cors)) expect(response.headers.get(name), name).toBe(value);
    expect(await response.text()).toBe('');
  });

  it('uses the allowed origin it is given', async () => {
    const handler = createLeadHandler({ save: async () => 'stored' }, { allowOrigin: 'https://www.tradeboostdigital.co.uk' });
    const preflight = await handler(new Request(endpoint, { method: 'OPTIONS' }));
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://www.tradeboostdigital.co.uk');
    const reply = await handler(post(hero()));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('access-control-allow-origin')).toBe('https://www.tradeboostdigital.co.uk');
  });

  it.each(['GET', 'PUT', 'DELETE', 'PATCH'])('refuses %s with 405, an Allow header and JSON', async (method) => {
    const response = await handle(new Request(endpoint, { method, ...(method === 'GET' ? {} : { body: JSON.stringify(hero()) }) }));
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
    expect(await json(await handle(post('{"form_type": "hero", ')), 400)).toEqual({ success: false, error: 'The request body must be JSON' });
    expect(await json(await handle(post('')), 400)).toEqual({ success: false, error: 'The request body must be JSON' });
  });

  it('answers 400 to a body whose stream breaks', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"form_type":'));
        controller.error(new Error('connection reset'));
      },
    });
    const request = new Request(endpoint, { method: 'POST', body, duplex: 'half' } as RequestInit);
    expect(await json(await handle(request), 400)).toEqual({ success: false, error: 'The request body could not be read' });
    expect(logs).toEqual(['lead request body could not be read: connection reset']);
  });

  it('answers 400 to JSON that is not an object', async () => {
    for (const body of ['[]', 'null', '"hello"', '42']) {
      expect(await json(await handle(post(body)), 400), body).toEqual({ success: false, error: 'The request body must be a JSON object' });
    }
  });

  const allTrades = 'plumber, electrician, builder, carpenter, roofer, landscaper, painter, heating, kitchen, other';
  const cases: [string, () => Record<string, unknown>, string][] = [
    ['hero without a name', () => ({ ...hero(), name: undefined }), 'name is required'],
    ['hero with a blank name', () => ({ ...hero(), name: '   ' }), 'name is required'],
    ['contact without a name', () => ({ ...contact(), name: undefined }), 'name is required'],
    ['a bad e-mail address', () => ({ ...contact(), email: 'sarah.oneill-electrical' }), 'email must be a valid e-mail address'],
    ['no e-mail address', () => ({ ...newsletter(), email: undefined }), 'email is required'],
    ['contact without a phone', () => ({ ...contact(), phone: undefined }), 'phone is required'],
    ['contact with an empty phone', () => ({ ...contact(), phone: '' }), 'phone is required'],
    ['contact without a trade', () => ({ ...contact(), trade: undefined }), 'trade is required'],
    ['contact with an unknown trade', () => ({ ...contact(), trade: 'astronaut' }), `trade must be one of: ${allTrades}`],
    ['hero with a contact-only trade', () => ({ ...hero(), trade: 'landscaper' }), 'trade must be one of: plumber, electrician, builder, carpenter, roofer, other'],
    ['an unknown budget', () => ({ ...contact(), budget: '1m+' }), 'budget must be one of: 0-500, 500-1000, 1000-2500, 2500-5000, 5000+'],
    [
      'an unknown service',
      () => ({ ...contact(), services_interested: ['Local SEO', 'Carpet Cleaning'] }),
      'services_interested must be one of: Local SEO, Google Ads, AI Services, Website Design, Reputation Management',
    ],
    ['a repeated service', () => ({ ...contact(), services_interested: ['Google Ads', 'Google Ads'] }), 'services_interested must not repeat a service'],
    ['an over-long message', () => ({ ...contact(), message: 'x'.repeat(5001) }), 'message must be at most 5000 characters'],
    ['an over-long name', () => ({ ...hero(), name: 'n'.repeat(101) }), 'name must be at most 100 characters'],
    ['no submission_id', () => ({ ...contact(), submission_id: undefined }), 'submission_id is required'],
    ['a submission_id that is not a UUID', () => ({ ...contact(), submission_id: 'submission-1' }), 'submission_id must be a UUID'],
    ['an unknown form_type', () => ({ ...contact(), form_type: 'quote' }), 'form_type must be one of: hero, contact, newsletter'],
    ['no form_type', () => ({ ...contact(), form_type: undefined }), 'form_type is required'],
  ];

  it.each(cases)('answers 400 to %s, naming the field, and stores nothing', async (_, payload, error) => {
    const body = payload();
    expect(await json(await handle(post(body)), 400)).toEqual({ success: false, error });
    if (typeof body.submission_id === 'string' && body.submission_id.length === 36) expect(await rowsFor(body.submission_id)).toHaveLength(0);
  });
});

describe('stored leads', () => {
  const base = { id: expect.any(Number), created_at: expect.any(Date) };

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
    expect(await rowsFor(lead.submission_id)).toEqual([
      {
        ...base,
        submission_id: lead.submission_id,
        form_type: 'contact',
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
      },
    ]);
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
    const failing: LeadStore = {
      save: async () => {
        throw new Error('connection refused');
      },
    };
    const messages: string[] = [];
    const handler = createLeadHandler(failing, { log: (message) => messages.push(message) });
    const lead = contact();
    expect(await json(await handler(post(lead)), 500)).toEqual({ success: false, error: 'We could not save your enquiry. Please try again or call us.' });
    expect(messages).toEqual([`lead ${lead.submission_id} (contact) could not be saved: connection refused`]);
  });
});
