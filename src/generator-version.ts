/**
 * Which generator made something, as a hash: its own code (compiled, or its
 * source when run from source) and the lock file of the packages it runs on.
 * What a build keeps for the next one (the incremental manifest, the asset
 * cache) is only reused by the same generator.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listFiles } from './list-files';

export async function generatorVersion(root: string, generatorDir: string): Promise<string> {
  const files = listFiles(generatorDir).filter((file) => file.endsWith('.js') || file.endsWith('.ts'));
  const contents = await Promise.all([...files.map((file) => readFile(join(generatorDir, file))), readFile(join(root, 'package-lock.json')).catch(() => Buffer.alloc(0))]);
  const hash = createHash('sha256');
  files.forEach((file, index) => hash.update(file).update(contents[index]!));
  hash.update(contents[files.length]!);
  return hash.digest('hex');
}
