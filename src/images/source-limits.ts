/**
 * What a source image may be, and the build's words for one that is not: the build checks each file of content/images/
 * (source-images.ts), the editor each photo a marketer adds. Past these, a file is a decompression bomb to a build (a
 * small file that decodes into gigabytes) or a mistake: a phone's photo is 12 to 48 megapixels and a few megabytes.
 */
import { logoIcons } from './image-names';

export const sourceLimits = { bytes: 25 * 1024 * 1024, pixels: 40_000_000 };

const megabyte = 1024 * 1024;

export function tooManyBytes(bytes: number): string | undefined {
  if (bytes <= sourceLimits.bytes) return undefined;
  return `is ${(bytes / megabyte).toFixed(1)} MB: expected at most ${sourceLimits.bytes / megabyte} MB (export the photo as a JPEG of at most ${sourceLimits.pixels / 1e6} megapixels)`;
}

/** Why an image of `width` × `height` (upright) is too large to publish, or undefined. */
export function tooManyPixels(width: number, height: number): string | undefined {
  const pixels = width * height;
  if (pixels <= sourceLimits.pixels) return undefined;
  const size = `${width.toLocaleString('en-GB')} × ${height.toLocaleString('en-GB')} pixels`;
  return `is ${size} (${(pixels / 1e6).toFixed(1)} megapixels): expected at most ${sourceLimits.pixels / 1e6} megapixels, more than any page needs (export it smaller)`;
}

/** Why a logo is none: every place draws it square, phones widest, on their home screen (search engines 112). */
export function notALogo({ width, height }: { width: number; height: number }): string | undefined {
  if (width >= logoIcons.homeScreen && height === width) return undefined;
  return `is ${width} × ${height} pixels: expected a square logo, at least ${logoIcons.homeScreen} pixels a side (the icon phones show on their home screen)`;
}

/** The formats sharp reads, as its metadata names them, and as a person names them. */
export const readableFormats: Record<string, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  heif: 'AVIF',
  gif: 'GIF',
  tiff: 'TIFF',
};

export const expectedFormats = `expected a ${Object.values(readableFormats)
  .join(', ')
  .replace(/, (\w+)$/, ' or $1')} file`;

export const unpublishable = (format: string): string =>
  `is in ${format} format, which the site cannot publish: ${expectedFormats} (export it as JPEG, or PNG for a logo)`;

const text = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** The image formats people are likely to drop in that sharp cannot read, by their first bytes. */
export function formatOf(bytes: Uint8Array): string | undefined {
  if (/^ftyp(heic|heix|hevc|hevx|heim|heis|mif1|msf1)/.test(text(bytes, 4, 12))) return 'HEIC';
  if (text(bytes, 0, 2) === 'BM') return 'BMP';
  if (text(bytes, 0, 4) === '8BPS') return 'Photoshop (PSD)';
  if (text(bytes, 0, 4) === '\u0000\u0000\u0001\u0000') return 'Windows icon (ICO)';
  if (text(bytes, 0, 5) === '<?xml' || text(bytes, 0, 4) === '<svg') return 'SVG';
}

/** Whether the bytes begin a TIFF file: one the build takes and a browser cannot show. */
export const isTiff = (bytes: Uint8Array): boolean => ['II*\u0000', 'MM\u0000*'].includes(text(bytes, 0, 4));
