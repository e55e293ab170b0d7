/**
 * A file of .sitegen/ that nothing records any more (an earlier build's pack
 * of bodies, an earlier compilation of the templates) may still belong to a
 * build running in another process, which writes such a file before it
 * records it and reads it again later (its worker threads import the
 * templates after the main thread): it is removed only once nothing has
 * written or touched it for ten minutes.
 */
import { statSync } from 'node:fs';

export function isStale(path: string): boolean {
  return (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < Date.now() - 10 * 60_000;
}
