import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumFlags, chromiumPath } from '../../../src/check/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string;
  }
}

/** One Chromium for every browser test file; each file connects to it. */
export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({ executablePath: chromiumPath, args: chromiumFlags });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
