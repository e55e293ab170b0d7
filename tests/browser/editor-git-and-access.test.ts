/**
 * The editor at /admin, as the agency reviews what a marketer saves in it:
 * the real `sitegen dev` in a copy of the project under git, Decap CMS in
 * Chromium, opened once for the file's tests, each at an entry of its own,
 * with the content as the repository has it (support/editor-session.ts).
 * One field changed and published is one line changed in `git diff`; a
 * field emptied, its line alone taken out; a new trade a file of its own;
 * a save that would undo another tab's, or take a live article off the
 * site, refused; a delete of an article another links to refused, naming it, and one of a draft the build refuses
 * for a fault of its own made, the site building again. And who the editor opens for: the page given its token,
 * and not with content outside the project.
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { liveArticleStays } from '../../src/content/publishing';
import { startDevServer, type DevServer } from '../../src/dev/dev-server';
import { openPage, wide } from './support/browser';
import { photo } from '../support/test-images';
import { field, notification, publish, uploadPhoto, writeArticle } from './support/editor';
import {
  contentFile,
  dev,
  devPage,
  edited,
  editor,
  project,
  retype,
  saved,
  savedChanges,
  savedLines,
  refused,
  updatedArticle,
  useEditedProject,
  writeDraft,
} from './support/editor-session';

useEditedProject();

// Each step waits for the editor, which a busy machine takes its time over.
describe('a save in the editor, as git sees it', { timeout: 60_000 }, () => {
  it('changes one word of the plumber’s description on its line alone in trades/plumber.json, previewed on its page', async () => {
    const { page, problems } = await editor.at('/collections/trades/entries/plumber');
    const description = field(page, 'Description').first();
    const text = await description.inputValue();
    await description.fill(text.replace('burst pipes', 'frozen pipes'));
    const preview = page.frameLocator('#preview-pane');
    await expect.poll(() => preview.locator('h1').textContent()).toBe('Digital Marketing for Plumbers');
    await expect.poll(() => preview.getByText('frozen pipes', { exact: false }).count()).toBe(1);
    await saved(page);
    expect(await savedChanges()).toEqual(['1\t1\tcontent/trades/plumber.json']);
    expect(problems()).toEqual([]);
  });

  it('adds a trade as a copy of the plumber, in a file of its own: its page and its place in the menu in sitegen dev', async () => {
    const glazierDescription = 'Glazier marketing that wins window, door and conservatory jobs.';
    const { page, problems } = await editor.at('/collections/trades/entries/plumber');
    await page.getByRole('button', { name: 'Published' }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).first().click();
    await expect.poll(() => field(page, 'Name').inputValue()).toBe('Plumber');
    for (const [label, text] of [
      ['Name', 'Glazier'],
      ['Slug (its address)', 'glazier'],
      ['Singular', 'Glazier'],
      ['Plural', 'Glaziers'],
      // A page's description of its own: the build refuses one another page has.
      ['Meta description', glazierDescription],
    ] as const)
      await retype(field(page, label), text);
    await publish(page);
    expect(await notification(page)).toBe('Entry saved');
    expect(await edited.git('status', '--porcelain', '--', 'content')).toBe('?? content/trades/glazier.json\n');
    const glazier = JSON.parse(await readFile(contentFile('trades/glazier.json'), 'utf8')) as Record<string, unknown>;
    const plumber = JSON.parse(await readFile(contentFile('trades/plumber.json'), 'utf8')) as Record<string, unknown>;
    const words = { name: 'Glazier', slug: 'glazier', singular: 'Glazier', plural: 'Glaziers' };
    expect(glazier).toEqual({ ...plumber, ...words, metaDescription: glazierDescription });
    await expect.poll(async () => (await fetch(`${dev.url}/services/glazier`)).status, { timeout: 10_000 }).toBe(200);
    expect(await devPage('/services/glazier')).toMatch(/<h1[^>]*>Digital Marketing for Glaziers<\/h1>/);
    const menu = (await devPage('/about')).match(/href="\/services\/(gas-engineer|glazier|groundworker)"/g);
    expect(menu?.slice(0, 3)).toEqual([
      'href="/services/gas-engineer"',
      'href="/services/glazier"',
      'href="/services/groundworker"',
    ]);
    expect(problems()).toEqual([]);
  });

  it('adds a trade from a blank form ("＋ Trade"), its six services there to fill in: its page in sitegen dev', async () => {
    const { page, problems } = await editor.at('/collections/trades');
    await page.getByRole('link', { name: 'Create entry of type Trade' }).click();
    for (const [label, text] of [
      ['Name', 'Drainage Engineer'],
      ['Slug (its address)', 'drainage-engineer'],
      ['Singular', 'Drainage Engineer'],
      ['Plural', 'Drainage Engineers'],
      ['Description', 'Win blocked drain call-outs and CCTV surveys from homeowners and letting agents near you.'],
      ['Meta description', 'Drainage engineer marketing that wins blocked drain call-outs and CCTV surveys.'],
    ] as const)
      await field(page, label).first().fill(text);
    await page.getByRole('button', { name: /^Add keyword$/ }).click();
    await field(page, 'Keyword').fill('drainage engineer marketing');
    await page.getByText('Hero image', { exact: true }).locator('..').getByRole('button', { name: 'Expand' }).click();
    await uploadPhoto(page, { name: 'drains.jpg', photo: await photo({ width: 2400, height: 1350, hue: 200 }) });
    await field(page, 'Description (for people who cannot see it)').first().fill('A drainage engineer at work');
    // Each service's words, its six cards opened one by one: the services (in order) are there, none to add.
    const services = page.locator('div[id^="services-field-"]');
    await services.getByRole('button', { name: 'Expand' }).first().click();
    await expect.poll(() => services.getByRole('button', { name: 'Expand' }).count()).toBe(6);
    for (let card = 5; card >= 0; card--) await services.getByRole('button', { name: 'Expand' }).nth(card).click();
    const descriptions = services.getByLabel(/^Description/);
    for (let card = 0; card < 6; card++)
      await descriptions
        .nth(card)
        .fill(`Card ${card + 1}: more of the drainage jobs you want, from people ready to book.`);
    const features = services.getByLabel(/^Feature/);
    expect(await features.count()).toBe(24);
    for (let feature = 0; feature < 24; feature++) await features.nth(feature).fill(`Drainage feature ${feature + 1}`);
    await publish(page);
    expect(await notification(page)).toBe('Entry saved');
    await expect
      .poll(async () => (await fetch(`${dev.url}/services/drainage-engineer`)).status, { timeout: 10_000 })
      .toBe(200);
    expect(await devPage('/services/drainage-engineer')).toMatch(
      /<h1[^>]*>Digital Marketing for Drainage Engineers<\/h1>/,
    );
    expect(problems()).toEqual([]);
  });

  it('refuses a copied trade whose slug is still the original’s, naming the trade that has it, not a file name Decap chose', async () => {
    const { page, problems } = await editor.at('/collections/trades/entries/plumber');
    await page.getByRole('button', { name: 'Published' }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).first().click();
    await expect.poll(() => field(page, 'Name').inputValue()).toBe('Plumber');
    await retype(field(page, 'Name'), 'Emergency Plumber');
    await retype(field(page, 'Meta description'), 'Emergency plumber marketing that wins burst pipe call-outs.');
    await refused(
      page,
      problems,
      'content/trades (a new trade): Slug (its address): "plumber" is already the slug of content/trades/plumber.json ("Plumber"): each page needs its own',
    );
  });

  it('changes one word of an article’s title on its line alone', async () => {
    const { page, problems } = await editor.at('/collections/articles/entries/digital-marketing-roi');
    await field(page, 'Title').fill('Is Your Marketing Paying Off? Measuring Returns for Trades');
    await saved(page);
    expect(await savedChanges()).toEqual(['1\t1\tcontent/blog/digital-marketing-roi.md']);
    expect(problems()).toEqual([]);
  });

  it('changes a legal page’s description on its line alone', async () => {
    const { page, problems } = await editor.at('/collections/legal/entries/privacy-policy');
    const description = field(page, 'Description');
    await description.fill(`${await description.inputValue()} Read it in five minutes.`);
    await saved(page);
    expect(await savedChanges()).toEqual(['1\t1\tcontent/legal/privacy-policy.md']);
    expect(problems()).toEqual([]);
  });

  it('refuses a live legal page’s new slug, which would take its address off the site, writing nothing', async () => {
    const { page, problems } = await editor.at('/collections/legal/entries/terms-of-service');
    await retype(field(page, 'Slug (its address)'), 'terms');
    await refused(
      page,
      problems,
      'content/legal/terms-of-service.md: Slug (its address): takes a live address off the site, /terms-of-service: keep the slug "terms-of-service" (a legal page\'s address changes only with a redirect from it, which a developer adds to content/redirects.json)',
    );
  });

  it('takes an emptied field’s line out, and nothing else', async () => {
    const { page, problems } = await editor.at('/collections/articles/entries/local-seo-tips');
    const updated = page.getByLabel('datetime field').filter({ has: page.getByText(/^Updated/) });
    // A day as the file has it, and nothing beside it saying UTC: it is London's.
    expect(await updated.locator('input').inputValue()).toBe('2024-11-20');
    expect(await page.getByText('UTC', { exact: true }).count()).toBe(0);
    await updated.getByRole('button', { name: 'Clear' }).click();
    await saved(page);
    expect(await savedChanges()).toEqual([`0\t1\tcontent/${updatedArticle}`]);
    expect(await savedLines()).toMatch(/^-updated: "2024-11-20"$/m);
    expect(problems()).toEqual([]);
  });

  it('renames a live article other articles link to once its old slug is kept as an alias, which then redirects', async () => {
    const { page, problems } = await editor.at('/collections/articles/entries/online-reviews-guide');
    await retype(field(page, 'Slug (its address)'), 'google-reviews-guide');
    const refusal =
      'content/blog/online-reviews-guide.md: Slug (its address): takes a live address off the site, /blog/online-reviews-guide: keep "online-reviews-guide" in Old slugs (each redirects here), so that its visitors are sent on to this article, or keep the slug';
    // The preview says what the save will, not the build's word on another article's link to the old address.
    const preview = page.frameLocator('#preview-pane').getByRole('alert');
    await expect.poll(() => preview.innerText()).toBe(`The build would refuse this:\n\n${refusal}`);
    await publish(page);
    expect(await notification(page)).toBe(`Failed to persist entry: ${refusal}`);
    expect(await edited.git('status', '--porcelain', '--', 'content')).toBe('');
    await page.getByRole('button', { name: /^Add old slug$/i }).click();
    await field(page, 'Old slug').fill('online-reviews-guide');
    await saved(page);
    const moved = await fetch(`${dev.url}/blog/online-reviews-guide`, { redirect: 'manual' });
    expect([moved.status, moved.headers.get('location')]).toEqual([301, '/blog/google-reviews-guide']);
    expect(problems().filter((problem) => !problem.startsWith('error: Error: content/blog/'))).toEqual([]);
    // Its old slug given to a new article: refused naming the slug typed and the article that has it.
    const next = await editor.at('/collections/articles/new');
    await writeArticle(next.page, { slug: 'online-reviews-guide' });
    await publish(next.page);
    expect(await notification(next.page)).toBe(
      'Failed to persist entry: content/blog (a new article): Slug (its address): "online-reviews-guide" is an old slug of content/blog/online-reviews-guide.md ("Online Reviews for Trades: Get More, Handle the Bad Ones"): its old address, /blog/online-reviews-guide, sends visitors on to that article, so it cannot be this one\'s: choose another slug',
    );
    expect(await edited.git('status', '--porcelain', '--', 'content')).toBe(
      ' M content/blog/online-reviews-guide.md\n',
    );
  });

  it('keeps a live article on the site: Draft ticked again is refused, and nothing is written', async () => {
    const { page, problems } = await editor.at('/collections/articles/entries/social-media-guide');
    await field(page, 'Draft (left off the site while ticked)').click();
    await refused(
      page,
      problems,
      `content/blog/social-media-guide.md: Draft (left off the site while ticked): ticked, it would take a live article off the site, /blog/social-media-guide: ${liveArticleStays}`,
    );
  });

  // A second tab starts the editor anew: on a busy machine (CI's whole suite at once) that can take longer than a step.
  it(
    'saves an entry twice from one tab, and refuses the save of a tab that read it before, which would undo them',
    { timeout: 120_000 },
    async () => {
      const route = '/collections/articles/entries/website-design-mistakes';
      const { page, problems } = await editor.at(route);
      // Opened from the first tab, as a link opens in a new tab: an editor of its own, in the first tab's renderer
      // process, whose V8 has compiled Decap's 5 MB script already (a tab opened on its own compiled it again, at
      // about twice the processor's time).
      const [other] = await Promise.all([
        page.context().waitForEvent('page'),
        page.evaluate((address) => void window.open(address), `${dev.url}/admin/#${route}`),
      ]);
      try {
        const excerpt = field(other, 'Excerpt');
        await excerpt.waitFor({ timeout: 60_000 });
        // Each tab is brought to the front before it is worked in, as a marketer does: Chromium holds back a tab
        // behind another, and a save there waited on it many times as long.
        await page.bringToFront();
        await field(page, 'Title').fill('11 Website Mistakes That Cost Trades Jobs');
        await saved(page);
        await retype(field(page, 'Title'), '11 Website Mistakes That Cost Tradespeople Jobs');
        await saved(page);
        await other.bringToFront();
        await excerpt.fill('The mistakes we see most often on trade websites, and their fixes.');
        await publish(other);
        expect(await notification(other)).toBe(
          'Failed to persist entry: content/blog/website-design-mistakes.md: changed since this page opened it (in another tab, or another program), and saving would undo that change: copy what you typed, reload the page (declining the local backup it offers), and make your change again',
        );
        expect(await savedLines()).toMatch(/^\+title: "11 Website Mistakes That Cost Tradespeople Jobs"$/m);
        expect(await savedChanges()).toEqual(['1\t1\tcontent/blog/website-design-mistakes.md']);
      } finally {
        await other.close();
      }
      expect(problems()).toEqual([]);
    },
  );

  it('refuses a save the build would refuse in its notification alone: no uncaught error in the page, nothing written', async () => {
    const { page, problems } = await editor.at('/collections/legal/entries/terms-of-service');
    await field(page, 'Title').fill('');
    await publish(page);
    const refusal = 'content/legal/terms-of-service.md: Title: is missing: expected a text';
    expect(await notification(page)).toBe(`Failed to persist entry: ${refusal}`);
    expect(await edited.git('diff', '--numstat')).toBe('');
    // Decap logs the failed save to the console itself, as it logs every failure: that stays, and is all.
    expect(problems().map((problem) => problem.split('\n')[0])).toEqual([`error: Error: ${refusal}`]);
  });
});

describe('a delete in the editor', { timeout: 60_000 }, () => {
  // Two drafts, the second linking to the first, as a colleague's commit brings them.
  const vanSigns = {
    slug: 'van-signs',
    title: 'Van Signs That Win Work',
    body: 'Your van is seen by more people than your website.',
  };
  const vanWraps = {
    slug: 'van-wraps',
    title: 'Van Wraps Worth Paying For',
    body: 'A wrap costs more than signs.\n\nStart with [van signs](/blog/van-signs).',
  };
  const linkedTo =
    'Failed to delete entry: API_ERROR: sitegen dev refused this: content/blog/van-signs.md: is linked to by content/blog/van-wraps.md ("Van Wraps Worth Paying For"), and cannot be deleted while it is: take its link to /blog/van-signs out first';
  it('of a live article is refused, saying who takes one off the site and how, and nothing is deleted', async () => {
    const { page, problems } = await editor.at('/collections/articles/entries/google-ads-guide');
    await page.getByRole('button', { name: 'Delete entry' }).click();
    expect(await notification(page)).toBe(
      `Failed to delete entry: API_ERROR: sitegen dev refused this: content/blog/google-ads-guide.md: is live at /blog/google-ads-guide: deleted, ${liveArticleStays}`,
    );
    expect(await edited.git('status', '--porcelain', '--', 'content')).toBe('');
    // Decap logs the failed delete itself, and that is all: no uncaught error.
    expect(problems().filter((problem) => problem.startsWith('uncaught:'))).toEqual([]);
  });

  it('of a draft another draft links to is refused, naming the article that links to it and its link, and nothing is deleted', async () => {
    await writeDraft(vanSigns);
    await writeDraft(vanWraps);
    // Decap lists a collection's entries once: the page opened again lists the new files.
    await editor.reload();
    const { page, problems } = await editor.at('/collections/articles/entries/van-signs');
    await page.getByRole('button', { name: 'Delete entry' }).click();
    expect(await notification(page)).toBe(linkedTo);
    expect(existsSync(contentFile('blog/van-signs.md'))).toBe(true);
    expect(problems().filter((problem) => problem.startsWith('uncaught:'))).toEqual([]);
  });

  it('of a draft the build refuses for a field of its own is made once nothing links to it, and the site builds again', async () => {
    // The first with its read time in words: every page of sitegen dev gives the build's refusal of it.
    await writeDraft({ ...vanSigns, readTime: '"eight"' });
    await writeDraft(vanWraps);
    const blog = async () => {
      const response = await fetch(`${dev.url}/blog`);
      return `${response.status} ${/content\/blog\/van-signs\.md: front matter: readTime/.test(await response.text())}`;
    };
    await expect.poll(blog, { timeout: 20_000 }).toBe('500 true');
    await editor.reload();
    const { page, problems } = await editor.at('/collections/articles/entries/van-signs');
    await page.getByRole('button', { name: 'Delete entry' }).click();
    expect(await notification(page)).toBe(linkedTo);
    // The linking draft taken out, as a colleague's commit takes it out: the broken draft's delete puts the site right.
    await rm(contentFile('blog/van-wraps.md'));
    await page.getByRole('button', { name: 'Delete entry' }).click();
    await expect.poll(() => existsSync(contentFile('blog/van-signs.md')), { timeout: 20_000 }).toBe(false);
    await expect.poll(blog, { timeout: 20_000 }).toBe('200 false');
    expect(problems().filter((problem) => problem.startsWith('uncaught:'))).toEqual([]);
  });
});

describe('the editor’s token', { timeout: 60_000 }, () => {
  it('is kept by the page that opened the printed address, out of its address bar; another browser is told to open that address', async () => {
    const { page, problems } = await editor.at('/');
    expect(page.url()).not.toContain('token=');
    expect(await page.evaluate(() => localStorage.getItem('sitegen-editor-token'))).toBe(
      new URL(dev.editorUrl).searchParams.get('token'),
    );
    expect(problems()).toEqual([]);
    // A browser that never opened the printed address, or kept a token of an earlier run.
    const stranger = (await openPage(wide)).page;
    const told = async () => {
      await expect
        .poll(() => stranger.getByRole('heading', { level: 1 }).textContent())
        .toBe("The editor needs this run's address");
      expect(await stranger.locator('p').textContent()).toContain(
        'Open the editor at the address sitegen dev printed in its terminal',
      );
      expect(await stranger.evaluate(() => localStorage.getItem('sitegen-editor-token'))).toBeNull();
    };
    await stranger.goto(`${dev.url}/admin/`);
    await told();
    await stranger.evaluate(() => localStorage.setItem('sitegen-editor-token', 'a-token-of-an-earlier-run'));
    await stranger.reload();
    await told();
  });
});

describe('the editor with content outside the project (sitegen dev --content)', () => {
  it('says why it cannot open, and starts no local backend', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'sitegen-editor-content-'));
    const content = join(outside, 'content');
    const log: string[] = [];
    let server: DevServer | undefined;
    try {
      await cp(contentFile(''), content, { recursive: true });
      const options = { root: project.dir, content, port: 0, host: '127.0.0.1', leadsDir: null };
      server = await startDevServer({ ...options, log: (line) => log.push(line) });
      const response = await fetch(server.editorUrl);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(
        `the editor saves into the project's folder, and the content (${content}) is outside it (${project.dir})`,
      );
      expect(log.filter((line) => line.includes('decap-server'))).toEqual([]);
    } finally {
      await server?.close();
      await rm(outside, { recursive: true, force: true });
    }
  });
});
