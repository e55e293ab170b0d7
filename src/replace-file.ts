/**
 * The generator's own files under .sitegen/, replaced whole: written beside their place under a name no other writer
 * takes (two builds, in one process or two, can write the same card or cache at once), then renamed over it, so a
 * reader finds the old file or the new one, never part of one. Their folder is made first where it is not there yet.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

const temporaryOf = (path: string) => `${path}.${randomUUID()}.tmp`;

export async function replaceFile(path: string, data: string | Uint8Array): Promise<void> {
  const temporary = temporaryOf(path);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(temporary, data);
  await rename(temporary, path);
}

export function replaceFileSync(path: string, data: string | Uint8Array): void {
  const temporary = temporaryOf(path);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(temporary, data);
  renameSync(temporary, path);
}
