/** Every file of a folder by its path inside it, with a hash of its bytes: two folders with equal fingerprints hold the same files. */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listFilesAndLinks } from '../../src/list-files';

export async function fingerprint(dir: string): Promise<Record<string, string>> {
  // Links not followed, on every Node: Node 26's recursive readdir goes through them, into a project copy's node_modules.
  const { files } = listFilesAndLinks(dir);
  const hashes = await Promise.all(
    files.map(
      async (file) =>
        [
          `/${file}`,
          createHash('sha256')
            .update(await readFile(join(dir, file)))
            .digest('hex'),
        ] as const,
    ),
  );
  return Object.fromEntries(hashes.sort(([a], [b]) => a.localeCompare(b)));
}
