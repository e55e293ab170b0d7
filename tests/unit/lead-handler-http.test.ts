/**
 * The lead request handler (supabase/functions/_shared/handle-lead-request.ts),
 * the one the Edge Function and the local server both serve, over a real
 * embedded Postgres built from the real migrations: what a request gets back
 * for what HTTP says of it, before its lead is read: CORS and methods, the
 * body's size, its content type and its charset.
 */
import { describe, expect, it } from 'vitest';
import { createLeadHandler } from '../../supabase/functions/_shared/handle-lead-request.ts';
import type { LeadStore } from '../../supabase/functions/_shared/lead-store.ts';
import {
  contact,
  cors,
  endpoint,
  handle,
  hero,
  json,
  post,
  rowsFor,
  settings,
  useLeadHandler,
  visitor,
} from '../support/lead-handler-setup';

useLeadHandler();

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
