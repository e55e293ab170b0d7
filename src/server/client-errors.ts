/**
 * Node's answers to a request its HTTP parser refused stay, but for one case: the parser knows a fixed list of methods
 * and refuses any other (TRACK, a lowercase post, a made-up one) with 400, where HTTP means 405, which the lead
 * endpoint promises and answers under Deno. That is answered 405 for its path when the refused bytes begin with its
 * request line; a request line that came in pieces stays a 400, since the parser keeps only the last piece.
 */
import { METHODS, STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ClientError extends Error {
  code?: string;
  /** The bytes the parser was reading when it failed. */
  rawPacket?: Buffer;
}

/** Node's answers to the parse errors it names (http's server, socketOnError); 400 for any other. */
const nodeStatus: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/** method SP request-target SP HTTP-version CRLF, the method a token (RFC 9110). */
const requestLine = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+) HTTP\/1\.[01]\r\n/;

/** As Node does, nothing is written over the response in flight on this connection once its headers are sent. */
export async function answerClientError(
  error: ClientError,
  socket: Socket,
  refuseMethod: (path: string) => Response,
  inFlight: ServerResponse | undefined,
): Promise<void> {
  if (!socket.writable || inFlight?.headersSent) return void socket.destroy();
  // Refused for its method (PRI, which HTTP/2 reserves, fails as a bad version). A method Node knows heads a request
  // refused for something else, or one sent before on this connection when the refused line is not at hand.
  const line = requestLine.exec(error.rawPacket?.toString('latin1') ?? '');
  const refused = line && !METHODS.includes(line[1]!) ? line[2]!.split('?')[0]! : undefined;
  const answer =
    refused === undefined ? new Response(null, { status: nodeStatus[error.code ?? ''] ?? 400 }) : refuseMethod(refused);
  const body = Buffer.from(await answer.arrayBuffer());
  const head = [
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}`,
    ...[...answer.headers].map(([name, value]) => `${name}: ${value}`),
    ...(body.byteLength > 0 ? [`Content-Length: ${body.byteLength}`] : []),
    'Connection: close',
  ];
  socket.end(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), body]), () => socket.destroy());
}
