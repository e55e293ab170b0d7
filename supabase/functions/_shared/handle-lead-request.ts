/**
 * The one request handler for lead submissions, on web-standard Request and
 * Response: the Supabase Edge Function (contact-form/index.ts) serves it with
 * Deno.serve and the local server (sitegen preview / dev) with Node. Only
 * web-standard APIs here, and relative imports carry .ts because Deno runs
 * this file as is.
 *
 * The reply is always JSON `{ success, error? }` with the CORS headers,
 * because the browser posts from the site's origin to the Supabase project's.
 * In order: preflight, POST only (405), JSON only (415), at most 16 KB (413),
 * a JSON object (400), the honeypot (a bot is thanked and forgotten), the
 * schema (400 naming the field), then the store: a repeated submission_id is
 * stored once, a client past the rate limit gets 429, and a new lead is sent
 * on to the agency before the answer, within notifyBudgetMs, whatever the
 * outcome. Each POST also sends the notifications that are due again.
 */
import { describeError } from './describe-error.ts';
import { checkLead, leadRecord } from './lead.ts';
import type { LeadSettings } from './lead-settings.ts';
import type { LeadStore, SaveOutcome, StoredLead } from './lead-store.ts';
import { createNotifier, notifyBudgetMs, type NotificationResult } from './notify-lead.ts';

export interface LeadHandlerOptions {
  store: LeadStore;
  settings: LeadSettings;
  /** Where failures and dropped submissions are reported; console.error unless given. */
  log?: (message: string) => void;
  /** Told of every newly stored lead once its first notification attempt is over (the local servers print a line). */
  onStored?: (lead: StoredLead, notification: NotificationResult | null) => void;
}

/** Who sent a request: its address, as the platform knows it (never stored, only hashed for the rate limit). */
export interface LeadClient {
  address: string;
}

export type LeadRequestHandler = (request: Request, client: LeadClient) => Promise<Response>;

/** The largest request body accepted, in bytes. A real lead is well under 6 KB. */
export const maxBodyBytes = 16_384;

export const leadErrors = {
  methodNotAllowed: 'Method not allowed',
  notJsonType: 'The request body must be sent as Content-Type: application/json',
  tooLarge: `The request body is larger than ${maxBodyBytes} bytes`,
  unreadable: 'The request body could not be read',
  notJson: 'The request body must be JSON',
  notObject: 'The request body must be a JSON object',
  saveFailed: 'We could not save your enquiry. Please try again or call us.',
  rateLimited:
    'You have sent several enquiries in the last few minutes. Please wait a few minutes and try again, or call us.',
} as const;

const allowedMethods = 'POST, OPTIONS';

type Reply = (status: number, body: { success: boolean; error?: string }, headers?: Record<string, string>) => Response;

export function createLeadHandler(options: LeadHandlerOptions): LeadRequestHandler {
  const log = options.log ?? ((message: string) => console.error(message));
  const { store, settings } = options;
  const notifier = createNotifier(store, settings, log);

  const answerPost = async (request: Request, client: LeadClient, reply: Reply): Promise<Response> => {
    const fail = (status: number, error: string, headers?: Record<string, string>) =>
      reply(status, { success: false, error }, headers);
    // A cross-site form can post text/plain without asking first; application/json needs a preflight, which CORS then governs.
    if (mediaType(request.headers.get('content-type')) !== 'application/json') return fail(415, leadErrors.notJsonType);

    let body: string | typeof tooLarge;
    try {
      body = await readBody(request, maxBodyBytes);
    } catch (cause) {
      // The client went away or sent a broken stream.
      log(`lead request body could not be read: ${describeError(cause)}`);
      return fail(400, leadErrors.unreadable);
    }
    if (body === tooLarge) return fail(413, leadErrors.tooLarge);

    let payload: unknown;
    try {
      payload = JSON.parse(body);
    } catch {
      return fail(400, leadErrors.notJson);
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
      return fail(400, leadErrors.notObject);

    // The honeypot comes first: a bot that filled it is thanked whatever else it
    // sent, so it learns nothing from our answers; nothing is stored or sent on.
    if (honeypotFilled(payload)) {
      log('lead dropped: the honeypot field "website" was filled');
      return reply(200, { success: true });
    }

    const check = checkLead(payload);
    if (!check.success) return fail(400, check.error);

    let saved: SaveOutcome;
    try {
      saved = await store.save(leadRecord(check.lead), {
        client: client.address,
        rateLimit: settings.rateLimit,
        notify: notifier.channels.length > 0,
      });
    } catch (cause) {
      log(`lead ${check.lead.submission_id} (${check.lead.form_type}) could not be saved: ${describeError(cause)}`);
      return fail(500, leadErrors.saveFailed);
    }
    if (saved.outcome === 'limited')
      return fail(429, leadErrors.rateLimited, { 'Retry-After': String(saved.retryAfterSeconds) });
    if (saved.outcome === 'stored') {
      const notification =
        notifier.channels.length > 0 ? await notifier.notify(saved.lead, AbortSignal.timeout(notifyBudgetMs)) : null;
      options.onStored?.(saved.lead, notification);
    }
    // 'stored' and 'duplicate' alike: a retried submission is already safe.
    return reply(200, { success: true });
  };

  return async (request, client) => {
    const cors = corsHeaders(settings.allowedOrigins, request.headers.get('origin'));
    const reply: Reply = (status, body, headers = {}) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { ...cors, 'Content-Type': 'application/json', ...headers },
      });

    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
    if (request.method !== 'POST')
      return reply(405, { success: false, error: leadErrors.methodNotAllowed }, { Allow: allowedMethods });

    // "The next request" retries: notifications that failed before go out alongside this one, in the same time budget.
    const retries = notifier.retryDue(AbortSignal.timeout(notifyBudgetMs));
    const response = await answerPost(request, client, reply);
    await retries;
    return response;
  };
}

/**
 * The CORS headers for a request from `origin`: with a list of allowed
 * origins, only a listed one is named (an unlisted site gets no
 * Access-Control-Allow-Origin, so its browser refuses to send), and Vary:
 * Origin tells caches the answer depends on it.
 */
function corsHeaders(allowed: LeadSettings['allowedOrigins'], origin: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    'Access-Control-Allow-Methods': allowedMethods,
    'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
    'Access-Control-Max-Age': '86400',
    Vary: 'Origin',
  };
  if (allowed === '*') headers['Access-Control-Allow-Origin'] = '*';
  else if (origin !== null && allowed.includes(origin)) headers['Access-Control-Allow-Origin'] = origin;
  return headers;
}

/**
 * What the endpoint answers when it cannot work (a required variable missing
 * or wrong): every request gets a JSON 500 with CORS headers, so the form shows
 * its error toast and keeps what the visitor typed, and the log names each
 * problem, at start and with every request.
 */
export function createMisconfiguredHandler(
  problems: readonly string[],
  log: (message: string) => void = (message) => console.error(message),
): LeadRequestHandler {
  const report = () => log(`contact-form cannot take leads: ${problems.join('; ')}`);
  report();
  return async (request) => {
    const cors = corsHeaders('*', request.headers.get('origin'));
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
    report();
    return new Response(JSON.stringify({ success: false, error: leadErrors.saveFailed }), {
      status: 500,
      headers: { ...cors, 'Content-Type': 'application/json' },
    });
  };
}

/** "application/json; charset=utf-8" → "application/json". */
function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
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
