import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { runSitegen } from './cli';

export const testSiteUrl = 'https://test.tradeboost.example';

declare module 'vitest' {
  export interface ProvidedContext {
    siteDir: string;
    siteUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'sitegen-site-'));
  const out = join(dir, 'dist');
  const result = await runSitegen(['build', '--out', out, '--site-url', testSiteUrl], {
    env: { SUPABASE_URL: '', SITE_URL: '', CMS_REPO: '', CMS_BRANCH: '', CMS_AUTH_URL: '' },
  });
  if (result.code !== 0) throw new Error(`the site did not build:\n${result.stdout}\n${result.stderr}`);
  project.provide('siteDir', out);
  project.provide('siteUrl', testSiteUrl);
  return () => rm(dir, { recursive: true, force: true });
}
