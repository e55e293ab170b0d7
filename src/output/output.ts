/**
 * Where a build writes: a whole build into a staging folder swapped in at the end (staging.ts), an incremental build
 * into a scratch folder whose pages are moved into the output (changed-output.ts). Either way nothing in the output
 * changes until commit, and a failed build leaves it as it was.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentHash } from '../hash';
import { listFiles } from '../list-files';
import type { FolderWriter } from './folder-writer';

export interface SiteFile {
  /** Path under the output folder, with forward slashes. */
  path: string;
  content: string | Uint8Array;
}

/**
 * A file copied from `from` (an image kept in .sitegen/images/). Its name is a hash of what it holds, so a file of that
 * name in the output is this file, and the bytes are never read: a blog's social cards run to hundreds of megabytes.
 */
export type CopiedFile = { path: string; from: string };

export type OutputFile = SiteFile | CopiedFile;

export interface BuildOutput {
  readonly writer: FolderWriter;
  /**
   * `pages`: the page files written (by every build thread) with their sizes; `gone`: page files of the last build that
   * no longer exist; `files`: every other file of the site but public/'s.
   */
  commit(pages: ReadonlyMap<string, number>, gone: readonly string[], files: readonly OutputFile[]): Promise<Committed>;
  /** A failed build: the output stays as it was, and nothing is left beside it. */
  abort(error?: unknown): Promise<void>;
}

export type Committed = { written: number; removed: number; bytes: number; hashes: Record<string, string> };

export function withPublicFiles(publicDir: string, files: readonly OutputFile[]): OutputFile[] {
  const copied = (path: string) => ({ path, content: readFileSync(join(publicDir, path)) });
  return [...listFiles(publicDir).map(copied), ...files];
}

/** A hash of each file's content; a copied file's name is one. */
export const fileHashes = (files: readonly OutputFile[]): Record<string, string> =>
  Object.fromEntries(files.map((file) => [file.path, 'from' in file ? file.path : contentHash(file.content)]));
