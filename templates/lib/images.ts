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
 * The widest a photo the page draws full width below a breakpoint of the layout (Tailwind's `md`, `lg`) is drawn: the
 * window just narrower than it, less the page's margins. A phone or a tablet draws it wider than the desktop does.
 */
export const fullWidthBelow = { md: 736, lg: 992 } as const;

/**
 * The widths an image drawn `width` CSS pixels wide on a desktop, and at
 * most `widest` on any screen, is published at: both and twice each (for
 * sharp screens), never wider than the file. A file narrower than either is
 * named at it all the same: the build refuses it, saying how wide it must be.
 */
export function drawnWidths(image: LocalImage, width: number, widest: number): number[] {
  const sharp = [width * 2, widest * 2].map((w) => Math.min(w, image.width));
  return [...new Set([width, widest, ...sharp])].sort((a, b) => a - b);
}

/** The height of a rendition `width` pixels wide: the file's proportions, rounded as sharp rounds them. */
export function heightAt(image: LocalImage, width: number): number {
  return Math.max(1, Math.round((width * image.height) / image.width));
}
