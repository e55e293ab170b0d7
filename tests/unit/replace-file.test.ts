/**
 * The generator's files under .sitegen/ are replaced whole, and two builds
 * writing the same one at once (two builds in one process draw the same
 * card) both succeed: the file is one writer's, whole, and nothing is left
 * beside it.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { replaceFile, replaceFileSync } from '../../src/replace-file';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sitegen-replace-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it('many writers of one file at once: every write succeeds, the file is one of theirs, no temporary file is left', async () => {
  const path = join(dir, 'card.png');
  const versions = Array.from({ length: 20 }, (_, i) => `version ${i} `.repeat(10_000));
  await Promise.all(versions.map((text) => replaceFile(path, text)));
  replaceFileSync(path, versions[3]!);
  await Promise.all(versions.map((text) => replaceFile(path, text)));
  expect(versions).toContain(await readFile(path, 'utf8'));
  expect(await readdir(dir)).toEqual(['card.png']);
});
