/**
 * The HTTP server behind `sitegen preview` and `sitegen dev`: the static site,
 * and the lead endpoint a Supabase project would answer, served by the same
 * handler the Edge Function uses.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { LeadRequestHandler } from '../../supabase/functions/_shared/handle-lead-request.ts';
import { messageOf, SitegenError } from '../errors';
import { createStaticHandler, type SiteSource } from './static-site';

export const leadEndpointPath = '/functions/v1/contact-form';

/**
 * How long a client may take to send its headers, and its whole request: one
 * that trickles bytes gets 408 and is closed rather than holding a connection.
 * Node checks these every connectionsCheckingInterval (30 s unless told).
 */
const headersTimeoutMs = 5_000;
const requestTimeoutMs = 10_000;

export interface SiteServerOptions {
  source: SiteSource;
  port: number;
  host: string;
  /** Answers the lead endpoint; without one the endpoint is a 404 like any unknown path. */
  leads?: LeadRequestHandler;
  /** Requests the server answers before the site (dev's reload events, say). */
  intercept?: (request: IncomingMessage, response: ServerResponse) => boolean;
}

export interface SiteServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

export async function startSiteServer(options: SiteServerOptions): Promise<SiteServer> {
  const serveStatic = createStaticHandler(options.source);
  const server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      connectionsCheckingInterval: 500,
      keepAliveTimeout: 5_000,
    },
    (request, response) => {
      const path = (request.url ?? '/').split('?')[0];
      const handle = async () => {
        if (options.intercept?.(request, response)) return;
        if (options.leads && path === leadEndpointPath) return answerWith(options.leads, request, response);
        return serveStatic(request, response);
      };
      handle().catch((error: unknown) => {
        // A bug of ours, not the request's: one line in the terminal, no stack trace to the client.
        console.error(`sitegen: ${request.method} ${JSON.stringify(path)} failed: ${messageOf(error)}`);
        if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        response.end('Internal server error');
      });
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new SitegenError(`port ${options.port} on ${options.host} is in use: choose another with --port`)
          : error,
      ),
    );
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host =
    options.host === '0.0.0.0' || options.host === '::'
      ? 'localhost'
      : options.host.includes(':')
        ? `[${options.host}]`
        : options.host;
  return {
    url: `http://${host}:${port}`,
    server,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Node's request → a web Request → the handler → Node's response. */
async function answerWith(
  handler: LeadRequestHandler,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const headers = new Headers();
  for (let i = 0; i < request.rawHeaders.length; i += 2)
    headers.append(request.rawHeaders[i]!, request.rawHeaders[i + 1]!);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  // The path only: the Host header is the client's to choose, and the handler needs no host.
  const webRequest = new Request(`http://localhost${leadEndpointPath}`, {
    method: request.method,
    headers,
    body: hasBody ? (Readable.toWeb(request) as ReadableStream<Uint8Array>) : undefined,
    // Node's fetch needs this to accept a streamed body.
    duplex: hasBody ? 'half' : undefined,
  } as RequestInit);
  const answer = await handler(webRequest, { address: request.socket.remoteAddress ?? 'unknown' });
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  response.end(Buffer.from(await answer.arrayBuffer()));
}
