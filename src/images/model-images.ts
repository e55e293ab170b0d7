/**
 * The images the site model names: every file of content/images/ the content names, described (and refused, named, if
 * it cannot be published). The site plan then gives each image of the model what the templates need of it.
 */
import type { MarkdownSource } from '../content/content-files';
import type { SiteModel } from '../content/model';
import { loadSite } from '../content/load-site';
import { ContentError } from '../errors';
import { articleImageRefs } from './content-images';
import { SourceImages, type ImageCatalog } from './source-images';
import { notALogo } from './source-limits';

export async function describeImages(model: SiteModel, sources: SourceImages): Promise<ImageCatalog> {
  const catalog = await sources.describe([...model.imageRefs, ...model.articles.flatMap(articleImageRefs)]);
  const logo = catalog.bySrc.get(model.site.logo.src);
  const problem = logo && notALogo(logo);
  if (logo && problem) throw new ContentError(logo.file, '', problem);
  return catalog;
}

/** A content folder read and validated (unless its model is given), its images described, keeping nothing between reads. */
export async function readSite(source: MarkdownSource, content = loadSite(source)) {
  const config = { root: source.projectRoot, contentDir: source.contentDir, cacheDir: '' };
  return { content, catalog: await describeImages(content, SourceImages.open(config, { keep: false })) };
}
