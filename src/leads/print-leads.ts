/** `sitegen leads`: the leads the local servers stored, as a table, JSON or CSV. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { formatLeads, LeadDatabaseBusyError, listLeads, openLeadDatabase, type LeadFormat } from './lead-database';
import { migrationsDirOf } from './local-leads';
import { askRunningServer } from './running-server';

export async function printLeads(options: { leadsDir: string; format: LeadFormat; root?: string }): Promise<string> {
  const root = resolve(options.root ?? process.cwd());
  const dir = resolve(root, options.leadsDir);
  if (!existsSync(dir)) return formatLeads([], options.format);
  let db;
  try {
    db = await openLeadDatabase(dir, { migrationsDir: migrationsDirOf(root) });
  } catch (error) {
    if (!(error instanceof LeadDatabaseBusyError)) throw error;
    const answer = await askRunningServer(dir, options.format);
    if (answer === undefined) throw error;
    return answer;
  }
  try {
    return formatLeads(await listLeads(db), options.format);
  } finally {
    await db.close();
  }
}
