/**
 * Every file the generator keeps under .sitegen/ (git-ignored), named in one place. All but the lead database are
 * caches, safe to delete: a build without them is slower, never different.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';

const keyOf = (folder: string): string => createHash('sha256').update(folder).digest('hex').slice(0, 16);

/** Where `sitegen preview` and `sitegen dev` keep the leads they receive, and `sitegen leads` reads them: relative to the project. Not a cache. */
export const defaultLeadsDir = join('.sitegen', 'leads');

export const cacheFiles = (cacheDir: string) => ({
  /** The content index of one content folder, and the packs of bodies it points into (content/content-index.ts). */
  contentIndexDir: (contentDir: string) => join(cacheDir, 'content', keyOf(contentDir)),
  /** The stylesheet, scripts and compiled templates of the last build, or of the last dev server's start (assets/asset-cache.ts). */
  assets: (dev: boolean) => join(cacheDir, dev ? 'assets-dev.json' : 'assets.json'),
  /** What each file of content/images/ the content names was when last read (images/source-images.ts). */
  imageSources: join(cacheDir, 'image-sources.json'),
  /** Every rendition and social card made, named by its key (images/image-encoder.ts). */
  imagesDir: join(cacheDir, 'images'),
  templatesDir: cacheDir,
  /** The record of the last build into one output folder, for `--incremental` (output/manifest.ts). */
  manifest: (outDir: string) => join(cacheDir, 'incremental', `${keyOf(outDir)}.json`),
});
