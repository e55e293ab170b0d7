/** Where content files are and what messages call them; apart from the loaders, for build threads that need no more. */
import { join, resolve, sep } from 'node:path';
import { cacheFiles } from '../cache-files';
import type { BuildConfig } from '../config';
import { ContentError } from '../errors';
import { listFiles } from '../list-files';

export const articleFolder = (contentDir: string): string => join(contentDir, 'blog');

/** Sorted: the order every build reads them in. None without a blog folder. */
export const articleFiles = (contentDir: string, projectRoot: string): string[] =>
  markdownIn(articleFolder(contentDir), contentFileName(projectRoot));

export const legalFiles = (contentDir: string, projectRoot: string): string[] =>
  markdownIn(join(contentDir, 'legal'), contentFileName(projectRoot));

/** The service pages' and trades' files, one a page: "service-pages/local-seo.json", "trades/plumber.json". */
export const pageFiles = (contentDir: string): string[] =>
  listFiles(contentDir, { pattern: '{service-pages,trades}/*.json' });

/** A file someone may have meant as a page: Markdown, by any of its names. */
const markdownFile = /\.(?:md|markdown|mdown|mkdn?|mdwn)$/i;

/**
 * Another Markdown file (".markdown", ".MD", a subfolder's ".md") is refused: an article saved so would otherwise be
 * left out without a word. Other files (an editor's backup or temporary file) are left alone.
 */
function markdownIn(folder: string, nameOf: (path: string) => string): string[] {
  const names = listFiles(folder);
  const stray = names.find((name) => markdownFile.test(name) && !/^[^/]+\.md$/.test(name));
  if (stray) {
    const problem = `expected only Markdown files named <slug>.md directly in ${nameOf(folder)}/: rename it, move it out or remove it`;
    throw new ContentError(nameOf(join(folder, stray)), '', problem);
  }
  return names.filter((name) => name.endsWith('.md')).map((name) => join(folder, name));
}

/** Files inside the project are named from its root ("content/site.json"); others by their full path. */
export function contentFileName(projectRoot: string): (path: string) => string {
  const root = resolve(projectRoot) + sep;
  return (path) => (path.startsWith(root) ? path.slice(root.length).split(sep).join('/') : path);
}

/** Plain data, for build threads; without an index, nothing is kept. */
export type MarkdownSource = { contentDir: string; projectRoot: string; index?: { dir: string; generator: string } };

/** An index only given the generator's version: what it keeps is only good for the generator that made it. */
export function markdownSource(
  config: Pick<BuildConfig, 'contentDir' | 'root' | 'cacheDir'>,
  generator: string | undefined,
): MarkdownSource {
  const dir = cacheFiles(config.cacheDir).contentIndexDir(config.contentDir);
  return { contentDir: config.contentDir, projectRoot: config.root, index: generator ? { dir, generator } : undefined };
}
