/** The front matter of Markdown files: articles (content/blog/*.md) and legal pages (content/legal/*.md). */
import * as v from 'valibot';
import { altText, imageSrc, isoDate, metaFields, shortText, slug, text, withoutPlaceholders } from './shared';

export const articleFrontMatterSchema = v.strictObject({
  title: withoutPlaceholders(shortText(60)),
  slug: v.optional(slug),
  excerpt: withoutPlaceholders(text),
  description: withoutPlaceholders(metaFields.description),
  keywords: metaFields.keywords,
  author: text,
  date: isoDate,
  /** Left out of the built site (shown by sitegen dev and build --drafts) until removed or set to false. */
  draft: v.optional(v.boolean('true or false')),
  /** When the article last changed in substance: shown, and its dateModified and the sitemap's lastmod. */
  updated: v.optional(isoDate),
  /** The slugs it had before: each /blog/<alias> redirects to it for good (301). */
  aliases: v.optional(v.array(slug, 'a list of the slugs the article had before, such as ["old-slug"]')),
  readTime: v.pipe(
    v.number('a number of minutes'),
    v.integer('a whole number of minutes'),
    v.minValue(5, 'a read time of at least 5 minutes'),
    v.maxValue(10, 'a read time of at most 10 minutes'),
  ),
  category: text,
  featured: v.boolean('true or false'),
  image: imageSrc,
  imageAlt: altText,
  /** What social networks and chat apps show when the article is shared (with socialImageAlt); without it, the build draws a card. */
  socialImage: v.optional(imageSrc),
  socialImageAlt: v.optional(altText),
});

export const legalFrontMatterSchema = v.strictObject({
  title: shortText(60),
  slug,
  /** Position in the footer's legal links. */
  order: v.pipe(
    v.number('a number giving the order of the legal pages'),
    v.integer('a whole number giving the order of the legal pages'),
  ),
  description: metaFields.description,
  keywords: metaFields.keywords,
  updated: isoDate,
});
