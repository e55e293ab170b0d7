/**
 * The encoder of renditions once the build is interrupted (Ctrl-C in a first
 * build, its photos not yet in .sitegen/images/): the build stops at once,
 * rather than once every photo is encoded; and a photo saved over while the
 * build ran, which is refused rather than kept under its old bytes' key.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contentHash } from '../../src/hash';
import { ImageEncoder } from '../../src/images/image-encoder';
import type { SourceImage } from '../../src/images/source-images';
import { Interrupted } from '../../src/interrupted';
import { photo } from '../support/test-images';

let dir: string;
let source: SourceImage;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sitegen-encoder-'));
  const path = join(dir, 'van.jpg');
  const bytes = await photo({ width: 1600, height: 900, hue: 200 });
  await writeFile(path, bytes);
  source = { key: 'van', path, file: 'content/images/van.jpg', alpha: false, hash: contentHash(bytes) } as Pick<
    SourceImage,
    'key' | 'path' | 'file' | 'alpha' | 'hash'
  > as SourceImage;
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it('fails every rendition at once with the interruption, begins no more, and writes none', async () => {
  const interrupt = new AbortController();
  const made = join(dir, 'made');
  const encoder = new ImageEncoder(made, interrupt.signal);
  // More than can run at once: some under way, the rest waiting their turn.
  const widths = Array.from({ length: availableParallelism() + 4 }, (_, index) => 400 + 10 * index);
  const asked = widths.map((width) => encoder.rendition(source, width, 'webp'));
  interrupt.abort(new Interrupted('SIGINT'));
  const results = await Promise.allSettled(asked);
  expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : result.value))).toEqual(
    widths.map(() => 'Interrupted: build interrupted by SIGINT: the output is as it was'),
  );
  // A later rendition is not begun: asked for after the interruption, it fails too.
  await expect(encoder.rendition(source, 1000, 'webp')).rejects.toThrow('build interrupted by SIGINT');
  expect(existsSync(made) ? await readdir(made) : []).toEqual([]);
});

it('refuses a photo saved over after the build read it, keeping nothing under the key of the bytes it replaced', async () => {
  const made = join(dir, 'made-over');
  const savedOver = { ...source, hash: contentHash(await photo({ width: 1600, height: 900, hue: 20 })) };
  await expect(new ImageEncoder(made).rendition(savedOver, 400, 'webp')).rejects.toThrow(
    'content/images/van.jpg: changed as the build read it: build again',
  );
  expect(existsSync(made) ? await readdir(made) : []).toEqual([]);
  // The file as read is encoded.
  expect(await new ImageEncoder(made).rendition(source, 400, 'webp')).toMatch(/van-400\.webp$/);
});
