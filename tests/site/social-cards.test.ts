/**
 * Social cards through the real build, on a copy of the project whose team,
 * story, one article and one trade page name photos made by sharp
 * (tests/support/photo-project.ts): every article and trade page has a
 * social card unless it names its own image; a card is named anew when what
 * draws it changes; and one drawn with a file of templates/ outside their
 * folders is refused.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fingerprint } from '../support/fingerprint';
import { build, imageAt, out, page, project, siteUrl, usePhotoProject } from '../support/photo-project';
import { writeSettled } from '../support/project-copy';
import { articleSlugs, tradeSlugs } from '../support/site';

usePhotoProject();

describe('social cards', () => {
  it('every article and trade page has one of its own, 1200 × 630, as og:image and twitter:image', async () => {
    const cards = new Set<string>();
    for (const path of [
      ...articleSlugs.map((slug) => `/blog/${slug}`),
      ...tradeSlugs.map((slug) => `/services/${slug}`),
    ]) {
      if (path === '/blog/google-ads-guide' || path === '/services/plumber') continue;
      const $ = await page(path);
      const card = $('meta[property="og:image"]').attr('content')!;
      expect(card, path).toMatch(new RegExp(`^${siteUrl}/assets/cards/${path.split('/').pop()}-[0-9a-f]{12}\\.png$`));
      expect($('meta[name="twitter:image"]').attr('content'), path).toBe(card);
      expect($('meta[name="twitter:card"]').attr('content'), path).toBe('summary_large_image');
      expect([
        $('meta[property="og:image:width"]').attr('content'),
        $('meta[property="og:image:height"]').attr('content'),
      ]).toEqual(['1200', '630']);
      // The card shows the page's title: it is the card's description.
      expect($('meta[property="og:image:alt"]').attr('content'), path).toBe($('h1').text());
      const metadata = await imageAt(card).metadata();
      expect([metadata.format, metadata.width, metadata.height], path).toEqual(['png', 1200, 630]);
      cards.add(card);
    }
    expect(cards.size).toBe(articleSlugs.length + tradeSlugs.length - 2);
  });

  it('a page that names its own social image keeps it, at 1200 pixels or its own width, and has no card', async () => {
    const article = await page('/blog/google-ads-guide');
    const image = article('meta[property="og:image"]').attr('content')!;
    expect(image).toMatch(new RegExp(`^${siteUrl}/assets/images/share-[0-9a-f]{12}-1200\\.jpg$`));
    expect(article('meta[property="og:image:alt"]').attr('content')).toBe('Our van at a job');
    expect(article('meta[property="og:image:height"]').attr('content')).toBe('646');
    expect((await imageAt(image).metadata()).height).toBe(646);
    const trade = await page('/services/plumber');
    expect(trade('meta[property="og:image"]').attr('content')).toMatch(
      /\/assets\/images\/plumber-share-[0-9a-f]{12}-1000\.jpg$/,
    );
    expect(trade('meta[property="og:image:width"]').attr('content')).toBe('1000');
    // Shared as JPEG, on white where it was transparent: WhatsApp shows no picture over 300 KB, as a photo in PNG is.
    const shared = await imageAt(trade('meta[property="og:image"]').attr('content')!).metadata();
    expect([shared.format, shared.hasAlpha]).toEqual(['jpeg', false]);
    const cards = await readdir(out('assets', 'cards'));
    expect(cards.filter((file) => /^(google-ads-guide|plumber)-/.test(file))).toEqual([]);
  });

  it("are named anew when what draws them changes (the card's template, its helpers, the brand's colours), not when a page's template does; the brand's colour has one home, for the cards, the stylesheet and the browser's theme colour", async () => {
    const card = async () => (await page('/blog/local-seo-tips'))('meta[property="og:image"]').attr('content')!;
    const drawn = await card();
    const template = (...path: string[]) => join(project.dir, 'templates', ...path);
    const [legal, brand] = await Promise.all([
      readFile(template('pages', 'Legal.tsx'), 'utf8'),
      readFile(template('lib', 'brand.json'), 'utf8'),
    ]);
    try {
      await writeSettled(
        template('pages', 'Legal.tsx'),
        legal.replace('export function', '/** Edited. */\nexport function'),
      );
      expect((await build()).code).toBe(0);
      expect(await card()).toBe(drawn);
      await writeSettled(template('lib', 'brand.json'), brand.replace('"brand": "#1d4ed8"', '"brand": "#047857"'));
      expect((await build()).code).toBe(0);
      const redrawn = await card();
      expect(redrawn).toMatch(new RegExp(`^${siteUrl}/assets/cards/local-seo-tips-[0-9a-f]{12}\\.png$`));
      expect(redrawn).not.toBe(drawn);
      const article = await page('/blog/local-seo-tips');
      expect(article('meta[name="theme-color"]').attr('content')).toBe('#047857');
      const stylesheet = article('link[rel="stylesheet"]').attr('href')!;
      expect(await readFile(out(stylesheet), 'utf8')).toContain('--color-brand:#047857;');
    } finally {
      await writeSettled(template('pages', 'Legal.tsx'), legal);
      await writeSettled(template('lib', 'brand.json'), brand);
      // The cards as the next tests find them: drawn again under their first names.
      await build();
    }
  });

  it('cannot be drawn with a file of templates/ outside their folders: the build refuses it, naming both, and writes nothing', async () => {
    const file = join(project.dir, 'templates', 'social', 'SocialCard.tsx');
    const source = await readFile(file, 'utf8');
    const before = await fingerprint(out());
    try {
      await writeSettled(
        file,
        `import { Stars } from '../components/Stars';\n${source}\nexport const stars = Stars;\n`,
      );
      const refused = await build();
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(
        'sitegen: templates/social/SocialCard.tsx: draws with templates/components/Stars.tsx: expected only files of templates/social/ and templates/lib/, which name every card\n',
      );
      expect(await fingerprint(out())).toEqual(before);
    } finally {
      await writeSettled(file, source);
    }
  });
});
