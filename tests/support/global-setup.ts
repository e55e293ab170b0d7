import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openLeadDatabase } from '../../src/leads/lead-database';
import { projectRoot, runSitegen } from './cli';

export const testSiteUrl = 'https://test.tradeboost.example';

declare module 'vitest' {
  export interface ProvidedContext {
    siteDir: string;
    siteUrl: string;
  }
}

/**
 * What every test file of a project shares, made once a run: the real site,
 * built by the real executable (tests read it, never write it), and a lead
 * database made by the real migrations (support/migrated-leads.ts copies it).
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'sitegen-site-'));
  const out = join(dir, 'dist');
  const leads = join(dir, 'leads');
  const [result] = await Promise.all([
    runSitegen(['build', '--out', out, '--site-url', testSiteUrl], {
      env: { SUPABASE_URL: '', SITE_URL: '', CMS_REPO: '', CMS_BRANCH: '', CMS_AUTH_URL: '' },
    }),
    openLeadDatabase(leads, { migrationsDir: join(projectRoot, 'supabase', 'migrations') }).then((db) => db.close()),
  ]);
  if (result.code !== 0) throw new Error(`the site did not build:\n${result.stdout}\n${result.stderr}`);
  project.provide('siteDir', out);
  project.provide('siteUrl', testSiteUrl);
  project.provide('migratedLeadsDir', leads);
  return () => rm(dir, { recursive: true, force: true });
}
