/** What a folder holds, to compare outputs byte for byte and to see which files a build wrote. */
import { createHash } from 'node:crypto';
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Every file of a folder with a hash of its content, by path under it. */
export async function tree(dir: string): Promise<Record<string, string>> {
  const files = await filesIn(dir);
  const hash = async (file: string) =>
    createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  const pairs = await Promise.all(files.map(async (file) => [file.slice(dir.length + 1), await hash(file)] as const));
  return Object.fromEntries(pairs.sort(([a], [b]) => a.localeCompare(b)));
}

/** Every file of a folder with its modification time, by path under it. */
export async function modified(dir: string): Promise<Record<string, number>> {
  const files = await filesIn(dir);
  return Object.fromEntries(
    await Promise.all(files.map(async (file) => [file.slice(dir.length + 1), (await stat(file)).mtimeMs] as const)),
  );
}

/** The files whose time changed (or that are new), sorted. */
export function rewritten(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.keys(after)
    .filter((file) => before[file] !== after[file])
    .sort();
}
