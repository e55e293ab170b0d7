/**
 * `sitegen leads`: the leads the local servers stored (as a table, JSON or
 * CSV; Google Ads' import file is google-ads.ts's), and the deletions the privacy policy promises
 * (--purge, --erase).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { projectNow } from '../config';
import { formatLeads, type LeadFormat } from './format-leads';
import { LeadDatabaseBusyError, openLeadDatabase, type PGlite } from './lead-database';
import { eraseLeads, purgeOldLeads } from './lead-retention';
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
  return changeLeads(options, (db, root) => purgeOldLeads(db, projectNow(root)));
}

/** --erase: deletes every lead of one e-mail address; returns how many. */
export function eraseLocalLeads(options: LocalLeadsDir & { email: string }): Promise<number> {
  return changeLeads(options, (db) => eraseLeads(db, options.email));
}

/** A deletion needs the database itself: while a server holds it, the busy error says to stop that server first. */
async function changeLeads(options: LocalLeadsDir, change: (db: PGlite, root: string) => Promise<number>) {
  const { dir, root } = where(options);
  if (!existsSync(dir)) return 0;
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
