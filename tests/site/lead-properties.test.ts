/**
 * Properties of the lead endpoint on generated requests (fast-check; the
 * seed and number of runs come from tests/support/fuzz.ts): whatever arrives,
 * the answer is never a 5xx but the one docs/leads.md gives; exactly the valid
 * leads are stored, each once however often it is sent (a newsletter
 * address once), with the values the visitor typed; and each is sent on to the agency once. Tried on the shared
 * handler over the real embedded Postgres built from the real migrations
 * (only the webhook is a stand-in), and through the HTTP server of `sitegen
 * preview` as raw bytes, any method included.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { METHODS } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import { createLeadHandler, type LeadRequestHandler } from '../../supabase/functions/_shared/handle-lead-request.ts';
import { startPreview, type Preview } from '../../src/server/preview';
import { pgliteLeadStore, type LeadRow } from '../../src/leads/pglite-lead-store';
import { projectRoot } from '../support/cli';
import { fuzzParameters } from '../support/fuzz';
import {
  body,
  contentType,
  contentTypeHeader,
  expectedAnswer,
  jsonType,
  leadRequest,
  webRequest,
  type Answer,
  type ContentType,
  type LeadRequest,
} from '../support/lead-requests';
import type { ExpectedRow } from '../support/lead-valid-payloads';
import { copyMigratedLeads } from '../support/migrated-leads';
import { holdBudgets, startStandIn, type HeldBudgets, type StandIn } from '../support/notification-stand-ins';
import { exchange } from '../support/raw-http';

const endpoint = '/functions/v1/contact-form';
const columns = 'submission_id, form_type, name, email, phone, trade, business_name, location, budget';
const storedRows = `select ${columns}, services_interested, message, page from public.leads order by id`;

let preview: Preview;
let webhook: StandIn;
let handler: LeadRequestHandler;
let logs: string[] = [];
const printed: string[] = [];
const originalError = console.error;

let work: string;

beforeAll(async () => {
  webhook = await startStandIn('webhook');
  console.error = (...args: unknown[]) => printed.push(args.join(' '));
  work = await mkdtemp(join(tmpdir(), 'sitegen-lead-properties-'));
  await copyMigratedLeads(join(work, 'leads'));
  // Rate limit off: a valid lead is then stored whoever sends it, which is what these properties are about.
  preview = await startPreview({
    root: projectRoot,
    dir: inject('siteDir'),
    port: 0,
    host: '127.0.0.1',
    leadsDir: join(work, 'leads'),
    leadSettings: { allowedOrigins: '*', rateLimit: null, webhook: null, email: null },
    onLead: () => {},
  });
  handler = createLeadHandler({
    store: pgliteLeadStore(preview.leads),
    settings: { allowedOrigins: '*', rateLimit: null, webhook: { url: `${webhook.url}/hook` }, email: null },
    log: (message) => logs.push(message),
  });
}, 120_000);
afterAll(async () => {
  await preview?.close();
  await webhook?.close();
  if (work) await rm(work, { recursive: true, force: true });
  console.error = originalError;
});

/** Each run starts from an empty table, and nothing received or printed: what it leaves is all its own. */
async function emptyTables() {
  await preview.leads.exec('delete from public.leads; delete from public.lead_rate_events');
  webhook.received = [];
  logs = [];
  printed.length = 0;
}

/** The submission ids of one run: a few, so that generated requests often repeat one. */
const runIds = fc.uniqueArray(fc.uuid(), { minLength: 3, maxLength: 3, selector: (id) => id.toLowerCase() });

describe('the lead handler, on any request', () => {
  // The notification budget runs out only if the test says: a busy machine's slow stand-in is no outage.
  let budgets: HeldBudgets;
  beforeEach(() => void (budgets = holdBudgets()));
  afterEach(() => budgets.restore());

  it('answers as documented, never 5xx; stores exactly the valid leads, once each, as sent, and sends each on once', async () => {
    // A request is at times sent twice in a row, as a form retries after a lost answer.
    const once = (ids: string[]) => fc.tuple(leadRequest(ids), fc.constantFrom(1, 1, 1, 2));
    const runs = runIds.chain((ids) =>
      fc
        .array(once(ids), { minLength: 1, maxLength: 8 })
        .map((list) => list.flatMap(([request, times]) => Array<LeadRequest>(times).fill(request))),
    );
    await fc.assert(
      fc.asyncProperty(runs, async (requests) => {
        await emptyTables();
        const stored = new Map<string, ExpectedRow>();
        for (const request of requests) {
          const expected = expectedAnswer(request);
          const response = await handler(webRequest(request, `http://localhost${endpoint}`), {
            address: '203.0.113.7',
          });
          await answered(response, expected);
          if (expected.row && !stored.has(expected.row.submission_id) && !signedUpBefore(expected.row, stored))
            stored.set(expected.row.submission_id, expected.row);
        }
        expect((await preview.leads.query<LeadRow>(storedRows)).rows).toEqual([...stored.values()]);
        const sentOn = webhook.received.map((hook) => String(hook.body.submission_id).toLowerCase());
        expect(sentOn).toEqual([...stored.keys()]);
        expect(logs.filter((line) => !line.includes('honeypot'))).toEqual([]);
      }),
      fuzzParameters(30),
    );
  });
});

