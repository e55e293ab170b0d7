/**
 * Generated requests to the lead endpoint (any method, content type and
 * charset, declared length, extra headers; a body of any bytes, JSON of any
 * shape, or a lead of tests/support/lead-valid-payloads.ts or
 * lead-near-valid-payloads.ts, valid or not, in UTF-8 or not, padded past the
 * size limit at times, sent whole or in pieces), and what the endpoint must
 * answer each, as docs/leads.md says, in its order: preflight, method, content
 * type, charset, size, UTF-8, JSON, object, honeypot, fields.
 */
import fc from 'fast-check';
import type { Payload } from './lead-form-fields';
import { nearValid } from './lead-near-valid-payloads';
import { botHoneypot, rowOf, validLead, type ExpectedRow } from './lead-valid-payloads';

const maxBodyBytes = 16_384;

/** A Content-Type as its parts: the media type, and parameters as written (value quoted or not). */
export interface ContentType {
  media: string;
  parameters: { name: string; value: string; quoted: boolean }[];
}

/**
 * A request body. When its bytes are the UTF-8 JSON of a payload that is a
 * lead, `row` is the row it must become; when they are one with one thing
 * wrong, `error` is the answer's; otherwise neither is known.
 */
export interface Body {
  bytes: Uint8Array<ArrayBuffer>;
  row?: ExpectedRow;
  error?: string;
}

export interface LeadRequest {
  method: string;
  contentType: ContentType | null;
  /** Content-Length: none, the body's own, or another (a lie). */
  contentLength: 'none' | 'exact' | number;
  /** Where the body is cut into the pieces it streams in; none: it is sent whole. */
  cuts: number[];
  headers: [string, string][];
  body: Body;
}

/** What the endpoint must answer: the status, the error (`null`: any text), and the row a new lead becomes. */
export interface Answer {
  status: number;
  error?: string | null;
  row?: ExpectedRow;
}

const errors = {
  method: 'Method not allowed',
  type: 'The request body must be sent as Content-Type: application/json',
  charset: 'The request body must be encoded as UTF-8',
  size: `The request body is larger than ${maxBodyBytes} bytes`,
  json: 'The request body must be JSON',
  object: 'The request body must be a JSON object',
};

const token = fc.stringMatching(/^[a-zA-Z0-9!#$%&'*+.^_`|~-]{1,12}$/);

export const contentType: fc.Arbitrary<ContentType> = fc.record({
  media: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('application/json', 'Application/JSON', 'APPLICATION/JSON ') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'application/ld+json',
        'text/json',
        '',
      ),
    },
  ),
  parameters: fc.array(
    fc.oneof(
      fc.record({
        name: fc.constantFrom('charset', 'Charset', 'CHARSET'),
        value: fc.constantFrom(
          'utf-8',
          'UTF-8',
          'Utf-8',
          'iso-8859-1',
          'windows-1252',
          'utf-16',
          'utf8',
          'us-ascii',
          '',
        ),
        quoted: fc.boolean(),
      }),
      fc.record({
        name: token.filter((name) => name.toLowerCase() !== 'charset'),
        value: fc.oneof(token, fc.constantFrom('charset=latin1', 'a;charset=latin1', 'x; y')),
        quoted: fc.constant(true),
      }),
    ),
    { maxLength: 3 },
  ),
});

export function contentTypeHeader({ media, parameters }: ContentType): string {
  return media + parameters.map(({ name, value, quoted }) => `; ${name}=${quoted ? `"${value}"` : value}`).join('');
}

/** Methods a web Request can carry: POST most often. */
const method = fc.oneof(
  { weight: 8, arbitrary: fc.constant('POST') },
  { weight: 1, arbitrary: fc.constant('OPTIONS') },
  { weight: 2, arbitrary: fc.constantFrom('GET', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'PROPFIND', 'QUERY', 'BREW') },
);

const headerValue = fc.stringMatching(/^[\x21-\x7e\x80-\xff][\x20-\x7e\x80-\xff]{0,30}$/);
const extraHeaders = fc.array(
  fc.tuple(
    fc.constantFrom('origin', 'x-forwarded-for', 'apikey', 'authorization', 'accept', 'x-anything'),
    headerValue,
  ),
  { maxLength: 3 },
);

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

/** The body with its text (bytes that are not UTF-8 as U+FFFD) for fast-check to print, rather than its bytes as numbers. */
function shown(body: Body): Body {
  const text = Buffer.from(body.bytes).toString('utf8');
  const head =
    text.length > 300
      ? `${JSON.stringify(text.slice(0, 300))}… (${body.bytes.byteLength} bytes)`
      : JSON.stringify(text);
  return Object.assign(body, { [fc.toStringMethod]: () => `body ${head}` });
}

/** Whitespace after the JSON, at times enough to take the body past the 16 KB limit. */
const trailing = fc.oneof(
  { weight: 9, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.integer({ min: 15_000, max: 17_000 }).map((n) => ' '.repeat(n)) },
);

/** `payload` as JSON, the honeypot at times filled, in UTF-8 or another encoding. */
function encoded(payload: Payload, meaning: Omit<Body, 'bytes'>): fc.Arbitrary<Body> {
  const honeypot = fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: botHoneypot });
  const encoding = fc.oneof(
    { weight: 8, arbitrary: fc.constant<BufferEncoding>('utf8') },
    { weight: 1, arbitrary: fc.constantFrom<BufferEncoding>('latin1', 'utf16le') },
  );
  return fc.tuple(honeypot, trailing, encoding).map(([website, after, as]) => {
    const text = JSON.stringify(website === undefined ? payload : { ...payload, website }) + after;
    const bytes = new Uint8Array(Buffer.from(text, as));
    // Another encoding of text that is ASCII is the same bytes, and means the same.
    return Buffer.from(bytes).equals(Buffer.from(text)) ? { bytes, ...meaning } : { bytes };
  });
}

