/**
 * PGlite allows one process per database, and a running preview or dev server holds it. So the server lists its leads
 * on a local-only path, and notes its address and a token in the database folder (owner-only), and `sitegen leads`
 * asks it when the database is busy. Leads are personal data, and any web page can make a browser send requests to
 * localhost, or, through DNS rebinding, under its own host name to 127.0.0.1: so the listing answers only a GET from
 * this machine, addressed to a loopback host name, carrying the token from the file.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sameSecret } from '../hash';
import { isLoopbackAddress } from '../server/host-check';
import { serverFile } from './lead-folder';
import { listLeads, type LeadRow } from './pglite-lead-store';
import type { PGlite } from './lead-database';

const leadsPath = '/__sitegen/leads';

/** `notifying`: whether this server sends leads on, which `sitegen leads` says of the notifications due. */
export const serveLeadList =
  (database: () => Promise<PGlite>, token: string, notifying: boolean) =>
  (request: IncomingMessage, response: ServerResponse): boolean => {
    if ((request.url ?? '').split('?')[0] !== leadsPath) return false;
    // From another machine the path does not exist.
    if (!isLoopbackAddress(request.socket.remoteAddress ?? '')) return false;
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) =>
      response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers }).end(body);
    const refuse = (status: number, why: string, headers?: Record<string, string>) =>
      send(status, 'text/plain; charset=utf-8', `${why}\n`, headers);
    const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    if (request.method !== 'GET') refuse(405, 'GET only', { Allow: 'GET' });
    else if (!isLoopbackHost(host)) refuse(403, 'leads are listed to a loopback host name only');
    else if (!sameSecret(request.headers.authorization ?? '', `Bearer ${token}`))
      refuse(403, 'the token of server.json is required');
    else
      database()
        .then(listLeads)
        .then(
          (rows) => send(200, 'application/json', JSON.stringify(rows), { 'X-Sitegen-Notifying': String(notifying) }),
          (error: unknown) => refuse(500, String(error)),
        );
    return true;
  };

export async function noteRunningServer(leadsDir: string, url: string, token: string): Promise<() => Promise<void>> {
  const file = join(leadsDir, serverFile);
  await writeFile(file, `${JSON.stringify({ url, pid: process.pid, token })}\n`, { mode: 0o600 });
  return () => rm(file, { force: true });
}

/** localhost, or a loopback address written as one (127.0.0.2, [::1]): never a name DNS could make one. */
function isLoopbackHost(host: string): boolean {
  const address = host.replace(/^\[(.*)\]$/, '$1');
  return host === 'localhost' || (isIP(address) !== 0 && isLoopbackAddress(address));
}

export async function askRunningServer(leadsDir: string): Promise<{ rows: LeadRow[]; notifying: boolean } | undefined> {
  try {
    const file = join(leadsDir, serverFile);
    const { url, token } = JSON.parse(await readFile(file, 'utf8')) as { url: string; token: string };
    // Asked by a loopback address, not by the name the server was started with, whatever that name resolves to.
    const local = new URL(url);
    if (!isLoopbackHost(local.hostname) || local.hostname === 'localhost') local.hostname = '127.0.0.1';
    const response = await fetch(`${local.origin}${leadsPath}`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) return undefined;
    const rows = ((await response.json()) as LeadRow[]).map(withDates);
    return { rows, notifying: response.headers.get('X-Sitegen-Notifying') !== 'false' };
  } catch {
    return undefined;
  }
}

/** JSON carries times as text; the formats expect Dates. */
function withDates(row: LeadRow): LeadRow {
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    ...row,
    created_at: new Date(row.created_at),
    notified_at: date(row.notified_at),
    next_notify_at: date(row.next_notify_at),
  };
}
