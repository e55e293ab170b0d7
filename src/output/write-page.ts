/**
 * A rendered page to its file under the output (or staging) folder, as soon
 * as it is rendered: a large build never holds its pages in memory. Used by
 * the build workers and the main thread alike.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { BodySpan, PagePiece } from '../render/render-page';
import { encodePieces, writeFileIfChanged } from './write-if-changed';

/** Folders known to exist: a site of thousands of pages has a handful of folders. */
const madeFolders = new Set<string>();

/** A page as written: its size in bytes, and where its Markdown body is, if it has one and it was asked for. */
export interface WrittenPage {
  bytes: number;
  bodySpan?: BodySpan;
}

/**
 * Written at once, synchronously: waiting writes would keep every page of a
 * batch in memory, and measured slower. `bodyPiece` (RenderedPage) asks
 * where that piece lies in the file.
 */
export function writePage(outDir: string, file: string, pieces: readonly PagePiece[], bodyPiece?: number): WrittenPage {
  const target = join(outDir, file);
  const folder = dirname(target);
  if (!madeFolders.has(folder)) {
    mkdirSync(folder, { recursive: true });
    madeFolders.add(folder);
  }
  const { bytes, span } = encodePieces(pieces, bodyPiece);
  writeFileIfChanged(target, bytes);
  return { bytes: bytes.byteLength, bodySpan: span };
}
