/** Debian's Chromium as every browser-driven gate starts it: headless, no sandbox (CI runs as root), no calls home. */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { SitegenError } from '../errors';
import { stockPhotoOrigin } from '../stock-photos';

export const chromiumPath = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function requireChromium(): string {
  if (!existsSync(chromiumPath))
    throw new SitegenError(
      `Chromium is not at ${chromiumPath}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`,
    );
  return chromiumPath;
}

/**
 * Stock photos come from the internet, which CI may not reach: a DevTools session answers their host alone with a
 * blank GIF. Playwright's route would detour every request through Node and turn the cache off.
 */
export async function answerStockPhotos(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Fetch.requestPaused', ({ requestId }) => {
    // A page closed meanwhile takes its requests with it: nothing is left to answer.
    cdp
      .send('Fetch.fulfillRequest', {
        requestId,
        responseCode: 200,
        responseHeaders: [{ name: 'Content-Type', value: 'image/gif' }],
        body: 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
      })
      .catch(() => {});
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: `${stockPhotoOrigin}/*`, requestStage: 'Request' }] });
}
