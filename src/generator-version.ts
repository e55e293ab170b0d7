/**
 * Which generator made something, as a hash of its own code (compiled, or its source) and of the lock file of the
 * packages it runs on: what a build keeps for the next (the incremental manifest, the asset cache) is only reused by
 * the same generator. The compiled code is hashed once, when it compiles (scripts/compile-cli.js writes
 * generator.sha256 beside it): an up-to-date incremental build, all of whose work is checking, need not read it.
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

export async function codeHash(generatorDir: string): Promise<string> {
  const files = listFiles(generatorDir).filter((file) => file.endsWith('.js') || file.endsWith('.ts'));
  const contents = await Promise.all(files.map((file) => readFile(join(generatorDir, file))));
  const hash = createHash('sha256');
  files.forEach((file, index) => hash.update(file).update(contents[index]!));
  return hash.digest('hex');
}
