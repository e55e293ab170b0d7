/**
 * What a delete in the editor would leave naming nothing, said of the file deleted, in the marketer's words, with what
 * to do first: a photo a page uses (the build's words would blame the page), or an article another links to (the
 * build's would say the link leads to no page, of an address the marketer sees live). sitegen dev's backend asks this
 * before every delete (src/admin/deletion-check.ts); the build's own checks follow it.
 */
import { dirname, join } from 'node:path';
import * as v from 'valibot';
import { articleFolder } from '../src/content/content-files';
import type { Article, SiteModel } from '../src/content/model';
import { readText, splitMarkdown } from '../src/content/read-content';
import { articleFrontMatterSchema } from '../src/content/schemas';
import { ContentError } from '../src/errors';
import { articleImageRefs } from '../src/images/content-images';
import { pathOfLink, paths, sitePath } from '../src/paths';

/** A deleted article, as far as the checks of its delete read it: its addresses, and whether it is live. */
export type GoneArticle = Pick<Article, 'file' | 'slug' | 'aliases' | 'draft' | 'date'>;

const { slug, aliases, draft, date } = articleFrontMatterSchema.entries;
const addressAndDay = v.looseObject({ slug, aliases, draft, date });

/**
 * The articles among `deleted` (files as the project names them, from `root`), read for their addresses and day alone:
 * deleting the draft the build refuses for another of its fields (a read time in words) is how a marketer puts the site
 * right. One whose addresses cannot be read is left out: it is on no page, and a link to it the build's checks find.
 */
export function goneArticles({ root, content }: { root: string; content: string }, deleted: readonly string[]) {
  return deleted.flatMap((file): GoneArticle[] => {
    const path = join(root, file);
    if (dirname(path) !== articleFolder(content) || !path.endsWith('.md')) return [];
    try {
      return [{ ...splitMarkdown(readText(path, file), file, addressAndDay).data, file }];
    } catch (error) {
      if (error instanceof ContentError) return [];
      throw error;
    }
  });
}

/**
 * The refusal of deleting the `gone` articles and the photos among `images` (by their src) from the site `model` has
 * without them, while another file still uses one, or undefined.
 */
export function stillUsed(
  model: SiteModel,
  gone: readonly GoneArticle[],
  images: ReadonlySet<string>,
  imageDir: string,
) {
  const used = [...model.imageRefs, ...model.articles.flatMap(articleImageRefs)].find((ref) => images.has(ref.src));
  if (used) {
    const problem = `is used by ${used.file} (${used.field}), and cannot be deleted while it is: choose another image there first`;
    return new ContentError(`${imageDir}/${used.src}`, '', problem);
  }
  // Read as the build reads a body's links (validate-plan.ts): the site's full address too, a query or #place dropped.
  for (const page of [...model.articles, ...model.legalPages])
    for (const link of page.body.links) {
      const path = pathOfLink(sitePath(link.href, model.site.url));
      const target = gone.find(({ slug, aliases }) =>
        [slug, ...(aliases ?? [])].some((old) => old && path === paths.article(old)),
      );
      if (!target) continue;
      const problem = `is linked to by ${page.file} ("${page.title}"), and cannot be deleted while it is: take its link to ${link.href} out first`;
      return new ContentError(target.file, '', problem);
    }
  return undefined;
}
