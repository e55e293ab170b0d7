/**
 * What the image tests (tests/site/photo-renditions.test.ts and
 * social-cards.test.ts) share: a copy of the project whose team, story, one
 * article and one trade page name photos made by sharp, built once before the
 * file's tests, and the ways they edit, build and read it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { copyProject, writeSettled, type ProjectCopy } from './project-copy';
import { writePhoto } from './test-images';

export const siteUrl = 'https://photos.example.co.uk';
// Set by usePhotoProject's hooks, for the test file running: the files read them as live bindings.
export let project: ProjectCopy;
export let firstBuild: string;

export const content = (...path: string[]) => join(project.dir, 'content', ...path);
export const out = (...path: string[]) => join(project.dir, 'dist', ...path);
export const build = () => project.buildHere({ out: 'dist', siteUrl, quiet: false });

async function editJson<T>(file: string, change: (data: T) => void): Promise<void> {
  const data = JSON.parse(await readFile(content(file), 'utf8')) as T;
  change(data);
  await writeSettled(content(file), JSON.stringify(data, null, 2));
}

async function editText(file: string, change: (text: string) => string): Promise<void> {
  await writeSettled(content(file), change(await readFile(content(file), 'utf8')));
}

export async function page(path: string) {
  return cheerio.load(await readFile(out(path === '/' ? 'index.html' : `${path.slice(1)}.html`), 'utf8'));
}

/** An image of the output, by its URL (absolute or from the root). */
export const imageAt = (url: string) => sharp(out(url.replace(/^https?:\/\/[^/]+/, '').slice(1)));

/** content/team.json, as far as the tests edit its photos. */
export type Team = { team: { image: { src: string; alt: string } }[] };

/**
 * The calling file's project, its photos written and named by its content and
 * built before its tests, removed after them. Called at the top of each file,
 * not on import: vitest loads this module once for all the files a worker runs.
 */
export function usePhotoProject(): void {
  beforeAll(async () => {
    project = await copyProject();
    // A phone's portrait photo: its pixels stored on their side, with the orientation that stands them up.
    await writePhoto(content('images', 'team', 'Sarah Mitchell.jpg'), { width: 1600, height: 1200, orientation: 6 });
    await writePhoto(content('images', 'team', 'james.webp'), { width: 900, height: 900, format: 'webp', hue: 30 });
    await writePhoto(content('images', 'office.png'), { width: 1400, height: 900, format: 'png', transparent: true });
    await writePhoto(content('images', 'blog', 'van.jpg'), { width: 1600, height: 900, hue: 120 });
    await writePhoto(content('images', 'blog', 'share.jpg'), { width: 1300, height: 700, hue: 300 });
    // A PNG, as design tools export a picture for sharing.
    const share = { width: 1000, height: 525, format: 'png', transparent: true, hue: 190 } as const;
    await writePhoto(content('images', 'plumber-share.png'), share);
    await editJson<Team>('team.json', ({ team }) => {
      team[0]!.image.src = 'images/team/Sarah Mitchell.jpg';
      team[1]!.image.src = 'images/team/james.webp';
    });
    await editJson<{ story: { image: { src: string } } }>('pages/about.json', ({ story }) => {
      story.image.src = 'images/office.png';
    });
    await editJson<{ socialImage?: object }>('trades/plumber.json', (plumber) => {
      plumber.socialImage = { src: 'images/plumber-share.png', alt: "A plumber's van outside a terraced house" };
    });
    await editText('blog/local-seo-tips.md', (text) => text.replace(/^image: .*$/m, 'image: "images/blog/van.jpg"'));
    await editText('blog/google-ads-guide.md', (text) =>
      text.replace(
        /^imageAlt: /m,
        'socialImage: "images/blog/share.jpg"\nsocialImageAlt: "Our van at a job"\nimageAlt: ',
      ),
    );
    const result = await build();
    expect(result.stderr).toBe('');
    firstBuild = result.stdout;
  }, 180_000);
  afterAll(() => project?.remove());
}
