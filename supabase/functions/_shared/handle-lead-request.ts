/**
 * The one request handler for lead submissions, on web-standard Request and
 * Response: the Supabase Edge Function (contact-form/index.ts) serves it with
 * Deno.serve and the local server (sitegen preview / dev) with Node. Only
 * web-standard APIs here, and relative imports carry .ts because Deno runs
 * this file as is.
 *
 * The reply is always JSON `{ success, error? }` and always carries the CORS
 * headers, because the browser posts from the site's origin to the Supabase
 * project's.
 */
import { checkLead, type Lead } from './lead.ts';

/** Where a checked lead is kept. A submission_id already stored is 'duplicate', not an error. */
export interface LeadStore {
  save(lead: Lead): Promise<'stored' | 'duplicate'>;
}

export interface LeadHandlerOptions {
  /** Access-Control-Allow-Origin; '*' unless given. */
  allowOrigin?: string;
  /** Where failures and dropped submissions are reported; console.error unless given. */
  log?: (message: string) => void;
}

/** The largest request body accepted, in bytes. A real lead is well under 6 KB. */
export const maxBodyBytes = 16_384;

export const leadErrors = {
  methodNotAllowed: 'Method not allowed',
  tooLarge: `The request body is larger than ${maxBodyBytes} bytes`,
  unreadable: 'The request body could not be read',
  notJson: 'The request body must be JSON',
  notObject: 'The request body must be a JSON object',
  saveFailed: 'We could not save your enquiry. Please try again or call us.',
} as const;

const allowedMethods = 'POST, OPTIONS';

export function createLeadHandler(store: LeadStore, options: LeadHandlerOptions = {}): (request: Request) => Promise<Response> {
  const log = options.log ?? ((message: string) => console.error(message));
  const cors: Record<string, string> = {
    'Access-Control-Allow-Origin': options.allowOrigin ?? '*',
    'Access-Control-Allow-Methods': allowedMethods,
    'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
    'Access-Control-Max-Age': '86400',
  };
  const reply = (status: number, body: { success: boolean; error?: string }, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { ...cors, 'Content-Type': 'application/json', ...headers } });
  const fail = (status: number, error: string, headers?: Record<string, string>) => reply(status, { success: false, error }, headers);

  return async (request) => {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
    if (request.method !== 'POST') return fail(405, leadErrors.methodNotAllowed, { Allow: allowedMethods });

    let body: string | typeof tooLarge;
    try {
      body = await readBody(request, maxBodyBytes);
    } catch (cause) {
      // The client went away or sent a broken stream.
      log(`lead request body could not be read: ${describe(cause)}`);
      return fail(400, leadErrors.unreadable);
    }
    if (body === tooLarge) return fail(413, leadErrors.tooLarge);

    let payload: unknown;
    try {
      payload = JSON.parse(body);
    } catch {
      return fail(400, leadErrors.notJson);
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return fail(400, leadErrors.notObject);

    // The honeypot comes first: a bot that filled it is thanked whatever else it
    // sent, so it learns nothing from our answers.
    if (honeypotFilled(payload)) {
      log('lead dropped: the honeypot field "website" was filled');
      return reply(200, { success: true });
    }

    const check = checkLead(payload);
    if (!check.success) return fail(400, check.error);

    try {
      await store.save(check.lead);
    } catch (cause) {
      log(`lead ${check.lead.submission_id} (${check.lead.form_type}) could not be saved: ${describe(cause)}`);
      return fail(500, leadErrors.saveFailed);
    }
    // 'stored' and 'duplicate' alike: a retried submission is already safe.
    return reply(200, { success: true });
  };
}

function honeypotFilled(payload: object): boolean {
  const website = (payload as { website?: unknown }).website;
  if (website === undefined || website === null) return false;
  return typeof website === 'string' ? website.trim() !== '' : true;
}

const tooLarge = Symbol('too large');

/**
 * The body as text, or `tooLarge` once it passes `limit` bytes: refused up
 * front when Content-Length says so, and counted while reading otherwise, so a
 * chunked body (or a Content-Length that lies) cannot get around the limit.
 * Bytes that are not UTF-8 become U+FFFD, and then fail as JSON or as a field.
 */
async function readBody(request: Request, limit: number): Promise<string | typeof tooLarge> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit) return tooLarge;
  if (!request.body) return '';

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return tooLarge;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

function describe(cause: unknown): string {
  if (cause instanceof Error) return cause.message || cause.name;
  if (typeof cause === 'object' && cause !== null && 'message' in cause) return String((cause as { message: unknown }).message);
  return String(cause);
}
