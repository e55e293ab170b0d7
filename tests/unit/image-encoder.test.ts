/**
 * The encoder of renditions once the build is interrupted (Ctrl-C in a first
 * build, its photos not yet in .sitegen/images/): what is under way
 * finishes, nothing more is begun, so the build stops within one encoding.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ImageEncoder } from '../../src/images/image-encoder';
import type { SourceImage } from '../../src/images/source-images';
import { Interrupted } from '../../src/interrupted';
import { photo } from '../support/test-images';

let dir: string;
let source: SourceImage;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sitegen-encoder-'));
  const path = join(dir, 'van.jpg');
  await writeFile(path, await photo({ width: 1600, height: 900, hue: 200 }));
  source = { key: 'van', path, file: 'content/images/van.jpg', alpha: false } as Pick<
    SourceImage,
    'key' | 'path' | 'file' | 'alpha'
  > as SourceImage;
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it('begins no rendition once the build is interrupted: those under way are made, the rest fail with the interruption', async () => {
  const interrupt = new AbortController();
  const made = join(dir, 'made');
  const encoder = new ImageEncoder(made, interrupt.signal);
  const atOnce = availableParallelism();
  const widths = Array.from({ length: atOnce + 4 }, (_, index) => 400 + 10 * index);
  const asked = widths.map((width) => encoder.rendition(source, width, 'webp'));
  interrupt.abort(new Interrupted('SIGINT'));
  const results = await Promise.allSettled(asked);
  expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(atOnce);
  expect(results.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []))).toEqual(
    Array(4).fill('Interrupted: build interrupted by SIGINT: the output is as it was'),
  );
  expect(await readdir(made)).toHaveLength(atOnce);
});
