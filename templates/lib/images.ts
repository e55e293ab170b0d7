import type { LocalImage, RenditionFormat } from '../../src/images/image-names';

/** The logo's icons: a tab's, Google Search's (a multiple of 48 pixels), a home screen's (the widest: a logo's least). */
export const logoIcons = { tab: 32, search: 96, homeScreen: 180 } as const;

/** The formats a <picture> offers before its fallback, best first. */
export const modernFormats = ['avif', 'webp'] as const;

export const mimeTypes: Record<RenditionFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** A rendition's URL: the build makes every one a page names (src/images/site-images.ts). */
export function renditionUrl(image: LocalImage, width: number, format: RenditionFormat): string {
  return image.url.replace('{width}', String(width)).replace('{format}', format);
}

/**
 * The widths an image drawn `width` CSS pixels wide is published at: that
 * width and twice it (for sharp screens), never wider than the file. A file
 * narrower than `width` is named at `width` all the same: the build refuses
 * it, saying how wide it must be.
 */
export function drawnWidths(image: LocalImage, width: number): number[] {
  const sharp = Math.min(width * 2, image.width);
  return sharp > width ? [width, sharp] : [width];
}

/** The height of a rendition `width` pixels wide: the file's proportions, rounded as sharp rounds them. */
export function heightAt(image: LocalImage, width: number): number {
  return Math.max(1, Math.round((width * image.height) / image.width));
}
