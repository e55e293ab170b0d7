/**
 * Global setup of the site and browser tests: the real site, built once a
 * run by the real executable into a temporary folder. Tests read it, never
 * write it (a test that changes the site builds a copy of its own).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { localLeads, runSitegen } from './cli';
import { oncePerRun } from './once-per-run';

declare module 'vitest' {
  export interface ProvidedContext {
    siteDir: string;
    siteUrl: string;
  }
}

/** Not the address in content/site.json: every page is seen to take the one the build is given. */
const siteUrl = 'https://test.tradeboost.example';

export default async function setup(project: TestProject) {
  const { value: out, release } = await oncePerRun('site', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitegen-site-'));
    const out = join(dir, 'dist');
    const result = await runSitegen(['build', '--out', out, '--site-url', siteUrl], {
      env: {
        ...localLeads,
        SITE_URL: '',
        CMS_REPO: '',
        CMS_BRANCH: '',
        CMS_AUTH_URL: '',
        // The day every build of the tests is made as of (vitest.config.ts): a global setup runs outside the tests' env.
        SITEGEN_NOW: project.config.env.SITEGEN_NOW,
      },
    });
    if (result.code !== 0) throw new Error(`the site did not build:\n${result.stdout}\n${result.stderr}`);
    return { value: out, remove: () => rm(dir, { recursive: true, force: true }) };
  });
  project.provide('siteDir', out);
  project.provide('siteUrl', siteUrl);
  return release;
}
