/**
 * `sitegen dev` in a real browser: an edit to (a copy of) the content shows in
 * the pages open on it without a manual reload, swapped in place, each page
 * told of the edits that change it alone, its scripts and toasts alive again
 * after; an edit of the stylesheet and a restarted server show too.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startDevServer } from '../../src/dev/dev-server';
import { devScripts } from '../../src/dev/reload-client';
import { copyProject } from '../support/project-copy';
import { anotherTab, openPage, wide } from './support/browser';
import {
  content,
  dev,
  edit,
  editContactHeading,
  lines,
  openDevPage,
  save,
  useDevOnContentCopy,
} from './support/dev-session';
import { testLeadSettings } from './support/preview';
import { toast } from './support/toasts';

useDevOnContentCopy({ leads: true });

describe('sitegen dev, in the pages open on it', () => {
  it('shows an edited article without a manual reload, and the terminal says what was rebuilt', async () => {
    const { page, problems } = await openDevPage('/blog/google-ads-guide');
    expect(await page.locator('h1').textContent()).toBe('Google Ads for Tradespeople: Pay for Leads, Not Clicks');
    const from = lines.length;
    await edit((text) => text.replace(/^title: .*$/m, 'title: "Google Ads for Tradespeople: Live From the Editor"'));
    await page.waitForFunction(
      () => document.querySelector('h1')?.textContent === 'Google Ads for Tradespeople: Live From the Editor',
      undefined,
      { timeout: 10_000 },
    );
    expect(await page.title()).toBe('Google Ads for Tradespeople: Live From the Editor');
    await dev.idle();
    // Its page, the blog's and its category's, which list it. A write the watcher sees twice is rebuilt twice, the
    // second time with nothing to render: the line is among those since the edit.
    expect(lines.slice(from)).toContainEqual(
      expect.stringMatching(/^ {2}\d\d:\d\d:\d\d .*content\/blog\/google-ads-guide\.md → 3 pages in \d+ ms$/),
    );
    expect(problems).toEqual([]);
  });

  it('swaps the page in place at every edit, not only the first: the page is not loaded again, and keeps its scroll', async () => {
    const { page, problems } = await openDevPage('/blog/google-ads-guide');
    // What a reload would lose: a value of the page's own window, and the place the reader had scrolled to.
    await page.evaluate(() => {
      (window as Window & { openedOnce?: boolean }).openedOnce = true;
      window.scrollTo(0, 900);
    });
    for (const title of ['Google Ads for Tradespeople: First Edit', 'Google Ads for Tradespeople: Second Edit']) {
      await edit((text) =>
        text
          .replace(/^title: .*$/m, `title: "${title}"`)
          .replace(
            /^description: .*$/m,
            `description: "Budgets, keywords and call tracking for UK trades, described again at the ${title.split(': ')[1]}."`,
          ),
      );
      await page.waitForFunction((title) => document.querySelector('h1')?.textContent === title, title, {
        timeout: 10_000,
      });
      await dev.idle();
    }
    expect(await page.evaluate(() => (window as Window & { openedOnce?: boolean }).openedOnce)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(900);
    // The head's description of the page is taken with its body, once.
    expect(
      await page
        .locator('meta[name="description"]')
        .evaluateAll((metas) => metas.map((meta) => meta.getAttribute('content'))),
    ).toEqual(['Budgets, keywords and call tracking for UK trades, described again at the Second Edit.']);
    expect(problems).toEqual([]);
  });

  it('takes an edit saved while the page was on its way, as soon as the page listens', async () => {
    const { page, problems } = await openPage(wide);
    const title = 'Google Ads for Tradespeople: Saved While It Loaded';
    // The page as the server made it before the edit, held until the rebuild that follows the edit has finished.
    await page.route(
      `${dev.url}/blog/google-ads-guide`,
      async (route) => {
        const response = await route.fetch();
        await edit((text) => text.replace(/^title: .*$/m, `title: "${title}"`));
        await dev.idle();
        await route.fulfill({ response });
      },
      { times: 1 },
    );
    await page.goto(`${dev.url}/blog/google-ads-guide`);
    await page.waitForFunction((title) => document.querySelector('h1')?.textContent === title, title, {
      timeout: 10_000,
    });
    expect(problems).toEqual([]);
  });

  it('tells only the pages an edit changed: another open page keeps what the visitor typed in it', async () => {
    const contact = await openDevPage('/contact');
    const name = contact.page.locator('main form').getByLabel('Full name');
    await name.fill('Typed by a visitor');
    let fetched = 0;
    contact.page.on('request', (request) => {
      if (request.url() === `${dev.url}/contact`) fetched += 1;
    });
    const { page, problems } = await openDevPage('/blog/google-ads-guide');
    const contactText = await readFile(join(content, 'pages', 'contact.json'), 'utf8');
    try {
      await edit((text) => text.replace(/^title: .*$/m, 'title: "Google Ads for Tradespeople: Told to Its Pages"'));
      await page.waitForFunction(
        () => document.querySelector('h1')?.textContent === 'Google Ads for Tradespeople: Told to Its Pages',
        undefined,
        { timeout: 10_000 },
      );
      await dev.idle();
      expect(await name.inputValue()).toBe('Typed by a visitor');
      // An edit of the contact page is told to it: its page is fetched once, for that edit, and not before.
      await editContactHeading(contact.page, 'Grow Your Business With Us');
      expect(fetched).toBe(1);
    } finally {
      await save('pages/contact.json', contactText);
      await dev.idle();
    }
    expect([...problems, ...contact.problems]).toEqual([]);
  });

  // Eight pages loaded, each step given up to 10 s: past the default time a test may take on a busy machine.
  it('serves more tabs of one browser than it opens connections to a server (six), each told of its edits', async () => {
    const { page: first, problems } = await openPage(wide);
    const others = await Promise.all(Array.from({ length: 7 }, () => anotherTab(first.context())));
    const tabs = [first, ...others.map((tab) => tab.page)];
    const before = dev.pagesListening();
    for (const [index, tab] of tabs.entries()) {
      await tab.goto(`${dev.url}${index === 7 ? '/blog/google-ads-guide' : '/about'}`, { timeout: 10_000 });
      await expect.poll(() => dev.pagesListening(), { timeout: 10_000 }).toBe(before + index + 1);
    }
    const title = 'Google Ads for Tradespeople: Told in the Eighth Tab';
    await edit((text) => text.replace(/^title: .*$/m, `title: "${title}"`));
    await tabs[7]!.waitForFunction((title) => document.querySelector('h1')?.textContent === title, title, {
      timeout: 10_000,
    });
    expect([...problems, ...others.flatMap((tab) => tab.problems)]).toEqual([]);
  }, 120_000);

  it('takes a page renamed with its old slug kept to its new address, where it is told of the next edit', async () => {
    const { page, problems } = await openDevPage('/blog/google-ads-guide');
    await edit((text) =>
      text.replace('slug: "google-ads-guide"', 'slug: "google-ads-for-trades"\naliases: ["google-ads-guide"]'),
    );
    await page.waitForURL(`${dev.url}/blog/google-ads-for-trades`, { timeout: 10_000 });
    const title = 'Google Ads for Tradespeople: Told at Its New Address';
    await edit((text) => text.replace(/^title: .*$/m, `title: "${title}"`));
    await page.waitForFunction((title) => document.querySelector('h1')?.textContent === title, title, {
      timeout: 10_000,
    });
    expect(problems).toEqual([]);
  });

  it('shows the edit on a page gone back to, which the browser kept as it was', async () => {
    const { page, problems } = await openDevPage('/blog/google-ads-guide');
    await page.locator('main a[href="/blog/website-design-mistakes"]').first().click();
    await page.waitForURL(`${dev.url}/blog/website-design-mistakes`);
    const title = 'Google Ads for Tradespeople: Edited While Away';
    await edit((text) => text.replace(/^title: .*$/m, `title: "${title}"`));
    await dev.idle();
    await page.goBack();
    await page.waitForFunction((title) => document.querySelector('h1')?.textContent === title, title, {
      timeout: 10_000,
    });
    expect(problems).toEqual([]);
  });

  it('shows what a restarted sitegen dev serves in the pages left open', async () => {
    const project = await copyProject();
    const options = { root: project.dir, host: '127.0.0.1', leadsDir: null, log: () => {} };
    let own = await startDevServer({ ...options, port: 0 });
    try {
      const { page, problems } = await openPage(wide);
      await page.goto(`${own.url}/contact`);
      await expect.poll(() => own.pagesListening(), { timeout: 10_000 }).toBe(1);
      // The stream tells a page to try again half a second after it breaks, not a browser's 3 s: a restart shows sooner.
      const stream = (await fetch(`${own.url}${devScripts.events}`)).body!.getReader();
      expect(new TextDecoder().decode((await stream.read()).value)).toBe('retry: 500\n: connected\n\n');
      await stream.cancel();
      await own.close();
      const file = join(project.dir, 'content', 'pages', 'contact.json');
      const text = await readFile(file, 'utf8');
      await writeFile(file, text.replace(/("heading": )"Let's Grow Your Business Together"/, '$1"Restarted"'));
      own = await startDevServer({ ...options, port: Number(new URL(own.url).port) });
      await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Restarted', undefined, {
        timeout: 15_000,
      });
      // While no server listens, what the page asks for (its event stream, a script or page it fetches) is refused.
      expect(problems.filter((problem) => !problem.includes('ERR_CONNECTION_REFUSED'))).toEqual([]);
    } finally {
      await own.close();
      await project.remove();
    }
    // A project copied and two dev servers started for this test alone, as the stylesheet's test below.
  }, 60_000);

  it('after the page is swapped in place, its form says Success! again: the toasts come alive in the new page', async () => {
    const { page, problems } = await openDevPage('/contact');
    const send = async (name: string) => {
      const form = page.locator('main form');
      await form.getByLabel('Full name').fill(name);
      await form.getByLabel('Email address').fill('sarah@okaforelectrical.co.uk');
      await form.getByLabel('Phone number').fill('0115 496 0321');
      await form.getByLabel('Your trade').selectOption('heating');
      await form.getByRole('button', { name: /Send/ }).click();
      await expect.poll(() => toast(page).textContent(), { timeout: 10_000 }).toContain('Success!');
    };
    const contactText = await readFile(join(content, 'pages', 'contact.json'), 'utf8');
    try {
      await send('Sarah Okafor');
      // Closed, so that the Success! below can only be the new page's (a toast still shown moves into it).
      await toast(page).getByRole('button').click();
      expect(await toast(page).textContent()).toBe('');
      await editContactHeading(page, 'Grow Your Business With Us Today');
      expect(await toast(page).textContent()).toBe('');
      await send('Sarah Okafor, Again');
      const stored = await (
        await dev.leads()
      ).query("select name from leads where name like 'Sarah Okafor%' order by id");
      expect(stored.rows).toEqual([{ name: 'Sarah Okafor' }, { name: 'Sarah Okafor, Again' }]);
    } finally {
      await save('pages/contact.json', contactText);
      await dev.idle();
    }
    expect(problems).toEqual([]);
  });

  it('shows an edit of the stylesheet without a manual reload, keeping the scroll position', async () => {
    // The templates' folder is the project's: this dev server runs in a copy of its own.
    const project = await copyProject();
    const own = await startDevServer({
      root: project.dir,
      port: 0,
      host: '127.0.0.1',
      leadsDir: join(project.dir, '.sitegen', 'leads'),
      leadSettings: testLeadSettings,
      log: () => {},
    });
    try {
      const { page, problems } = await openPage(wide);
      const before = own.pagesListening();
      await page.goto(`${own.url}/about`);
      await expect.poll(() => own.pagesListening(), { timeout: 10_000 }).toBeGreaterThan(before);
      await page.evaluate(() => {
        (window as Window & { openedOnce?: boolean }).openedOnce = true;
        window.scrollTo(0, 1200);
      });
      const styles = join(project.dir, 'templates', 'styles.css');
      const original = await readFile(styles, 'utf8');
      const outline = () => page.evaluate(() => getComputedStyle(document.body).outlineWidth);
      // Edited twice: the second edit's rule, not the first's, and the stylesheet taken again in its place, not beside it.
      for (const width of ['7px', '9px']) {
        await writeFile(styles, `${original}\nbody {\n  outline: ${width} solid rgb(255, 0, 0);\n}\n`);
        await expect.poll(outline, { timeout: 10_000 }).toBe(width);
      }
      // Not loaded again: a reload would keep the scroll too, but not the window's own values.
      expect(await page.evaluate(() => (window as Window & { openedOnce?: boolean }).openedOnce)).toBe(true);
      expect(await page.evaluate(() => window.scrollY)).toBe(1200);
      expect(await page.locator('link[rel="stylesheet"]').count()).toBe(1);
      // What a visitor typed stays: the page takes the stylesheet alone, its body not swapped.
      const listening = own.pagesListening();
      await page.goto(`${own.url}/contact`);
      await expect.poll(() => own.pagesListening(), { timeout: 10_000 }).toBeGreaterThan(listening);
      const name = page.locator('form input[name="name"]').first();
      await name.fill('Dave the plumber');
      await writeFile(styles, `${original}\nbody {\n  outline: 5px solid rgb(255, 0, 0);\n}\n`);
      await expect.poll(outline, { timeout: 10_000 }).toBe('5px');
      expect(await name.inputValue()).toBe('Dave the plumber');
      expect(problems).toEqual([]);
    } finally {
      await own.close();
      await project.remove();
    }
    // A project copied and a dev server started for this test alone: a busy machine takes its time over both.
  }, 60_000);

  it('after the page is swapped in place, its scripts work again: the menus', async () => {
    const { page, problems } = await openDevPage('/blog');
    await edit((text) =>
      text.replace(/^excerpt: .*$/m, 'excerpt: "Edited in the dev server: the listing shows it at once."'),
    );
    await page.waitForFunction(
      () => document.body.textContent?.includes('Edited in the dev server: the listing shows it at once.'),
      undefined,
      { timeout: 10_000 },
    );
    const services = page.getByRole('navigation', { name: 'Main' }).locator('details[data-menu="services"] > summary');
    // The new body arrives first, then the menu script runs on it again and marks each menu closed.
    await expect.poll(() => services.getAttribute('aria-expanded')).toBe('false');
    // Opening on hover is the menu script's doing, so it shows the script runs on the new markup.
    await services.hover();
    await expect.poll(() => services.getAttribute('aria-expanded')).toBe('true');
    expect(problems).toEqual([]);
  });
});
