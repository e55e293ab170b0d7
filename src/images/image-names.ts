/**
 * Where the site's own images are published. The key in each name changes with the source's bytes and the encoder's
 * settings, so every URL can be cached for a year. The templates choose each image's widths and formats, and each page
 * records the renditions it names (templates/lib/page-uses.ts), so the build makes exactly those files.
 */

/** What the templates know of a file of content/images/: enough to write its URLs, and its size so nothing moves. */
export interface LocalImage {
  /** Upright (EXIF orientation applied), in pixels. */
  width: number;
  height: number;
  /** Every rendition's URL, with `{width}` and `{format}` to fill in: `/assets/images/<name>-<key>-{width}.{format}`. */
  url: string;
  /** The format of the <img> every browser reads: the original's if JPEG or PNG, else PNG if it has transparency, else JPEG. */
  fallback: 'jpg' | 'png';
}

export type RenditionFormat = 'avif' | 'webp' | 'jpg' | 'png';

/** A social card's size: what Facebook, LinkedIn and X draw a large link preview at. */
export const cardSize = { width: 1200, height: 630 } as const;

export { heightAt, logoIcons, renditionUrl } from '../../templates/lib/images';

/** Keys are hex; names are made of lowercase letters, digits and dashes. */
const rendition = /^assets\/images\/([a-z0-9-]+)-([0-9a-f]{12})-(\d+)\.(avif|webp|jpg|png)$/;
const card = /^assets\/cards\/([a-z0-9-]+)-([0-9a-f]{12})\.png$/;

type ImagePath =
  { kind: 'rendition'; key: string; width: number; format: RenditionFormat } | { kind: 'card'; key: string };

/** What a path of the output (no leading slash) names, if it is one of the site's own images. */
export function parseImagePath(path: string): ImagePath | undefined {
  const found = rendition.exec(path);
  if (found) return { kind: 'rendition', key: found[2]!, width: Number(found[3]), format: found[4] as RenditionFormat };
  const cardFound = card.exec(path);
  return cardFound ? { kind: 'card', key: cardFound[2]! } : undefined;
}

/** A file name as a URL's name: "Team/Sarah Jones.JPG" → "sarah-jones". */
export function urlName(file: string): string {
  const base = file.replace(/^.*\//, '').replace(/\.[^.]*$/, '');
  return (
    base
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'image'
  );
}
