/**
 * What sitegen dev makes of what is not published, in a project copy:
 * drafts and scheduled articles shown with a banner and listed marked; a
 * link to a draft, which `sitegen build` would refuse, said once in its
 * terminal; a closed job listed with its note; the editor's preview kept
 * to dev's clock.
 */
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config';
import { startDevServer } from '../../src/dev/dev-server';
import { DevSite } from '../../src/dev/dev-site';
import { EditorSite } from '../../admin/editor-site';
import { backdateLegalPages, editArticle, inProjectCopy, markDraft } from '../support/project-copy';

describe('sitegen dev', () => {
  it('shows drafts and scheduled articles, each with a banner saying it is not published, and lists them marked', async () => {
    await inProjectCopy(async (project) => {
      await editArticle(project, 'digital-marketing-roi', markDraft);
      await editArticle(project, 'social-media-guide', (text) => text.replace(/^date: .*$/m, 'date: "2026-03-03"'));
      await backdateLegalPages(join(project.dir, 'content'));
      const site = new DevSite(resolveConfig({ root: project.dir }, { SITEGEN_NOW: '2026-03-02T12:00:00Z' }));
      try {
        await site.update();
        const banner = (path: string) => cheerio.load(site.page(path)!)('main [role="note"]').text();
        expect(banner('/blog/digital-marketing-roi')).toBe('Draft, not published');
        expect(banner('/blog/social-media-guide')).toBe('Draft, not published: scheduled for 3 March 2026');
        expect(banner('/blog/local-seo-tips')).toBe('');
        const blog = cheerio.load(site.page('/blog')!);
        const marked = blog('main article').filter((_, card) => blog(card).find('p span').first().text() === 'Draft');
        expect(
          marked
            .find('h2, h3')
            .map((_, title) => blog(title).text())
            .get(),
        ).toEqual([
          'Social Media for Tradespeople: What to Post and Where',
          'Is Your Marketing Paying Off? Measuring ROI for Trades',
        ]);
        // Not a preview for others: dev's pages are indexable as the built ones are.
        const robots = cheerio.load(site.page('/blog/digital-marketing-roi')!)('meta[name="robots"]');
        expect(robots.attr('content')).toBe('max-image-preview:large');
      } finally {
        site.close();
      }
    });
  });

  it('says once in its terminal that `sitegen build` would refuse a link to a draft, which dev shows, while the link stands', async () => {
    await inProjectCopy(async (project) => {
      // Another article links to this one.
      await editArticle(project, 'google-ads-guide', markDraft);
      const lines: string[] = [];
      const options = { root: project.dir, port: 0, host: '127.0.0.1', leadsDir: null };
      const dev = await startDevServer({ ...options, log: (line) => lines.push(line) });
      const refusals = () => lines.filter((line) => line.includes('sitegen build would refuse this'));
      try {
        expect(refusals()).toEqual([
          expect.stringMatching(
            /^ {2}\d\d:\d\d:\d\d sitegen build would refuse this: content\/blog\/digital-marketing-roi\.md: body: line \d+: links to "\/blog\/google-ads-guide", which is content\/blog\/google-ads-guide\.md, a draft \(draft: true\): not a page until it is published; publish it first, or remove the link$/,
          ),
        ]);
        expect((await fetch(`${dev.url}/blog/digital-marketing-roi`)).status).toBe(200);
        // Another edit while it stands: not said again.
        await editArticle(project, 'local-seo-tips', (text) => text.replace(/^readTime: 8$/m, 'readTime: 9'));
        await dev.idle();
        expect(refusals()).toHaveLength(1);
        // Published: said to be over; a draft again, said again. Each waited for by its line: dev.idle() alone may look
        // before a busy machine's watcher has heard the save.
        await editArticle(project, 'google-ads-guide', (text) => text.replace('draft: true\n', ''));
        await expect
          .poll(() => lines.filter((line) => / sitegen build would no longer refuse it$/.test(line)))
          .toHaveLength(1);
        await dev.idle();
        expect(refusals()).toHaveLength(1);
        await editArticle(project, 'google-ads-guide', markDraft);
        await expect.poll(refusals).toHaveLength(2);
      } finally {
        await dev.close();
      }
    });
  });

  it("lists a closed job with its note, and the editor's preview keeps to dev's clock where SITEGEN_NOW sets it", async () => {
    await inProjectCopy(async (project) => {
      const site = new DevSite(resolveConfig({ root: project.dir }, { SITEGEN_NOW: '2027-01-16T09:00:00Z' }));
      try {
        await site.update();
        const notes = (html: string) => cheerio.load(html)('#positions article [role="note"]').text();
        const closed = 'Closed on 15 January 2027: not on the site';
        expect(notes(site.page('/careers')!)).toBe(closed);
        const content = site.editorContent()!;
        expect(content.today).toBe('2027-01-16');
        // The preview and the checks of the editor (admin/editor-site.ts) plan the site as of this day.
        expect(new EditorSite(content).today()).toBe('2027-01-16');
        // On the real clock, the editor reads the browser's, live.
        const realTime = new DevSite(resolveConfig({ root: project.dir }, {}));
        try {
          await realTime.update();
          expect(realTime.editorContent()!.today).toBeUndefined();
        } finally {
          realTime.close();
        }
      } finally {
        site.close();
      }
    });
  });
});
