/**
 * One HTTP exchange at the byte level: the request written to a socket exactly
 * as given (any method, CONNECT included, which Node's client would turn into
 * a tunnel, and bytes no client library would send), then the answer read
 * until the server closes the connection: a request sends Connection: close,
 * or is one the server refuses to parse.
 */
import { connect } from 'node:net';

export interface RawExchange {
  /** The answer's status, or null when the server closed the connection without one. */
  status: number | null;
  /** Header names in lower case; repeated headers joined by ", ". */
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Sends `request` to the server at `base` (an http:// origin). `endInput`
 * closes the sending side after it, for bytes that may be an unfinished
 * request, which the server would otherwise wait on: never for a whole
 * request, since Node's server drops one it has not answered when the client
 * stops sending.
 */
export function exchange(base: string, request: Uint8Array | string, endInput = false): Promise<RawExchange> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(parseAnswer(Buffer.concat(chunks))));
    if (endInput) socket.end(request);
    else socket.write(request);
  });
}

function parseAnswer(bytes: Buffer): RawExchange {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1) return { status: null, headers: {}, body: bytes };
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  const status = /^HTTP\/1\.[01] (\d{3}) /.exec(statusLine);
  const rest = bytes.subarray(end + 4);
  const body = headers['transfer-encoding'] === 'chunked' ? unchunk(rest) : rest;
  return { status: status ? Number(status[1]) : null, headers, body };
}

/** A chunked body's bytes, its chunk sizes and trailer taken out. */
function unchunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    const size = parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (lineEnd === -1 || !(size > 0)) return Buffer.concat(parts);
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}
