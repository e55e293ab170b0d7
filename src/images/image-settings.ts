/**
 * How the site's own images are encoded. Every rendition's key covers these settings and sharp's version: change one
 * and every image is encoded again, under new names.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { RenditionFormat } from './image-names';
import { sourceLimits } from './source-limits';
import { readJsonIfThere } from '../optional-files';

/** Quality for each format, chosen by eye on photos of trades at work: no visible loss at the sizes the site draws. */
export const encoderOptions = {
  avif: { quality: 50, effort: 4 },
  webp: { quality: 75, effort: 4 },
  jpg: { quality: 78, mozjpeg: true },
  png: { compressionLevel: 9 },
} satisfies Record<RenditionFormat, object>;

const require = createRequire(import.meta.url);

let settings: string | undefined;

export const encoderSettings = (): string =>
  (settings ??= JSON.stringify([encoderOptions, sourceLimits, packageVersion('sharp')]));

/** An installed package's version, read from its package.json without loading the package (sharp's is native, and slow to load). */
export function packageVersion(name: string): string {
  for (let dir = dirname(require.resolve(name)); dir !== dirname(dir); dir = dirname(dir)) {
    // A folder without a package.json (or one of another package's) is inside the package: its root is further up.
    const found = readJsonIfThere<{ name?: string; version: string }>(join(dir, 'package.json'));
    if (found?.name === name) return found.version;
  }
  throw new Error(`cannot find the version of ${name}`);
}
