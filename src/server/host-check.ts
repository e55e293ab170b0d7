/**
 * A web page can reach a server on this machine by pointing a name of its own at 127.0.0.1 (DNS rebinding): the browser
 * then takes the server for the page's own site, so no CORS rule stops the page reading it, or writing through it. So
 * the servers answer only Host names no one else can point: localhost and *.localhost, which browsers resolve to this
 * machine themselves; an IP address (rebinding needs a name); and --host. Vite answers the same since CVE-2025-24010.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';

export function hostAllowed(header: string | undefined, listenHost: string): boolean {
  const host = header?.trim().toLowerCase();
  if (!host) return false;
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end > 0 && isIP(host.slice(1, end)) === 6 && /^(:\d+)?$/.test(host.slice(end + 1));
  }
  const name = /^([\w.-]*)(:\d+)?$/.exec(host)?.[1];
  if (!name) return false;
  return isIP(name) === 4 || name === 'localhost' || name.endsWith('.localhost') || name === listenHost.toLowerCase();
}

export function refuseHost(request: IncomingMessage, response: ServerResponse): void {
  const name = (request.headers.host ?? '').replace(/:\d+$/, '');
  response
    .writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' })
    .end(
      'Refused: this server answers localhost, IP addresses and the name given with --host, ' +
        `not ${JSON.stringify(name)}${name ? ` (for a name /etc/hosts points at this machine, start it with --host ${name})` : ''}\n`,
    );
}

/**
 * A browser names the Origin on every POST and preflight, so a page of another site writing through the server (a lead,
 * an editor's save) is told apart from the server's own. A client that names none (curl, a script) is no page.
 */
export function sameOrigin(request: IncomingMessage): boolean {
  const { origin, host } = request.headers;
  return origin === undefined || origin.toLowerCase() === `http://${host?.toLowerCase()}`;
}

export const isLoopbackAddress = (address: string): boolean => /^(127\.|::1$|::ffff:127\.)/.test(address);
