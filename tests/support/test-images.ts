/**
 * Photos made by sharp for the tests: smooth shapes, which encode as a
 * photo does (noise would not), with what a phone writes in them: its make
 * and model, the GPS position it was taken at, and an orientation.
 */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import sharp from 'sharp';
import { writeSettled } from './project-copy';

export const camera = { make: 'TestPhone', model: 'Pocket 7' };

export interface PhotoOptions {
  width: number;
  height: number;
  format?: 'jpeg' | 'png' | 'webp';
  /** EXIF orientation: 6 is a phone held upright, its pixels stored on their side. */
  orientation?: number;
  /** A transparent corner, as a logo has. */
  transparent?: boolean;
  /** Colours, so that two photos differ. */
  hue?: number;
}

function drawing({ width, height, transparent = false, hue = 215 }: PhotoOptions): Buffer {
  const background = transparent
    ? `<circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 2}" fill="url(#g)"/>`
    : `<rect width="100%" height="100%" fill="url(#g)"/>`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,45%)"/>` +
      `<stop offset="1" stop-color="hsl(${(hue + 160) % 360},80%,55%)"/></linearGradient></defs>${background}` +
      `<circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#fff" fill-opacity="0.6"/>` +
      `<rect x="${width / 2}" y="${height / 5}" width="${width / 4}" height="${height / 2}" fill="#111" fill-opacity="0.4"/></svg>`,
  );
}

/** A photo's bytes, with a phone's EXIF (make, model, GPS position) unless it is a PNG. */
export async function photo(options: PhotoOptions): Promise<Buffer> {
  const image = sharp(drawing(options));
  if (options.format === 'png') return image.png().toBuffer();
  const withExif = image.withExif({
    IFD0: { Make: camera.make, Model: camera.model },
    IFD3: {
      GPSLatitudeRef: 'N',
      GPSLatitude: '52/1 55/1 2568/100',
      GPSLongitudeRef: 'W',
      GPSLongitude: '1/1 29/1 1068/100',
    },
  });
  const oriented = options.orientation ? withExif.withMetadata({ orientation: options.orientation }) : withExif;
  return (options.format === 'webp' ? oriented.webp() : oriented.jpeg({ quality: 85 })).toBuffer();
}

/** Writes a photo, dated a while back as a file saved before the build that reads it (writeSettled). */
export async function writePhoto(path: string, options: PhotoOptions): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeSettled(path, await photo(options));
}
