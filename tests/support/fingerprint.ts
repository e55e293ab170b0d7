/** Every file of a folder by its path inside it, with a hash of its bytes: two folders with equal fingerprints hold the same files. */
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';

export async function fingerprint(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  const hashes = await Promise.all(
    files.map(
      async (file) =>
        [
          file.slice(dir.length),
          createHash('sha256')
            .update(await readFile(file))
            .digest('hex'),
        ] as const,
    ),
  );
  return Object.fromEntries(hashes.sort(([a], [b]) => a.localeCompare(b)));
}
