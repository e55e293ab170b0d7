/**
 * PGlite allows one process per database, and a running preview or dev server
 * holds it. So the server notes its address in the database folder and lists
 * its leads on a local-only path, and `sitegen leads` asks it when the
 * database is busy.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { formatLeads, listLeads, type LeadFormat, type PGlite } from './lead-database';

export const leadsPath = '/__sitegen/leads';
const serverFile = 'server.json';
const formats: readonly LeadFormat[] = ['table', 'json', 'csv'];

/** Answers GET /__sitegen/leads?format=… for requests from this machine only: leads are personal data. */
export function serveLeadList(db: PGlite) {
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== leadsPath) return false;
    const address = request.socket.remoteAddress ?? '';
    if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(address)) return false;
    const format = formats.find((name) => name === url.searchParams.get('format')) ?? 'table';
    listLeads(db).then(
      (rows) => response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end(formatLeads(rows, format)),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
    return true;
  };
}

export async function noteRunningServer(leadsDir: string, url: string): Promise<() => Promise<void>> {
  const file = join(leadsDir, serverFile);
  await writeFile(file, `${JSON.stringify({ url, pid: process.pid })}\n`);
  return () => rm(file, { force: true });
}

/** The leads as the running server sees them, or undefined when no server answers. */
export async function askRunningServer(leadsDir: string, format: LeadFormat): Promise<string | undefined> {
  try {
    const { url } = JSON.parse(await readFile(join(leadsDir, serverFile), 'utf8')) as { url: string };
    // The server may listen on every interface; asking on loopback is what proves we are on the same machine.
    const local = new URL(url);
    if (local.hostname === 'localhost' || local.hostname === '0.0.0.0' || local.hostname === '[::]') local.hostname = '127.0.0.1';
    const response = await fetch(`${local.origin}${leadsPath}?format=${format}`, { signal: AbortSignal.timeout(5000) });
    return response.ok ? await response.text() : undefined;
  } catch {
    return undefined;
  }
}
