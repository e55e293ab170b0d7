/**
 * What the editor at /admin knows of the site besides the entry being edited (content.json beside the page): with it,
 * the editor makes the site model again by the build's own code, so that it checks an entry by every rule the build
 * would (a duplicate slug, a link to a page that does not exist) and previews it on the page the site would make of it.
 */
import { join } from 'node:path';
import { leadEndpoint, type BuildConfig } from '../config';
import { pageFiles } from '../content/content-files';
import { readJson } from '../content/read-content';
import type { Article, LegalPage, MarkdownBody } from '../content/model';
import { siteDataOf } from '../content/site-data';
import type { LocalImage } from '../images/image-names';
import { listFiles } from '../list-files';
import type { SitePlan } from '../plan/plan-site';
import type { LeadEndpoint } from '../../islands/lib/types';

export interface EditorContent {
  /** The content folder as messages (and the repository) name it, such as "content". */
  dir: string;
  /** Every JSON file the site is made of, parsed, by its path under the content folder. */
  json: Record<string, unknown>;
  pageFiles: string[];
  articles: readonly Article[];
  /** Each with its body's HTML: a page using the legal template shows one. */
  legalPages: (LegalPage & { html: string })[];
  /** What the templates need of each image the content names, by its src ("images/team/sarah.jpg"). */
  images: Record<string, LocalImage>;
  /** Every file of content/images/, by its src: what an image field may name. */
  imageFiles: string[];
  /** The files of public/, which a link in a Markdown body may name. */
  publicFiles: string[];
  /** The origin pages are addressed under, when set apart from content/site.json's (--site-url, SITE_URL). */
  siteUrl?: string | undefined;
  endpoint: LeadEndpoint;
  stylesheet: string;
  /**
   * Today in London by SITEGEN_NOW, where sitegen dev's clock is set: the editor's checks, previews and new articles
   * keep to it. Without it (the real time, or a built /admin) the editor reads the browser's clock.
   */
  today?: string | undefined;
}

interface EditorContentSources {
  plan: SitePlan;
  stylesheet: string;
  bodyHtml(body: MarkdownBody): string;
  articles?: readonly Article[];
  today?: string;
}

export function editorContent(config: BuildConfig, sources: EditorContentSources): EditorContent {
  const { model } = sources.plan;
  const { contentDir } = config;
  const json: Record<string, unknown> = {};
  const files = pageFiles(contentDir);
  // The files the site's data is made of are the ones siteDataOf reads: recorded as it reads them.
  siteDataOf({
    dir: model.contentDir,
    file: (name) => `${model.contentDir}/${name}`,
    json: (name) => (json[name] = readJson(join(contentDir, name), `${model.contentDir}/${name}`)),
    pageFiles: files,
    legalPages: () => [...model.legalPages],
  });
  return {
    dir: model.contentDir,
    json,
    pageFiles: files,
    articles: sources.articles ?? model.articles,
    legalPages: model.legalPages.map((page) => ({ ...page, html: sources.bodyHtml(page.body) })),
    images: Object.fromEntries(sources.plan.images.descriptors),
    imageFiles: listFiles(join(contentDir, 'images')).map((name) => `images/${name}`),
    publicFiles: listFiles(config.publicDir),
    siteUrl: config.siteUrl,
    endpoint: leadEndpoint(config),
    stylesheet: sources.stylesheet,
    today: sources.today,
  };
}
