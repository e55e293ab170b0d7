import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumFlags, chromiumPath } from '../../../src/check/chromium';
import { oncePerRun } from '../../support/once-per-run';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string;
  }
}

/** One Chromium for every browser test file of the run; each file connects to it. */
export default async function setup(project: TestProject) {
  const { value: endpoint, release } = await oncePerRun('chromium', async () => {
    const server = await chromium.launchServer({ executablePath: chromiumPath, args: chromiumFlags });
    return { value: server.wsEndpoint(), remove: () => server.close() };
  });
  project.provide('chromiumEndpoint', endpoint);
  return release;
}
