/**
 * The `sitegen preview` server a site test file shares (src/server/): a copy of
 * the built site, with what the file plants in it, served with a lead database
 * of its own, started before the file's tests and closed after them; what it
 * logs as errors kept for the tests to read rather than printed. And a request
 * sent exactly as written, as an attacker would send it.
 */
import { request as httpRequest } from 'node:http';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import type { LeadSettings } from '../../supabase/functions/_shared/lead-settings.ts';
import { startPreview, type Preview } from '../../src/server/preview';
import { projectRoot } from './cli';
import { copyMigratedLeads } from './migrated-leads';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export const noLimits: LeadSettings = { allowedOrigins: '*', rateLimit: null, webhook: null, email: null };

/** One request exactly as written: the path and headers are not normalised by a client library. */
export function raw(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: hostname,
        port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers,
        setHost: !options.headers?.host,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

// Set by useServedSite's beforeAll for the file that called it: an import of them reads what is set now (an ES
// module's exports are live), so a test reads them by name as a file's own would be read.
/** The file's scratch folder: the site's copy (dist/) and the lead database (leads/) in it. */
export let work: string;
/** The copy of the built site the server serves. */
export let site: string;
export let preview: Preview;
/** What the server has logged as errors since it started for this file. */
export const errors: string[] = [];

/**
 * Serves a copy of the built site for the test file that calls this at its top level, after `plant` has put in it
 * what the file's tests need.
 */
export function useServedSite(plant: () => Promise<void> = async () => {}): void {
  const originalError = console.error;
  beforeAll(async () => {
    errors.length = 0;
    work = await mkdtemp(join(tmpdir(), 'sitegen-server-'));
    site = join(work, 'dist');
    await cp(inject('siteDir'), site, { recursive: true });
    await plant();
    console.error = (...args: unknown[]) => errors.push(args.join(' '));
    await copyMigratedLeads(join(work, 'leads'));
    preview = await startPreview({
      root: projectRoot,
      dir: site,
      port: 0,
      host: '127.0.0.1',
      leadsDir: join(work, 'leads'),
      leadSettings: noLimits,
      onLead: () => {},
    });
  });
  afterAll(async () => {
    await preview?.close();
    console.error = originalError;
    await rm(work, { recursive: true, force: true });
  });
}
