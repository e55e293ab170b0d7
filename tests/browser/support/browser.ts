/**
 * Pages in the shared Chromium, watched for what a visitor would notice:
 * console errors, uncaught exceptions and Content-Security-Policy violations.
 * Stock photos cannot load here, so they are answered with a blank image.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, inject } from 'vitest';
import { blankImage } from '../../../src/check/chromium';
import { stockPhotoUrl } from '../../../src/stock-photos';

let browser: Promise<Browser> | undefined;
const contexts: BrowserContext[] = [];

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  if (browser) await (await browser).close();
});

export interface WatchedPage {
  page: Page;
  /** Console errors and page errors seen so far, as text. */
  problems: string[];
}

export async function openPage(
  options: { width?: number; height?: number; javaScript?: boolean; hasTouch?: boolean; reducedMotion?: boolean } = {},
): Promise<WatchedPage> {
  browser ??= chromium.connect(inject('chromiumEndpoint'));
  const context = await (
    await browser
  ).newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    javaScriptEnabled: options.javaScript ?? true,
    hasTouch: options.hasTouch ?? false,
    // As most visitors: pages cross-fade as they move between them. Only a test of reduced motion asks for it.
    reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
  });
  contexts.push(context);
  await context.route(stockPhotoUrl, (route) =>
    route.fulfill({ status: 200, contentType: 'image/gif', body: blankImage }),
  );
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return { page, problems };
}

export const narrow = { width: 390, height: 844, hasTouch: true };
export const wide = { width: 1280, height: 900 };
