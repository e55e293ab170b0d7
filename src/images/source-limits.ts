/**
 * What a source image may be, and the build's words for one past it: the
 * build checks each file of content/images/ (source-images.ts), the editor
 * each photo a marketer adds, before it is saved. Past these, a file is a
 * decompression bomb to a build (a small file that decodes into gigabytes)
 * or a mistake: a phone's photo is 12 to 48 megapixels and a few megabytes.
 */
export const sourceLimits = { bytes: 25 * 1024 * 1024, pixels: 40_000_000 };

const megabyte = 1024 * 1024;

/** Why a file of `bytes` is too large to publish, or undefined. */
export function tooManyBytes(bytes: number): string | undefined {
  if (bytes <= sourceLimits.bytes) return undefined;
  const limit = sourceLimits.bytes / megabyte;
  return `is ${(bytes / megabyte).toFixed(1)} MB: expected at most ${limit} MB (export the photo as a JPEG of at most 40 megapixels)`;
}

/** Why an image of `width` × `height` (upright) is too large to publish, or undefined. */
export function tooManyPixels(width: number, height: number): string | undefined {
  const pixels = width * height;
  if (pixels <= sourceLimits.pixels) return undefined;
  const size = `${width.toLocaleString('en-GB')} × ${height.toLocaleString('en-GB')} pixels`;
  return `is ${size} (${(pixels / 1e6).toFixed(1)} megapixels): expected at most ${sourceLimits.pixels / 1e6} megapixels, more than any page needs (export it smaller)`;
}
