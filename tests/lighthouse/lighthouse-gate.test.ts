/**
 * The Lighthouse gate of `sitegen check`, run once, on a copy of the project
 * whose about page draws the agency's own photos, made by sharp (2,400
 * pixels wide, as a camera gives them): the browser takes the AVIF rendition
 * the width it draws, with no error or CSP violation; and, in one run of
 * the gate, home passes; the about page with one photo's alt text taken out
 * scores within 3 points of a bare page for performance, as the gate
 * measures every page, and fails accessibility and SEO for that alt text
 * alone; and a page that sends the browser to a missing one is reported.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSite } from '../../src/check/check-site';
import { startPreview, type Preview } from '../../src/server/preview';
import { copyLeadDatabase } from '../support/migrated-leads';
import { copyProject, writeSettled, type ProjectCopy } from '../support/project-copy';
import { writePhoto } from '../support/test-images';
import { openPage, wide } from '../browser/support/browser';
import { testLeadSettings } from '../browser/support/preview';

let project: ProjectCopy;
let preview: Preview;
let leads: Awaited<ReturnType<typeof copyLeadDatabase>>;
const dist = () => join(project.dir, 'dist');

beforeAll(async () => {
  project = await copyProject();
  const content = (...path: string[]) => join(project.dir, 'content', ...path);
  const names = ['sarah', 'james', 'priya'];
  for (const [index, name] of names.entries()) {
    await writePhoto(content('images', 'team', `${name}.jpg`), { width: 2400, height: 1600, hue: index * 90 });
  }
  await writePhoto(content('images', 'office.jpg'), { width: 2400, height: 1600, hue: 160 });
  const team = JSON.parse(await readFile(content('team.json'), 'utf8')) as { team: { image: { src: string } }[] };
  team.team.forEach((member, index) => (member.image.src = `images/team/${names[index]}.jpg`));
  await writeSettled(content('team.json'), JSON.stringify(team));
  const about = JSON.parse(await readFile(content('pages', 'about.json'), 'utf8')) as {
    story: { image: { src: string } };
  };
  about.story.image.src = 'images/office.jpg';
  await writeSettled(content('pages', 'about.json'), JSON.stringify(about));
  expect(await project.buildHere()).toMatchObject({ code: 0, stderr: '' });
  leads = await copyLeadDatabase();
  preview = await startPreview({
    root: project.dir,
    dir: dist(),
    port: 0,
    host: '127.0.0.1',
    leadsDir: leads.dir,
    leadSettings: testLeadSettings,
    onLead: () => {},
  });
}, 180_000);
afterAll(async () => {
  await preview?.close();
  await leads?.remove();
  await project?.remove();
});

describe('a page of local photos, and the Lighthouse gate', () => {
  it('loads the AVIF rendition at the width it is drawn, with no console error or CSP violation', async () => {
    const { page, problems } = await openPage(wide);
    await page.goto(`${preview.url}/about`, { waitUntil: 'load' });
    const photos = page.locator('#team picture img, section[aria-labelledby="story-heading"] picture img');
    expect(await photos.count()).toBe(4);
    for (const photo of await photos.all()) {
      await photo.scrollIntoViewIfNeeded();
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      const { source, natural, drawn } = await photo.evaluate((img: HTMLImageElement) => ({
        source: img.currentSrc,
        natural: img.naturalWidth,
        drawn: img.getBoundingClientRect().width,
      }));
      expect(source).toMatch(/\/assets\/images\/\w+-[0-9a-f]{12}-\d+\.avif$/);
      expect(natural).toBeGreaterThanOrEqual(drawn);
    }
    expect(problems).toEqual([]);
  });

  it(
    'passes home; scores the photos page within 3 points of a bare page, and without one alt text below 100 for accessibility and SEO, naming that audit alone; reports a page it cannot load',
    { timeout: 400_000 },
    async () => {
      const about = await readFile(join(dist(), 'about.html'), 'utf8');
      const withoutAlt = about.replace(/ alt="Portrait of Sarah[^"]*"/, '');
      expect(withoutAlt).not.toBe(about);
      await writeFile(join(dist(), 'about-without-alt.html'), withoutAlt);
      // A page that sends the browser on to a missing one: Lighthouse cannot measure it, and, the answer being the page's own, tries once.
      await writeFile(
        join(dist(), 'moved.html'),
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0; url=/gone"><title>Moved</title></head><body><p>Moved</p></body></html>',
      );
      const [result] = await checkSite({
        root: project.dir,
        dir: dist(),
        only: ['lighthouse'],
        lighthousePages: [
          { template: 'home', path: '/' },
          // The photos page measured once: its performance with the photos, and what one missing alt text costs.
          { template: 'no alt', path: '/about-without-alt' },
          { template: 'moved', path: '/moved' },
        ],
      });
      // Lighthouse counts alt text towards both accessibility and SEO, and finds nothing else on the photos page: no
      // performance finding, so within 3 points of the bare page. Home has no finding.
      expect(result!.findings).toEqual([
        expect.objectContaining({
          page: '/moved',
          rule: 'lighthouse-error',
          message: expect.stringMatching(
            /^Lighthouse could not measure the page: ERRORED_DOCUMENT_REQUEST: .*\(Status code: 404\)$/,
          ),
        }),
        expect.objectContaining({
          page: '/about-without-alt',
          rule: 'lighthouse-accessibility',
          fix: 'fix the audits: image-alt',
        }),
        expect.objectContaining({
          page: '/about-without-alt',
          rule: 'lighthouse-seo',
          fix: 'fix the audits: image-alt',
        }),
      ]);
      expect(result!.passed).toBe(false);
      expect(result!.notes.find((line) => line.startsWith('home'))).toMatch(
        /accessibility 100 {2}best practices \d+ {2}SEO 100$/,
      );
      expect(result!.notes.find((line) => /^no alt +\/about-without-alt /.test(line))).toMatch(
        /performance \d+ {2}accessibility \d+ {2}best practices \d+ {2}SEO \d+$/,
      );
      expect(result!.notes[0]).toMatch(/^bare page .* performance \d+, \d+, \d+ \(median \d+; limit \d+\)$/);
    },
  );
});
