/** `sitegen leads`: the leads the local servers stored, and the deletions the privacy policy promises. */
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { requireProject } from '../config';
import { SitegenError } from '../errors';
import { formatLeads, type LeadFormat } from './format-leads';
import { openLeadDatabase, type PGlite } from './lead-database';
import { LeadDatabaseBusyError } from './lead-folder';
import { eraseLeads, leadCount, leadsClock, purgedLine, purgeOldLeads } from './lead-retention';
import { migrationsDirOf } from './local-leads';
import { listLeads, type LeadRow } from './pglite-lead-store';
import { askRunningServer } from './running-server';

type LocalLeadsDir = { leadsDir: string; root?: string };

export interface LeadsCommandOptions extends LocalLeadsDir {
  json?: boolean;
  csv?: boolean;
  googleAds?: boolean;
  conversionName: string;
  purge?: boolean;
  erase?: string;
}

export async function leadsCommand(options: LeadsCommandOptions): Promise<void> {
  const { dir, root } = where(options);
  if (options.purge || options.erase !== undefined) {
    // A folder named wrongly deletes nothing: an erasure request must not look done.
    if (!holdsDatabase(dir)) console.log(`no lead database at ${dir}: nothing deleted`);
    else if (options.purge)
      console.log(purgedLine(await withDatabase(dir, root, (db) => purgeOldLeads(db, leadsClock(root)))));
    else {
      const count = await withDatabase(dir, root, (db) => eraseLeads(db, options.erase!));
      console.log(`deleted ${leadCount(count)} of ${options.erase}`);
    }
    return;
  }
  const format = options.json ? 'json' : options.csv ? 'csv' : 'table';
  // A folder named wrongly must not read as a database with no lead in it yet, nor give an empty file to upload.
  if (!holdsDatabase(dir)) {
    const missing = `no lead database at ${dir}`;
    if (format === 'table' && !options.googleAds)
      return console.log(`${missing}: no leads yet (sitegen preview and dev make it as they start)`);
    throw new SitegenError(`${missing}: check --leads-dir (sitegen preview and dev make it as they start)`);
  }
  if (options.googleAds) {
    const [{ rows: all }, googleAds] = await Promise.all([readLeads(dir, root), import('./google-ads')]);
    const rows = all.filter(googleAds.isEnquiry);
    const now = leadsClock(root);
    process.stdout.write(googleAds.formatGoogleAds(rows, { conversionName: options.conversionName, now }));
    const leftOut: [number, string][] = [
      [googleAds.signUpsFromClicks(all), 'from the newsletter form left out: a sign-up is not an enquiry'],
      [
        googleAds.iosClickLeads(rows),
        'from an iOS click (gbraid or wbraid, no GCLID) left out: this file carries GCLIDs only',
      ],
      [
        googleAds.tooOldClickLeads(rows, now).length,
        'from a click more than 90 days ago left out: Google Ads takes clicks up to 90 days old',
      ],
    ];
    for (const [count, why] of leftOut) if (count > 0) console.error(`sitegen: ${leadCount(count)} ${why}`);
    return;
  }
  process.stdout.write(await printLeads({ ...options, format, terminal: process.stdout.isTTY === true }));
}

export async function printLeads(options: LocalLeadsDir & { format: LeadFormat; terminal?: boolean }): Promise<string> {
  const { dir, root } = where(options);
  const { rows, notifying } = await readLeads(dir, root);
  return formatLeads(rows, options.format, { terminal: options.terminal, notifying });
}

/** `notifying` is known only from a running server: with none, what is due waits for the next one to start. */
async function readLeads(dir: string, root: string): Promise<{ rows: LeadRow[]; notifying?: boolean }> {
  if (!holdsDatabase(dir)) return { rows: [] };
  try {
    return { rows: await withDatabase(dir, root, listLeads) };
  } catch (error) {
    // Only opening the database throws this: a running server holds it, and may list its leads.
    if (!(error instanceof LeadDatabaseBusyError)) throw error;
    const listed = await askRunningServer(dir);
    if (listed === undefined) throw error;
    return listed;
  }
}

/** While a server holds the database, a deletion fails saying to stop that server first. */
async function withDatabase<T>(dir: string, root: string, use: (db: PGlite) => Promise<T>): Promise<T> {
  const db = await openLeadDatabase(dir, { migrationsDir: migrationsDirOf(root) });
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}

/** A folder missing or empty is named wrongly: reading it must not make a database there. */
function holdsDatabase(dir: string): boolean {
  const found = statSync(dir, { throwIfNoEntry: false });
  return found !== undefined && (!found.isDirectory() || readdirSync(dir).length > 0);
}

function where(options: LocalLeadsDir): { dir: string; root: string } {
  const root = resolve(options.root ?? process.cwd());
  requireProject({ root, contentDir: join(root, 'content'), templatesDir: join(root, 'templates') }, 'contentDir');
  return { dir: resolve(root, options.leadsDir), root };
}
