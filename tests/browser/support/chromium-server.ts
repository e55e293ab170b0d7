import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string;
  }
}

/** The browser flags this machine needs: Debian's Chromium, no sandbox (root), no background traffic to Google. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One Chromium for every browser test file; each file connects to it. */
export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
