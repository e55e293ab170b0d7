/**
 * `sitegen leads`: the leads the local servers stored (as a table, JSON or
 * CSV; Google Ads' import file is google-ads.ts's), and the deletions the privacy policy promises
 * (--purge, --erase).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { projectNow } from '../config';
import { formatLeads, type LeadFormat } from './format-leads';
import { openLeadDatabase, type PGlite } from './lead-database';
import { LeadDatabaseBusyError } from './lead-folder';
import { eraseLeads, purgeClock, purgedLine, purgeOldLeads } from './lead-retention';
import { migrationsDirOf } from './local-leads';
import { listLeads, type LeadRow } from './pglite-lead-store';
import { askRunningServer } from './running-server';

export interface LocalLeadsDir {
  leadsDir: string;
  root?: string;
}

export interface PrintLeadsOptions extends LocalLeadsDir {
  format: LeadFormat;
  /** Standard output is a terminal: see formatLeads. */
  terminal?: boolean;
}

/** What `sitegen leads` was asked for. */
export interface LeadsCommandOptions extends LocalLeadsDir {
  json?: boolean;
  csv?: boolean;
  googleAds?: boolean;
  conversionName: string;
  purge?: boolean;
  erase?: string;
}

/** `sitegen leads`: a deletion (--purge, --erase) says how many went; otherwise the leads, in the format asked for. */
export async function leadsCommand(options: LeadsCommandOptions): Promise<void> {
  if (options.purge || options.erase !== undefined) {
    // A folder named wrongly deletes nothing: an erasure request must not look done.
    const { dir } = where(options);
    if (!existsSync(dir)) console.log(`no lead database at ${dir}: nothing deleted`);
    else if (options.purge) console.log(purgedLine(await purgeLocalLeads(options)));
    else {
      const count = await eraseLocalLeads({ ...options, email: options.erase! });
      console.log(`deleted ${count} ${count === 1 ? 'lead' : 'leads'} of ${options.erase}`);
    }
    return;
  }
  if (options.googleAds) {
    const [rows, googleAds] = await Promise.all([readLeads(options), import('./google-ads')]);
    const now = projectNow(where(options).root);
    process.stdout.write(googleAds.formatGoogleAds(rows, { conversionName: options.conversionName, now }));
    const ios = googleAds.iosClickLeads(rows);
    const old = googleAds.tooOldClickLeads(rows, now).length;
    const leads = (count: number) => `${count} ${count === 1 ? 'lead' : 'leads'}`;
    if (ios > 0)
      console.error(
        `sitegen: ${leads(ios)} from an iOS click (gbraid or wbraid, no GCLID) left out: this file carries GCLIDs only`,
      );
    if (old > 0)
      console.error(
        `sitegen: ${leads(old)} received more than 90 days ago left out: Google Ads takes clicks up to 90 days old`,
      );
    return;
  }
  const format = options.json ? 'json' : options.csv ? 'csv' : 'table';
  // A folder named wrongly must not read as a database with no lead in it yet.
  const { dir } = where(options);
  if (format === 'table' && !existsSync(dir))
    return console.log(`no lead database at ${dir}: no leads yet (sitegen preview and dev make it as they start)`);
  process.stdout.write(await printLeads({ ...options, format, terminal: process.stdout.isTTY === true }));
}

export async function printLeads(options: PrintLeadsOptions): Promise<string> {
  return formatLeads(await readLeads(options), options.format, { terminal: options.terminal });
}

export async function readLeads(options: LocalLeadsDir): Promise<LeadRow[]> {
  const { dir, root } = where(options);
  if (!existsSync(dir)) return [];
  let db;
  try {
    db = await openLeadDatabase(dir, { migrationsDir: migrationsDirOf(root) });
  } catch (error) {
    if (!(error instanceof LeadDatabaseBusyError)) throw error;
    const rows = await askRunningServer(dir);
    if (rows === undefined) throw error;
    return rows;
  }
  try {
    return await listLeads(db);
  } finally {
    await db.close();
  }
}

/** --purge: deletes the leads past their time, by the project's clock (SITEGEN_NOW); returns how many. */
export function purgeLocalLeads(options: LocalLeadsDir): Promise<number> {
  return changeLeads(options, (db, root) => purgeOldLeads(db, purgeClock(root)));
}

/** --erase: deletes every lead of one e-mail address; returns how many. */
export function eraseLocalLeads(options: LocalLeadsDir & { email: string }): Promise<number> {
  return changeLeads(options, (db) => eraseLeads(db, options.email));
}

/** A deletion needs the database itself: while a server holds it, the busy error says to stop that server first. */
async function changeLeads(options: LocalLeadsDir, change: (db: PGlite, root: string) => Promise<number>) {
  const { dir, root } = where(options);
  const db = await openLeadDatabase(dir, { migrationsDir: migrationsDirOf(root) });
  try {
    return await change(db, root);
  } finally {
    await db.close();
  }
}

function where(options: LocalLeadsDir): { dir: string; root: string } {
  const root = resolve(options.root ?? process.cwd());
  return { dir: resolve(root, options.leadsDir), root };
}
