/**
 * The folders a build makes beside its output (a staging folder, an incremental build's scratch folder): each is named
 * after the process that made it, so that a later build can tell one left by a build that was killed (out of memory, a
 * CI time-out) from one a running build is still writing, and removes only the first.
 */
import { readdir, rm, rmdir, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { foldersAbove } from '../paths';
import { isAlive } from '../process-alive';

/** A new folder's path beside `dist`, `dist.building-<pid>-<time>`, once those of builds no longer running are removed. */
export async function scratchDir(outDir: string, kind: 'building' | 'incremental'): Promise<string> {
  const prefix = `${basename(outDir)}.`;
  for (const name of await readdir(dirname(outDir)).catch(() => [])) {
    const rest = name.startsWith(prefix) ? name.slice(prefix.length) : '';
    const pid = /^(?:building|incremental)-(\d+)-\d+(?:\.replaced)?$/.exec(rest)?.[1];
    if (pid && !isAlive(Number(pid))) await rm(join(dirname(outDir), name), { recursive: true, force: true });
  }
  return join(dirname(outDir), `${prefix}${kind}-${process.pid}-${Date.now()}`);
}

export async function removeFiles(dir: string, paths: readonly string[]): Promise<void> {
  const folders = new Set<string>();
  await Promise.all(
    paths.map(async (path) => {
      // Gone already (nothing else should touch the folder, but a missing file is no reason to fail a build).
      await unlink(join(dir, path)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      for (const folder of foldersAbove(path)) folders.add(folder);
    }),
  );
  // Deepest first, so a folder's emptied subfolders are gone before it is tried; a folder that still holds files stays.
  for (const folder of [...folders].sort((a, b) => b.length - a.length))
    await rmdir(join(dir, folder)).catch(() => undefined);
}

/**
 * A file where a build needs a folder, or the other way round: the reused output's shape differs from this build's
 * (public/ changed a file into a folder). A build into a fresh folder cannot meet it. fs.cp has codes of its own.
 */
const cpShapeConflictCodes = ['ERR_FS_CP_DIR_TO_NON_DIR', 'ERR_FS_CP_NON_DIR_TO_DIR'];
const shapeConflictCodes = new Set(['ENOTDIR', 'EISDIR', 'EEXIST', 'ENOTEMPTY', ...cpShapeConflictCodes]);

export function isShapeConflict(error: unknown): boolean {
  const code = error && typeof error === 'object' && 'code' in error ? error.code : undefined;
  return typeof code === 'string' && shapeConflictCodes.has(code);
}
