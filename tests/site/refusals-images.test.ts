/**
 * A photo or logo of content/images/ the build cannot publish (not an
 * image, empty, a folder, HEIC, too large, too small, a logo not square,
 * named otherwise than its file, an article's image without its
 * description) is refused in one line naming it, and the output stays as it
 * was.
 */
import { cp, mkdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from '../support/fingerprint';
import type { Team } from '../support/photo-project';
import { copyProject, writeSettled, type ProjectCopy } from '../support/project-copy';
import { photo } from '../support/test-images';

/** The project's content as it is now, to put back after a test breaks it. */
async function snapshot(dir: string) {
  const [content, saved] = [join(dir, 'content'), join(dir, 'content.saved')];
  await cp(content, saved, { recursive: true, preserveTimestamps: true });
  return {
    restore: async () => {
      await rm(content, { recursive: true });
      await rename(saved, content);
    },
  };
}

describe('a file that cannot be published', () => {
  let refusing: ProjectCopy;
  beforeAll(async () => {
    refusing = await copyProject();
    expect((await refusing.buildHere({ out: 'dist' })).stderr).toBe('');
  }, 120_000);
  afterAll(() => refusing?.remove());

  const logo = async (width: number, height: number) =>
    writeSettled(join(refusing.dir, 'content', 'images', 'logo.png'), await photo({ width, height, format: 'png' }));
  const teamPhoto = async (name: string, bytes: Uint8Array | Promise<Uint8Array>) => {
    const path = join(refusing.dir, 'content', 'images', 'team', name);
    await mkdir(dirname(path), { recursive: true });
    await writeSettled(path, await bytes);
    const team = join(refusing.dir, 'content', 'team.json');
    const data = JSON.parse(await readFile(team, 'utf8')) as Team;
    data.team[0]!.image.src = `images/team/${name}`;
    await writeSettled(team, JSON.stringify(data));
  };
  const heic = Buffer.concat([Buffer.from('\0\0\0\u0018ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(64)]);
  const cases: [string, () => Promise<void>, RegExp][] = [
    [
      'a file that is not an image',
      () => teamPhoto('notes.jpg', Buffer.from('Call Sarah back on Monday\n')),
      /^sitegen: content\/images\/team\/notes\.jpg: is not an image \(.+\): expected a JPEG, PNG, WebP, AVIF, GIF or TIFF file$/,
    ],
    [
      "an empty file (a copy that failed, or a cloud drive's placeholder for a photo not yet downloaded)",
      () => teamPhoto('sarah.jpg', new Uint8Array(0)),
      /^sitegen: content\/images\/team\/sarah\.jpg: is not an image \(Input Buffer is empty\): expected a JPEG, PNG, WebP, AVIF, GIF or TIFF file$/,
    ],
    [
      'a folder given the name of the photo content names, which no differing capitals explain',
      async () => {
        await teamPhoto('sarah.jpg', photo({ width: 800, height: 800 }));
        const path = join(refusing.dir, 'content', 'images', 'team', 'sarah.jpg');
        await rm(path);
        await mkdir(path);
      },
      /^sitegen: content\/team\.json: team\[0\]\.image\.src: names "images\/team\/sarah\.jpg", which is not a file of content\/images\/$/,
    ],
    [
      "a photo named with Windows' backslashes, as its Explorer copies a path: told as a file of content/images/, not a stock photo",
      async () => {
        await teamPhoto('sarah.jpg', photo({ width: 800, height: 800 }));
        const team = join(refusing.dir, 'content', 'team.json');
        const data = JSON.parse(await readFile(team, 'utf8')) as Team;
        data.team[0]!.image.src = 'images\\team\\sarah.jpg';
        await writeSettled(team, JSON.stringify(data));
      },
      /^sitegen: content\/team\.json: team\[0\]\.image\.src: expected a file of content\/images\/ named from the content folder, such as "images\/team\/sarah\.jpg", found "images\\team\\sarah\.jpg"$/,
    ],
    [
      "a phone's HEIC photo, which sharp cannot read",
      () => teamPhoto('sarah.heic', heic),
      /^sitegen: content\/images\/team\/sarah\.heic: is in HEIC format, which the site cannot publish: expected a JPEG, PNG, WebP, AVIF, GIF or TIFF file \(export it as JPEG, or PNG for a logo\)$/,
    ],
    [
      'a file over 25 MB',
      () => teamPhoto('huge.jpg', Buffer.alloc(26 * 1024 * 1024)),
      /^sitegen: content\/images\/team\/huge\.jpg: is 26\.0 MB: expected at most 25 MB/,
    ],
    [
      'an image over 40 megapixels (a decompression bomb)',
      () =>
        teamPhoto(
          'bomb.png',
          sharp({ create: { width: 8000, height: 5200, channels: 3, background: '#888' } })
            .png()
            .toBuffer(),
        ),
      /^sitegen: content\/images\/team\/bomb\.png: is 8,000 × 5,200 pixels \(41\.6 megapixels\): expected at most 40 megapixels/,
    ],
    [
      'a photo narrower than its page draws it',
      () => teamPhoto('small.jpg', photo({ width: 300, height: 300 })),
      /^sitegen: content\/images\/team\/small\.jpg: is 300 pixels wide, and \/about draws it 736 pixels wide: expected an image at least 736 pixels wide$/,
    ],
    [
      "an article's photo narrower than the blog and its own page draw it: the message gives the widest, the blog's first card on a tablet",
      async () => {
        const path = join(refusing.dir, 'content', 'images', 'blog', 'narrow.jpg');
        await mkdir(dirname(path), { recursive: true });
        await writeSettled(path, await photo({ width: 500, height: 300 }));
        const article = join(refusing.dir, 'content', 'blog', 'local-seo-tips.md');
        await writeSettled(
          article,
          (await readFile(article, 'utf8')).replace(/^image: .*$/m, 'image: "images/blog/narrow.jpg"'),
        );
      },
      /^sitegen: content\/images\/blog\/narrow\.jpg: is 500 pixels wide, and \/blog draws it 992 pixels wide: expected an image at least 992 pixels wide$/,
    ],
    [
      "a photo named with other capitals and accents written otherwise than its file's: a Mac's disk finds it, a server's does not",
      async () => {
        // The file's name as a Mac writes it: the accent a character of its own (NFD).
        await teamPhoto('Café Front.jpg'.normalize('NFD'), photo({ width: 800, height: 800 }));
        const team = join(refusing.dir, 'content', 'team.json');
        const data = JSON.parse(await readFile(team, 'utf8')) as Team;
        data.team[0]!.image.src = 'images/team/café front.jpg';
        await writeSettled(team, JSON.stringify(data));
      },
      new RegExp(
        `^sitegen: content/team\\.json: team\\[0\\]\\.image\\.src: names "images/team/café front\\.jpg", which is not a file of content/images/: the folder has "${'Café Front'.normalize('NFD')}\\.jpg", which differs in its capitals or how its accents are written \\(a Mac's disk takes either; the server's does not\\)$`,
      ),
    ],
    [
      'a logo smaller than a phone draws it on its home screen',
      () => logo(120, 120),
      /^sitegen: content\/images\/logo\.png: is 120 × 120 pixels: expected a square logo, at least 180 pixels a side/,
    ],
    [
      'a logo twice as wide as it is high, which every icon would squash',
      () => logo(800, 400),
      /^sitegen: content\/images\/logo\.png: is 800 × 400 pixels: expected a square logo, at least 180 pixels a side/,
    ],
    [
      "an article's image without its description",
      async () => {
        const article = join(refusing.dir, 'content', 'blog', 'local-seo-tips.md');
        await writeSettled(article, (await readFile(article, 'utf8')).replace(/^imageAlt: .*\n/m, ''));
      },
      /^sitegen: content\/blog\/local-seo-tips\.md: front matter: imageAlt: is missing: expected a text describing the image, for people who cannot see it$/,
    ],
    [
      "an article's image described by its file's name",
      async () => {
        const article = join(refusing.dir, 'content', 'blog', 'local-seo-tips.md');
        await writeSettled(
          article,
          (await readFile(article, 'utf8')).replace(/^imageAlt: .*$/m, 'imageAlt: "IMG_2041.jpg"'),
        );
      },
      /^sitegen: content\/blog\/local-seo-tips\.md: front matter: imageAlt: expected a text describing the image, for people who cannot see it, found "IMG_2041\.jpg"$/,
    ],
  ];

  it.each(cases)('%s is refused, named, and the output stays as it was', async (_, breakIt, message) => {
    const before = await fingerprint(join(refusing.dir, 'dist'));
    const saved = await snapshot(refusing.dir);
    try {
      await breakIt();
      const refused = await refusing.buildHere({ out: 'dist' });
      expect(refused.stderr.trimEnd()).toMatch(message);
      expect(refused.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(refused.code).toBe(1);
      expect(await fingerprint(join(refusing.dir, 'dist'))).toEqual(before);
    } finally {
      await saved.restore();
    }
  });
});
