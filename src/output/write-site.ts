/**
 * Writing the site: everything goes into a new folder beside the target, and
 * only when all of it is written does that folder take the target's place.
 * A build that fails at any point leaves the previous output as it was.
 */
import { cp, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface SiteFile {
  /** Path under the output folder, with forward slashes. */
  path: string;
  content: string | Uint8Array;
}

export interface WriteResult {
  files: number;
  bytes: number;
}

export async function writeSite(outDir: string, files: Iterable<SiteFile>, publicDir?: string): Promise<WriteResult> {
  const staging = join(dirname(outDir), `${basename(outDir)}.building-${process.pid}-${Date.now()}`);
  try {
    await mkdir(staging, { recursive: true });
    if (publicDir && (await exists(publicDir))) await cp(publicDir, staging, { recursive: true });
    const folders = new Set<string>();
    let count = 0;
    let bytes = 0;
    const writes: Promise<void>[] = [];
    for (const file of files) {
      const target = join(staging, file.path);
      const folder = dirname(target);
      if (!folders.has(folder)) {
        folders.add(folder);
        await mkdir(folder, { recursive: true });
      }
      writes.push(writeFile(target, file.content));
      count += 1;
      bytes += typeof file.content === 'string' ? Buffer.byteLength(file.content) : file.content.byteLength;
    }
    await Promise.all(writes);
    await swapIn(staging, outDir);
    return { files: count, bytes };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

async function swapIn(staging: string, outDir: string): Promise<void> {
  const previous = `${staging}.previous`;
  const hadPrevious = await exists(outDir);
  if (hadPrevious) await rename(outDir, previous);
  try {
    await rename(staging, outDir);
  } catch (error) {
    if (hadPrevious) await rename(previous, outDir);
    throw error;
  }
  if (hadPrevious) await rm(previous, { recursive: true, force: true });
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
