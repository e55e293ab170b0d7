/**
 * Global setup of every project: a lead database made once a run by the real
 * migrations, which support/migrated-leads.ts copies for each test that
 * opens one.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openLeadDatabase } from '../../src/leads/lead-database';
import { oncePerRun } from './once-per-run';

declare module 'vitest' {
  export interface ProvidedContext {
    migratedLeadsDir: string;
  }
}

export default async function setup(project: TestProject) {
  const { value: leads, release } = await oncePerRun('leads', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitegen-migrated-leads-'));
    const leads = join(dir, 'leads');
    const db = await openLeadDatabase(leads);
    await db.close();
    return { value: leads, remove: () => rm(dir, { recursive: true, force: true }) };
  });
  project.provide('migratedLeadsDir', leads);
  return release;
}