/** Deeply nested JSON arrays or objects, at times past the size limit. */
const deep = fc
  .tuple(fc.integer({ min: 1, max: 9_000 }), fc.constantFrom('array', 'object'))
  .map(([depth, shape]) =>
    shape === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
  );

/** Any body, `ids` the submission ids of the run. */
export function body(ids: readonly string[]): fc.Arbitrary<Body> {
  return fc
    .oneof(
      { weight: 4, arbitrary: validLead(ids).chain((lead) => encoded(lead, { row: rowOf(lead) })) },
      {
        weight: 3,
        arbitrary: validLead(ids)
          .chain(nearValid)
          .chain(({ payload, error }) => encoded(payload, { error })),
      },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ bytes })) },
      { weight: 1, arbitrary: fc.jsonValue().map((value) => ({ bytes: utf8(JSON.stringify(value) ?? '') })) },
      { weight: 1, arbitrary: deep.map((text) => ({ bytes: utf8(text) })) },
    )
    .map(shown);
}

/** The Content-Type of a lead as a browser or a script sends it. */
export const jsonType: fc.Arbitrary<ContentType> = fc.record({
  media: fc.constantFrom('application/json', 'Application/JSON'),
  parameters: fc.constantFrom<ContentType['parameters']>(
    [],
    [{ name: 'charset', value: 'utf-8', quoted: false }],
    [{ name: 'charset', value: 'UTF-8', quoted: true }],
  ),
});

/** A request: mostly a POST of JSON as the forms send it (whatever its body), else anything. */
export function leadRequest(ids: readonly string[]): fc.Arbitrary<LeadRequest> {
  const common = {
    cuts: fc.oneof(fc.constant<number[]>([]), fc.array(fc.nat(), { maxLength: 4 })),
    headers: extraHeaders,
    body: body(ids),
  };
  const post = fc.record({
    ...common,
    method: fc.constant('POST'),
    contentType: jsonType,
    contentLength: fc.constantFrom<'none' | 'exact'>('none', 'exact'),
  });
  const anything = fc.record({
    ...common,
    method,
    contentType: fc.option(contentType, { freq: 8, nil: null }),
    contentLength: fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom<'none' | 'exact'>('none', 'exact') },
      { weight: 1, arbitrary: fc.oneof(fc.nat(100), fc.integer({ min: maxBodyBytes + 1, max: 10 ** 9 })) },
    ),
  });
  return fc.oneof({ weight: 2, arbitrary: post }, { weight: 1, arbitrary: anything });
}

/** The request as a web Request, its body streamed in pieces when `cuts` says so. */
export function webRequest(request: LeadRequest, url: string): Request {
  const headers = new Headers(request.headers);
  if (request.contentType) headers.set('content-type', contentTypeHeader(request.contentType));
  const { bytes } = request.body;
  if (request.contentLength !== 'none')
    headers.set('content-length', String(request.contentLength === 'exact' ? bytes.byteLength : request.contentLength));
  if (request.method === 'GET' || request.method === 'HEAD')
    return new Request(url, { method: request.method, headers });
  if (request.cuts.length === 0) return new Request(url, { method: request.method, headers, body: bytes });
  const ends = [...new Set(request.cuts.map((cut) => cut % (bytes.byteLength + 1))), bytes.byteLength].sort(
    (a, b) => a - b,
  );
  const pieces = ends.map((end, index) => bytes.subarray(index === 0 ? 0 : ends[index - 1], end));
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces.shift();
      if (piece) controller.enqueue(piece);
      else controller.close();
    },
  });
  return new Request(url, { method: request.method, headers, body: stream, duplex: 'half' } as RequestInit);
}

/** docs/leads.md's honeypot: `website` present, and not blank text. */
function honeypotFilled(payload: object): boolean {
  const website = (payload as { website?: unknown }).website;
  return website !== undefined && website !== null && (typeof website !== 'string' || website.trim() !== '');
}

/** What the endpoint must answer `request`. */
export function expectedAnswer(request: LeadRequest): Answer {
  const refused = (status: number, error: string | null) => ({ status, error });
  if (request.method === 'OPTIONS') return { status: 204 };
  if (request.method !== 'POST') return refused(405, errors.method);
  const type = request.contentType;
  if (type === null || type.media.trim().toLowerCase() !== 'application/json') return refused(415, errors.type);
  const charsets = type.parameters.filter(({ name }) => name.toLowerCase() === 'charset');
  // The Encoding Standard's names for UTF-8.
  const utf8Names = ['utf-8', 'utf8', 'unicode-1-1-utf-8'];
  if (charsets.some(({ value }) => !utf8Names.includes(value.toLowerCase()))) return refused(415, errors.charset);
  const { bytes, row, error } = request.body;
  const declared = typeof request.contentLength === 'number' ? request.contentLength : 0;
  if (bytes.byteLength > maxBodyBytes || declared > maxBodyBytes) return refused(413, errors.size);
  // UTF-8 exactly when decoding and encoding again gives back the same bytes; a byte order mark is no part of the JSON.
  const text = Buffer.from(bytes).toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(bytes)) return refused(415, errors.charset);
  let payload: unknown;
  try {
    payload = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return refused(400, errors.json);
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return refused(400, errors.object);
  if (honeypotFilled(payload)) return { status: 200 };
  if (row) return { status: 200, row };
  return refused(400, error ?? null);
}
