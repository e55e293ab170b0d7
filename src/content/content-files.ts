/**
 * Where content files are and what they are called in messages. Apart from
 * load-site.ts so that build workers can use it without loading the rest.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The article files of a content folder, sorted: the order every build reads them in. */
export function articleFiles(contentDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(join(contentDir, 'blog'));
  } catch {
    // No blog folder: loadSiteData reports what is missing.
    return [];
  }
  return names
    .filter((name) => name.endsWith('.md') && !name.startsWith('.'))
    .sort()
    .map((name) => join(contentDir, 'blog', name));
}

/** Files inside the project are named from its root ("content/site.json"); others by their full path. */
export function contentFileName(projectRoot: string): (path: string) => string {
  return (path) => (path.startsWith(projectRoot) ? relative(projectRoot, path) : path);
}
