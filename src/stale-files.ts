/**
 * A file of .sitegen/ that nothing records any more (an earlier build's pack of bodies, an earlier compilation of the
 * templates) may still belong to a build running in another process, which writes such a file before it records it
 * and reads it again later (its worker threads import the templates after the main thread): it is removed only once
 * nothing has written or touched it for ten minutes.
 */
import { readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';

export const isStale = (path: string): boolean =>
  (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < Date.now() - 10 * 60_000;

export function removeStaleFiles(dir: string, kept: (name: string) => boolean): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!kept(name) && isStale(path)) rmSync(path, { force: true });
  }
}

/** Marks a file a build reuses as in use, so that no other build removes it as stale; false if it is gone. */
export function markInUse(path: string): boolean {
  const now = new Date();
  try {
    utimesSync(path, now, now);
    return true;
  } catch {
    return false;
  }
}
