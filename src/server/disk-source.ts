import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteSource } from './static-site';

/** A built site on disk, read on every request so a rebuild shows at once. */
export function diskSource(dir: string): SiteSource {
  return {
    async read(path) {
      const file = join(dir, path);
      try {
        if (!(await stat(file)).isFile()) return undefined;
        return await readFile(file);
      } catch {
        return undefined;
      }
    },
  };
}
