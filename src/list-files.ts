/** The files under a folder, listed one way for every stage (content, public/, the output, the generator's code). */
import { sep } from 'node:path';
import fastGlob from 'fast-glob';

/** Whether the output holds (and preview serves) a path: no hidden file, which may hold secrets, but /.well-known/'s. */
export const isServable = (path: string) => path.split(/[\\/]/).every((name) => !/^\.(?!well-known$)/.test(name));
/** Paths relative to `dir`, with forward slashes, sorted, servable; none if `dir` is missing. Links followed, as copies do. */
export function listFiles(dir: string, { pattern = '**', caseSensitiveMatch = true } = {}): string[] {
  const options = { cwd: dir, dot: true, onlyFiles: true, followSymbolicLinks: true, suppressErrors: true };
  const files = fastGlob.sync(pattern, { ...options, caseSensitiveMatch });
  return files.filter(isServable).sort();
}

/** Links listed, not followed (where the generator writes, a link would take a write elsewhere); or followed: those leading nowhere. */
export function listFilesAndLinks(dir: string, follow = false): { files: string[]; links: string[] } {
  const options = { cwd: dir, dot: true, onlyFiles: false, followSymbolicLinks: follow, suppressErrors: true };
  const entries = fastGlob.sync('**', { ...options, objectMode: true });
  const files = entries.filter((entry) => entry.dirent.isFile()).map((entry) => entry.path);
  const links = entries.filter((entry) => entry.dirent.isSymbolicLink()).map((entry) => entry.path);
  return { files, links };
}

/** Whether `path` is the folder `dir` or inside it (both absolute, as the file system names them; `/` holds them all). */
export const isInside = (dir: string, path: string): boolean =>
  path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);
