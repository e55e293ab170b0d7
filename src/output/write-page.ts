/**
 * A rendered page to its file under the output (or staging) folder, as soon
 * as it is rendered: a large build never holds its pages in memory. Used by
 * the build workers and the main thread alike.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PagePiece } from '../render/render-page';
import { writeFileIfChanged } from './write-if-changed';

/** Folders known to exist: a site of thousands of pages has a handful of folders. */
const madeFolders = new Set<string>();

/**
 * Written at once, synchronously: waiting writes would keep every page of a
 * batch in memory, and measured slower. Returns the page's size in bytes.
 */
export function writePage(outDir: string, file: string, pieces: readonly PagePiece[]): number {
  const target = join(outDir, file);
  const folder = dirname(target);
  if (!madeFolders.has(folder)) {
    mkdirSync(folder, { recursive: true });
    madeFolders.add(folder);
  }
  return writeFileIfChanged(target, pieces);
}
