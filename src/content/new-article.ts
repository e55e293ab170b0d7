/** `sitegen new article "Title"`: a draft that sitegen dev shows, with valid front matter and a body to write over. */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import * as v from 'valibot';
import { requireProject, resolveConfig } from '../config';
import { ContentError, didYouMean, SitegenError } from '../errors';
import { draftBody, draftWords } from './draft-words';
import { fileAlike, paths } from '../paths';
import { stockPhotoOrigin } from '../stock-photos';
import { londonDay } from './publishing';
import { articleFrontMatterSchema } from './schemas/front-matter';
import { maxSlugLength } from './schemas/shared';
import { slugify } from './site-data';
import { teamNames } from './site-model';
import { loadSite } from './load-site';

export async function newArticle(options: { title: string; author?: string; category?: string }): Promise<string> {
  const config = resolveConfig();
  requireProject(config, 'contentDir');
  const title = options.title.trim();
  // The build's rules for a title (60 characters, no {placeholder}, no tag): no article is written that it refuses.
  const titled = v.safeParse(articleFrontMatterSchema.entries.title, title, { abortPipeEarly: true });
  if (!titled.success) throw new SitegenError(`the title: expected ${titled.issues[0].message}, found "${title}"`);
  const slug = withinSlugLength(slugify(title));
  if (!slug) throw new SitegenError(`"${title}" has no letters or digits to make a URL from`);
  if (slug === 'index') throw new SitegenError(`"${title}" makes /blog/index, served at /blog/: choose another title`);

  const site = loadSite({ contentDir: config.contentDir, projectRoot: config.root });
  const existing = site.articles.find((article) => article.slug === slug);
  if (existing) throw new ContentError(existing.file, 'slug', `"${slug}" is taken: choose another title`);
  // Two pages of one title compete in search results, and `sitegen check` would fail the site for it.
  const named = site.articles.find((article) => article.title.toLowerCase() === title.toLowerCase());
  if (named) throw new ContentError(named.file, 'title', `"${named.title}" is this article's: choose another title`);
  const moved = site.articles.find((article) => article.aliases?.includes(slug));
  if (moved)
    throw new ContentError(moved.file, 'aliases', `"${slug}" is an old address of this article: choose another title`);
  const address = paths.article(slug);
  const redirect = site.redirects.redirects.findIndex(({ from }) => fileAlike(from) === fileAlike(address));
  if (redirect >= 0) {
    const { from } = site.redirects.redirects[redirect]!;
    const problem = `redirects from ${from}, ${from === address ? '' : `which hosts take for ${address}, `}the new article's address: choose another title, or remove the redirect`;
    throw new ContentError(`${site.contentDir}/redirects.json`, `redirects[${redirect}].from`, problem);
  }
  const { categories } = site.pages.blog;
  const category = categories.find((name) => slugify(name) === slugify(options.category ?? name));
  const problem = `expected one of ${categories.join(', ')}, found "${options.category}"`;
  if (!category) throw new SitegenError(`--category: ${problem}${didYouMean(options.category!, categories)}`);
  const newest = [...site.articles].sort((a, b) => b.date.localeCompare(a.date))[0];
  const typed = options.author?.trim() ?? newest?.author ?? site.site.name;
  const author = teamNames(site.team)(typed) ?? typed;
  // The article must build: its schema wants an author's name, with no tag.
  if (!v.is(articleFrontMatterSchema.entries.author, author))
    throw new SitegenError(`--author: expected a name, found "${options.author}"`);
  // A draft, dated today in London: dated the day it is published, it goes live with its day's date.
  const date = londonDay(config.now());

  const file = join(config.contentDir, 'blog', `${slug}.md`);
  const text = `---
title: ${JSON.stringify(title)}
slug: "${slug}"
excerpt: ${JSON.stringify(draftWords.excerpt)}
description: ${JSON.stringify(draftWords.description)}
keywords: [${JSON.stringify(title.toLowerCase())}]
author: ${JSON.stringify(author)}
date: "${date}"
draft: true
readTime: 5
category: ${JSON.stringify(category)}
featured: false
image: "${newest?.image.src ?? `${stockPhotoOrigin}/photo-1581578731548-c64695cc6952`}"
imageAlt: ${JSON.stringify(draftWords.imageAlt)}
---
${draftBody}`;
  try {
    // content/blog/ gone with its last article (git keeps no empty folder): made again.
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new SitegenError(`${relative(config.root, file)} already exists`);
    throw error;
  }
  return relative(config.root, file);
}

/** As many words as a slug may hold: each "&" of a title becomes "and", so a title's slug can be longer. */
function withinSlugLength(slug: string): string {
  if (slug.length <= maxSlugLength) return slug;
  const lastBreak = slug.lastIndexOf('-', maxSlugLength);
  return slug.slice(0, lastBreak > 0 ? lastBreak : maxSlugLength);
}
