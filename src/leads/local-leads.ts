/**
 * The lead endpoint `sitegen preview` and `sitegen dev` answer themselves when
 * no Supabase project is configured: the Edge Function's own handler over the
 * embedded Postgres, the local-only listing that `sitegen leads` asks, and the
 * note in the database folder that tells it where to ask.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { createLeadHandler } from '../../supabase/functions/_shared/handle-lead-request.ts';
import type { WebHandler } from '../server/site-server';
import { openLeadDatabase, pgliteLeadStore, type PGlite } from './lead-database';
import { noteRunningServer, serveLeadList } from './running-server';

/** The database folder: .sitegen/leads by default; `null` keeps the database in memory (tests). */
export function leadsDirOf(root: string, leadsDir?: string | null): string | null {
  return leadsDir === null ? null : resolve(root, leadsDir ?? join('.sitegen', 'leads'));
}

/** The only definition of the leads table, for the local database as for Supabase. */
export function migrationsDirOf(root: string): string {
  return join(root, 'supabase', 'migrations');
}

export interface LocalLeads {
  db: PGlite;
  dir: string | null;
  /** Answers POST /functions/v1/contact-form. */
  handler: WebHandler;
  /** Answers GET /__sitegen/leads from this machine; false for any other request. */
  listing: (request: IncomingMessage, response: ServerResponse) => boolean;
  /** Notes the server's address in the database folder, for `sitegen leads`. */
  announce(url: string): Promise<void>;
  close(): Promise<void>;
}

export async function openLocalLeads(options: { root: string; leadsDir?: string | null; log: (message: string) => void }): Promise<LocalLeads> {
  const dir = leadsDirOf(options.root, options.leadsDir);
  const db = await openLeadDatabase(dir ?? undefined, { migrationsDir: migrationsDirOf(options.root) });
  let forget = async () => {};
  return {
    db,
    dir,
    handler: createLeadHandler(pgliteLeadStore(db), { log: options.log }),
    listing: serveLeadList(db),
    async announce(url) {
      if (dir) forget = await noteRunningServer(dir, url);
    },
    async close() {
      await forget();
      await db.close();
    },
  };
}