/** A newsletter sign-up of an address signed up already, in any case: answered as a success, not stored. */
const signedUpBefore = (row: ExpectedRow, stored: Map<string, ExpectedRow>) =>
  row.form_type === 'newsletter' &&
  [...stored.values()].some(
    (earlier) => earlier.form_type === 'newsletter' && earlier.email.toLowerCase() === row.email.toLowerCase(),
  );

/** The response is the expected one: status, headers every answer carries, and the JSON body. */
async function answered(response: Response, expected: Answer) {
  expect(response.status).toBe(expected.status);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  if (expected.status === 204) return expect(await response.text()).toBe('');
  expect(response.headers.get('content-type')).toBe('application/json');
  if (expected.status === 405) expect(response.headers.get('allow')).toBe('POST, OPTIONS');
  const reply = (await response.json()) as unknown;
  if (expected.status === 200) return expect(reply).toEqual({ success: true });
  expect(reply).toEqual({ success: false, error: expected.error ?? expect.any(String) });
}

/** A request as bytes on the wire: any method (TRACE, CONNECT, lowercase, made up), any path, any body. */
const wireRequest = runIds.chain((ids) => {
  const common = {
    header: fc.uint8Array({ maxLength: 40 }).map((bytes) => bytes.map((byte) => (byte < 0x20 ? byte + 0x40 : byte))),
    body: body(ids),
  };
  const lead = fc.record({
    ...common,
    method: fc.constant('POST'),
    path: fc.constant(endpoint),
    contentType: jsonType.map((type): ContentType | null => type),
  });
  const anything = fc.record({
    ...common,
    method: fc.oneof(
      { weight: 4, arbitrary: fc.constant('POST') },
      { weight: 2, arbitrary: fc.constantFrom(...METHODS) },
      // The methods a web Request cannot carry, and those Node's parser refuses.
      { weight: 2, arbitrary: fc.constantFrom('TRACE', 'CONNECT', 'TRACK', 'PRI') },
      { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z][A-Za-z-]{0,9}$/) },
    ),
    path: fc.constantFrom(endpoint, endpoint, `${endpoint}?from=/contact`, '/about', '/', '/no-such-page'),
    contentType: fc.option(contentType, { freq: 4, nil: null }),
  });
  return fc.oneof({ weight: 1, arbitrary: lead }, { weight: 2, arbitrary: anything });
});

type WireRequest = typeof wireRequest extends fc.Arbitrary<infer T> ? T : never;

/** What the server must answer: the lead endpoint's answer, or a static host's. */
function wireAnswer(request: WireRequest): Answer {
  if (request.path.startsWith(endpoint))
    return expectedAnswer({ ...request, contentLength: 'exact', cuts: [], headers: [] });
  if (request.method !== 'GET' && request.method !== 'HEAD') return { status: 405 };
  return { status: request.path === '/no-such-page' ? 404 : 200 };
}

function onTheWire(request: WireRequest): Buffer {
  const head = [
    `${request.method} ${request.path} HTTP/1.1`,
    'Host: 127.0.0.1',
    ...(request.contentType ? [`Content-Type: ${contentTypeHeader(request.contentType)}`] : []),
    `Content-Length: ${request.body.bytes.byteLength}`,
    'Connection: close',
  ].join('\r\n');
  // Any byte but the controls HTTP forbids in a header value: Node reads the others (obs-text included).
  const extra = Buffer.concat([
    Buffer.from('\r\nX-Raw: x'),
    Buffer.from(request.header).filter((byte) => byte !== 0x7f),
  ]);
  return Buffer.concat([Buffer.from(head, 'latin1'), extra, Buffer.from('\r\n\r\n'), request.body.bytes]);
}

describe("sitegen preview's HTTP server, on any bytes", () => {
  it('answers every method at the lead endpoint and on pages as documented, never 5xx, and stores exactly the valid leads', async () => {
    await fc.assert(
      fc.asyncProperty(wireRequest, async (request) => {
        await emptyTables();
        const answer = await exchange(preview.url, onTheWire(request));
        const expected = wireAnswer(request);
        const lead = request.path.startsWith(endpoint);
        expect(answer.status).toBe(expected.status);
        if (expected.status === 405) expect(answer.headers.allow).toBe(lead ? 'POST, OPTIONS' : 'GET, HEAD');
        if (lead && expected.status !== 204 && request.method !== 'HEAD') {
          const reply = JSON.parse(answer.body.toString()) as unknown;
          const error = expected.error ?? expect.any(String);
          expect(reply).toEqual(expected.status === 200 ? { success: true } : { success: false, error });
        }
        const rows = (await preview.leads.query<LeadRow>(storedRows)).rows;
        expect(rows).toEqual(expected.row ? [expected.row] : []);
        expect(printed.filter((line) => !line.includes('honeypot'))).toEqual([]);
      }),
      fuzzParameters(80),
    );
  });

  it('answers bytes that are no request with 400, as Node does', async () => {
    // Node skips empty lines before a request: line ends alone are no request yet, and get no answer.
    const garbage = fc
      .uint8Array({ minLength: 1, maxLength: 200 })
      .filter((bytes) => bytes.some((byte) => byte !== 0x0d && byte !== 0x0a));
    await fc.assert(
      fc.asyncProperty(garbage, async (bytes) => {
        const answer = await exchange(preview.url, bytes, true);
        expect([answer.status, answer.headers]).toEqual([400, { connection: 'close' }]);
      }),
      fuzzParameters(20),
    );
  });
});
