/**
 * The one request handler for lead submissions, on web-standard Request and
 * Response: the Supabase Edge Function (contact-form/index.ts) serves it with
 * Deno.serve and the local server (sitegen preview / dev) with Node. Only
 * web-standard APIs here, and relative imports carry .ts because Deno runs
 * this file as is.
 *
 * The reply is always JSON `{ success, error? }` with the CORS headers,
 * because the browser posts from the site's origin to the Supabase project's.
 * In order: preflight, POST only (405), JSON declared in no charset but UTF-8
 * (415), at most 16 KB (413), bytes that are UTF-8 (415), a JSON object (400),
 * the honeypot (a bot is thanked and forgotten), the schema (400 naming the
 * field), then the store: a repeated submission_id is stored once, a client
 * past the rate limit gets 429, and a new lead is sent on to the agency before
 * the answer, within notifyBudgetMs, whatever the outcome. Each POST also
 * sends the notifications that are due again.
 */
import { describeError } from './describe-error.ts';
import { checkLead, leadRecord, type FormType } from './lead.ts';
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
  notUtf8: 'The request body must be encoded as UTF-8',
  tooLarge: `The request body is larger than ${maxBodyBytes} bytes`,
  unreadable: 'The request body could not be read',
  notJson: 'The request body must be JSON',
  notObject: 'The request body must be a JSON object',
  saveFailed: 'We could not save your enquiry. Please try again or call us.',
} as const;

/** A 429's words: the wait its Retry-After gives (LEAD_RATE_LIMIT sets the period), in the form's own terms. */
export function rateLimitedMessage(formType: FormType, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const wait = minutes === 1 ? 'a minute' : `${minutes} minutes`;
  if (formType === 'newsletter')
    return `You have signed up several times in a short time. Please try again in ${wait}.`;
  return `You have sent several enquiries in a short time. Please try again in ${wait}, or call us.`;
}

/** The methods the endpoint answers, for the Allow header of a 405 and for CORS. */
const allowedMethods = 'POST, OPTIONS';

/**
 * The answer to any method but POST and OPTIONS. Exported for the local
 * server, which must answer itself the methods a web Request cannot carry.
 */
export function refuseMethod(headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ success: false, error: leadErrors.methodNotAllowed }), {
    status: 405,
    headers: { ...headers, 'Content-Type': 'application/json', Allow: allowedMethods },
  });
}

type Reply = (status: number, body: { success: boolean; error?: string }, headers?: Record<string, string>) => Response;

export function createLeadHandler(options: LeadHandlerOptions): LeadRequestHandler {
  const log = options.log ?? ((message: string) => console.error(message));
  const { store, settings } = options;
  const notifier = createNotifier(store, settings, log);

  const answerPost = async (request: Request, client: LeadClient, reply: Reply): Promise<Response> => {
    const fail = (status: number, error: string, headers?: Record<string, string>) =>
      reply(status, { success: false, error }, headers);
    // A cross-site form can post text/plain without asking first; application/json needs a preflight, which CORS then governs.
    const type = contentType(request.headers.get('content-type'));
    if (type.mediaType !== 'application/json') return fail(415, leadErrors.notJsonType);
    // JSON is UTF-8 (RFC 8259): a body declared in another charset would be read as something it is not.
    if (type.charsets.some((charset) => !utf8Labels.has(charset))) return fail(415, leadErrors.notUtf8);

    let bytes: Uint8Array | typeof tooLarge;
    try {
      bytes = await readBody(request, maxBodyBytes);
    } catch (cause) {
      // The client went away or sent a broken stream.
      log(`lead request body could not be read: ${describeError(cause)}`);
      return fail(400, leadErrors.unreadable);
    }
    if (bytes === tooLarge) return fail(413, leadErrors.tooLarge);

    let body: string;
    try {
      // fatal: a byte that is not UTF-8 is refused, rather than stored as U+FFFD in place of what the visitor typed.
      body = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return fail(415, leadErrors.notUtf8);
    }

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
      return fail(429, rateLimitedMessage(check.lead.form_type, saved.retryAfterSeconds), {
        'Retry-After': String(saved.retryAfterSeconds),
      });
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
    if (request.method !== 'POST') return refuseMethod(cors);

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

/** The names the Encoding Standard gives UTF-8, as browsers read a charset. */
const utf8Labels = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8']);

/**
 * A Content-Type's media type and the charsets it declares, lower case and
 * unquoted: 'Application/JSON; charset="UTF-8"' → application/json, [utf-8].
 * A quoted value may hold a ";", and a charset that cannot be read (an
 * unclosed quote) is kept as written, so it is refused as not UTF-8.
 */
function contentType(header: string | null): { mediaType: string; charsets: string[] } {
  const text = header ?? '';
  const charsets: string[] = [];
  for (const [, name = '', value = ''] of text.matchAll(parameter)) {
    if (name.toLowerCase() !== 'charset') continue;
    const quoted = /^"((?:[^"\\]|\\.)*)"$/.exec(value.trim());
    charsets.push((quoted ? quoted[1]!.replace(/\\(.)/g, '$1') : value.trim()).toLowerCase());
  }
  return { mediaType: text.split(';')[0]!.trim().toLowerCase(), charsets };
}

/** One parameter of a Content-Type: its name, and its value, a quoted string (which may hold ";") or up to the next ";". */
const parameter = /;\s*([^=;\s]+)\s*(?:=\s*("(?:[^"\\]|\\.)*"|[^;]*))?/g;

function honeypotFilled(payload: object): boolean {
  const website = (payload as { website?: unknown }).website;
  if (website === undefined || website === null) return false;
  return typeof website === 'string' ? website.trim() !== '' : true;
}

const tooLarge = Symbol('too large');

/**
 * The body's bytes, or `tooLarge` once it passes `limit` bytes: refused up
 * front when Content-Length says so, and counted while reading otherwise, so a
 * chunked body (or a Content-Length that lies) cannot get around the limit.
 */
async function readBody(request: Request, limit: number): Promise<Uint8Array | typeof tooLarge> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit) return tooLarge;
  if (!request.body) return new Uint8Array(0);

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
  return bytes;
}
