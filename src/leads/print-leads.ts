/** `sitegen leads`: the leads the local servers stored, as a table, JSON or CSV. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { formatLeads, type LeadFormat } from './format-leads';
import { LeadDatabaseBusyError, openLeadDatabase } from './lead-database';
import { migrationsDirOf } from './local-leads';
import { listLeads, type LeadRow } from './pglite-lead-store';
import { askRunningServer } from './running-server';

export interface PrintLeadsOptions {
  leadsDir: string;
  format: LeadFormat;
  root?: string;
  /** Standard output is a terminal: see formatLeads. */
  terminal?: boolean;
}

export async function printLeads(options: PrintLeadsOptions): Promise<string> {
  return formatLeads(await readLeads(options), options.format, { terminal: options.terminal });
}

async function readLeads(options: PrintLeadsOptions): Promise<LeadRow[]> {
  const root = resolve(options.root ?? process.cwd());
  const dir = resolve(root, options.leadsDir);
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
