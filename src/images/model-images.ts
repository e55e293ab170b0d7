/**
 * The site model with its images: every file of content/images/ the content
 * names is described (and refused, named, if it cannot be published), and
 * each image the model holds is given what the templates need to draw it.
 */
import type { MarkdownSource } from '../content/content-files';
import type { SiteModel } from '../content/model';
import { loadSite } from '../content/load-site';
import { ContentError } from '../errors';
import { articleImageRefs, ImageResolver } from './content-images';
import { SourceImages, type ImageCatalog } from './source-images';

/** The smallest the logo may be: phones show it 180 pixels square on their home screen (search engines ask for 112). */
const logoMinimum = 180;

export async function withImages(
  model: SiteModel,
  sources: SourceImages,
  resolver: ImageResolver,
): Promise<{ model: SiteModel; catalog: ImageCatalog }> {
  const catalog = await sources.describe([...model.imageRefs, ...model.articles.flatMap(articleImageRefs)]);
  const logo = catalog.bySrc.get(model.site.logo.src);
  if (logo && (logo.width < logoMinimum || logo.height < logoMinimum)) {
    const problem = `is ${logo.width} × ${logo.height} pixels: expected a logo at least ${logoMinimum} pixels square (the icon phones show on their home screen)`;
    throw new ContentError(logo.file, '', problem);
  }
  return { model: resolver.resolve(model, catalog.descriptors), catalog };
}

/** Loads and validates a content folder with its images, keeping nothing between loads (`sitegen check`, the profile). */
export async function loadSiteWithImages(source: MarkdownSource): Promise<SiteModel> {
  const config = { root: source.projectRoot, contentDir: source.contentDir, cacheDir: '' };
  const { model } = await withImages(loadSite(source), SourceImages.open(config, { keep: false }), new ImageResolver());
  return model;
}
