/** content/ on disk → the site model, each Markdown file read through a MarkdownReader. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ContentError } from '../errors';
import { contentHash } from '../hash';
import { listFiles } from '../list-files';
import { articleFiles, contentFileName, legalFiles, pageFiles, type MarkdownSource } from './content-files';
import { draftBody, stillDraft } from './draft-words';
import { refuseFreeCallWords } from './free-call';
import { MarkdownReader } from './markdown-reader';
import type { Article, LegalPage, SiteData, SiteModel } from './model';
import { readJson } from './read-content';
import { articleFrontMatterSchema, legalFrontMatterSchema } from './schemas';
import { siteDataOf } from './site-data';
import { articleOf, withArticles } from './site-model';

export function loadSiteData(contentDir: string, projectRoot: string, reader: MarkdownReader): SiteData {
  const nameOf = contentFileName(projectRoot);
  const file = (name: string) => nameOf(join(contentDir, name));
  // Each data file as read: a free call claimed in one is found there, not by reading the file again.
  const read: Record<string, unknown> = {};
  const data = siteDataOf({
    dir: nameOf(contentDir),
    file,
    json: (name) => (read[name] = readJson(join(contentDir, name), file(name))),
    pageFiles: pageFiles(contentDir),
    legalPages: () =>
      legalFiles(contentDir, projectRoot).map((path): LegalPage => {
        const { data, file, body } = reader.scan(path, legalFrontMatterSchema);
        return { ...data, file, body };
      }),
  });
  // A data file the site does not read (pages/hoem.json, trades/x.JSON, trades/old/x.json) would vanish without a word.
  const pattern = '{*,{pages,service-pages,trades}/**/*}.{json,yaml,yml}';
  const dataFiles = listFiles(contentDir, { pattern, caseSensitiveMatch: false });
  const stray = dataFiles.find((name) => !Object.hasOwn(read, name));
  if (stray)
    throw new ContentError(file(stray), '', 'is no file the site reads: rename it to one it does, or remove it');
  const textOf = (name: string) =>
    Object.hasOwn(read, name) ? JSON.stringify(read[name]) : readFileSync(join(contentDir, name), 'utf8');
  refuseFreeCallWords(data.site.phone, function* () {
    for (const name of [...dataFiles, ...listFiles(contentDir, { pattern: '{blog,legal}/*.md' })])
      yield [file(name), textOf(name)];
  });
  return data;
}

export function scanArticle(reader: MarkdownReader, path: string): Article {
  const { data, file, body } = reader.scan(path, articleFrontMatterSchema);
  if (!data.draft && body.hash === draftBodyHash)
    throw new ContentError(file, 'body', stillDraft(draftBody.trim().split('\n')[0]!));
  return articleOf(data, file, body);
}

/** The body `sitegen new article` writes, as a scan hashes a body. */
const draftBodyHash = contentHash(draftBody);

/** Keeps nothing between loads (`sitegen check`, `new article`). */
export function loadSite(source: MarkdownSource): SiteModel {
  const reader = MarkdownReader.open(source);
  try {
    const data = loadSiteData(source.contentDir, source.projectRoot, reader);
    const articles = articleFiles(source.contentDir, source.projectRoot).map((path) => scanArticle(reader, path));
    return withArticles(data, articles);
  } finally {
    reader.close();
  }
}
