import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumFlags, chromiumPath } from '../../../src/check/chromium';
import { openLeadDatabase } from '../../../src/leads/lead-database';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string;
    leadDatabaseTemplate: string;
  }
}

/**
 * What every browser test file shares: one Chromium, each file connecting to
 * it; and one lead database made by the real migrations, of which each
 * preview opens a copy (support/preview.ts): opening one made already costs a
 * fraction of making one.
 */
export default async function setup(project: TestProject) {
  const folder = await mkdtemp(join(tmpdir(), 'sitegen-leads-template-'));
  const template = join(folder, 'leads');
  const [server] = await Promise.all([
    chromium.launchServer({ executablePath: chromiumPath, args: chromiumFlags }),
    openLeadDatabase(template).then((db) => db.close()),
  ]);
  project.provide('chromiumEndpoint', server.wsEndpoint());
  project.provide('leadDatabaseTemplate', template);
  return async () => {
    await server.close();
    await rm(folder, { recursive: true, force: true });
  };
}
