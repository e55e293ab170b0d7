/**
 * Which generator made something, as a hash: its own code (compiled, or its
 * source when run from source) and the lock file of the packages it runs on.
 * What a build keeps for the next one (the incremental manifest, the asset
 * cache) is only reused by the same generator. The compiled generator's code
 * is hashed once, when it compiles (scripts/compile-cli.js writes
 * generator.sha256 beside it): an up-to-date incremental build, all of whose
 * work is checking, need not read it.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listFiles } from './list-files';

export async function generatorVersion(root: string, generatorDir: string): Promise<string> {
  const [code, lock] = await Promise.all([
    readFile(join(generatorDir, 'generator.sha256'), 'utf8').catch(() => codeHash(generatorDir)),
    readFile(join(root, 'package-lock.json')).catch(() => Buffer.alloc(0)),
  ]);
  return createHash('sha256').update(code).update(lock).digest('hex');
}

/** Every script of the generator, by name and content. */
export async function codeHash(generatorDir: string): Promise<string> {
  const files = listFiles(generatorDir).filter((file) => file.endsWith('.js') || file.endsWith('.ts'));
  const contents = await Promise.all(files.map((file) => readFile(join(generatorDir, file))));
  const hash = createHash('sha256');
  files.forEach((file, index) => hash.update(file).update(contents[index]!));
  return hash.digest('hex');
}
