/**
 * The server of `sitegen preview` and `dev`: the static site, and the lead endpoint a Supabase project would answer,
 * served by the Edge Function's own handler; to its own names alone (host-check.ts).
 */
import { createServer, ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Readable } from 'node:stream';
import { refuseMethod, type LeadRequestHandler } from '../../supabase/functions/_shared/handle-lead-request.ts';
import { messageOf } from '../errors';
import { answerClientError, type ClientError } from './client-errors';
import { hostAllowed, refuseHost, sameOrigin } from './host-check';
import { listenOnLoopback, refuseOffLoopback } from './loopback';
import { createStaticHandler, pageMethods, type SiteSource } from './static-site';

const leadEndpointPath = '/functions/v1/contact-form';

interface SiteServerOptions {
  source: SiteSource;
  port: number;
  host: string;
  /** Answers the lead endpoint; without one the endpoint is a 404 like any unknown path. */
  leads?: LeadRequestHandler;
  /** Requests the server answers before the site (dev's reload events, say). */
  intercept?: (request: IncomingMessage, response: ServerResponse) => boolean;
}

export type SiteServer = { url: string; server: Server; close(): Promise<void> };

export async function startSiteServer(options: SiteServerOptions): Promise<SiteServer> {
  const serveStatic = createStaticHandler(options.source);
  // The response each connection is sending: a request refused by Node's parser is not answered over one begun.
  const inFlight = new WeakMap<Socket, ServerResponse>();
  const serve = (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0];
    const socket = request.socket;
    inFlight.set(socket, response);
    response.on('close', () => inFlight.get(socket) === response && inFlight.delete(socket));
    const handle = async () => {
      if (!hostAllowed(request.headers.host, options.host)) return refuseHost(request, response);
      if (options.intercept?.(request, response)) return;
      if (options.leads && path === leadEndpointPath)
        return sameOrigin(request) ? answerWith(options.leads, request, response) : refuseOrigin(request, response);
      return serveStatic(request, response);
    };
    handle().catch((error: unknown) => {
      // A bug of ours, not the request's: one line in the terminal, no stack trace to the client.
      console.error(`sitegen: ${request.method} ${JSON.stringify(path)} failed: ${messageOf(error)}`);
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Internal server error');
    });
  };
  // A client that trickles its headers or request gets 408 and is closed rather than holding a connection; Node checks
  // the timeouts every connectionsCheckingInterval (30 s unless told).
  const server = createServer(
    { headersTimeout: 5_000, requestTimeout: 10_000, connectionsCheckingInterval: 500, keepAliveTimeout: 5_000 },
    serve,
  );
  server.on('connect', answerConnect(serve));
  // The 405 for a method Node's parser refused: the lead endpoint's JSON one, or a page's.
  const refuseMethodAt = (path: string) =>
    options.leads && path === leadEndpointPath
      ? refuseMethod()
      : new Response(null, { status: 405, headers: { Allow: pageMethods } });
  server.on('clientError', (error: ClientError, socket: Socket) => {
    answerClientError(error, socket, refuseMethodAt, inFlight.get(socket)).catch(() => socket.destroy());
  });
  await refuseOffLoopback(options.host);
  const closeOthers = await listenOnLoopback(server, options.port, options.host);
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    server,
    close: () =>
      new Promise((resolve) => {
        closeOthers();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Node gives a CONNECT to the connect event, never to the request handler, and closes it unanswered when nothing
 * listens: it is answered as any other request is (405, as no path takes CONNECT), then closed.
 */
const answerConnect =
  (serve: (request: IncomingMessage, response: ServerResponse) => void) =>
  (request: IncomingMessage, socket: Socket) => {
    // Node took its own listeners off the socket: a client resetting it must not become an uncaught error.
    socket.on('error', () => socket.destroy());
    const response = new ServerResponse(request);
    response.shouldKeepAlive = false;
    response.assignSocket(socket);
    response.on('finish', () => {
      response.detachSocket(socket);
      socket.end();
    });
    serve(request, response);
  };

/** Node's Request throws on the methods fetch forbids, and no browser sends them: their 405 needs no CORS headers. */
const forbiddenMethods = /^(CONNECT|TRACE|TRACK)$/i;

async function answerWith(handler: LeadRequestHandler, request: IncomingMessage, response: ServerResponse) {
  if (forbiddenMethods.test(request.method ?? '')) return send(refuseMethod(), response);
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
  return send(await handler(webRequest, { address: request.socket.remoteAddress ?? 'unknown' }), response);
}

/**
 * 403 for a lead (or its preflight) from a page of another site: the forms of a site built without SUPABASE_URL post to
 * their own server, and no other page may store leads here or send them on. No CORS header: the page cannot read why.
 */
function refuseOrigin(request: IncomingMessage, response: ServerResponse): void {
  const error = `a request from ${request.headers.origin}, not from this server's own pages`;
  response
    .writeHead(403, { 'Content-Type': 'application/json; charset=utf-8', 'X-Content-Type-Options': 'nosniff' })
    .end(JSON.stringify({ success: false, error }));
}

async function send(answer: Response, response: ServerResponse): Promise<void> {
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  response.end(Buffer.from(await answer.arrayBuffer()));
}
