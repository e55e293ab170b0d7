/**
 * What a delete in the editor would leave naming nothing, said of the file deleted, in the marketer's words, with what
 * to do first: a photo a page uses (the build's words would blame the page), or an article another links to (the
 * build's would say the link leads to no page, of an address the marketer sees live). sitegen dev's backend asks this
 * before every delete (src/admin/deletion-check.ts); the build's own checks follow it.
 */
import type { SiteModel } from '../src/content/model';
import { ContentError } from '../src/errors';
import { articleImageRefs } from '../src/images/content-images';
import { pathOfLink, paths, sitePath } from '../src/paths';

/**
 * The refusal of deleting `deleted` (files as the model names them; `images`, the photos among them by their src),
 * while another file still uses one, or undefined.
 */
export function stillUsed(model: SiteModel, deleted: readonly string[], images: ReadonlySet<string>, imageDir: string) {
  const used = [...model.imageRefs, ...model.articles.flatMap(articleImageRefs)].find((ref) => images.has(ref.src));
  if (used) {
    const problem = `is used by ${used.file} (${used.field}), and cannot be deleted while it is: choose another image there first`;
    return new ContentError(`${imageDir}/${used.src}`, '', problem);
  }
  const gone = model.articles.filter((article) => deleted.includes(article.file));
  // Read as the build reads a body's links (validate-plan.ts): the site's full address too, a query or #place dropped.
  for (const page of [...model.articles, ...model.legalPages].filter((other) => !deleted.includes(other.file)))
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
