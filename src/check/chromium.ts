/**
 * Debian's Chromium, as every browser-driven gate starts it: headless, no
 * sandbox (CI runs as root), and no background traffic to Google's servers.
 */
import { existsSync } from 'node:fs';
import { SitegenError } from '../errors';

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
  if (!existsSync(chromiumPath)) {
    throw new SitegenError(
      `Chromium is not at ${chromiumPath}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`,
    );
  }
  return chromiumPath;
}

/** Stock photos come from the internet, which CI may not reach: pages are checked with a blank image in their place. */
export const blankImage = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
