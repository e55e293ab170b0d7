/**
 * `sitegen dev` as a server and in its terminal: it serves the site as
 * `sitegen preview` does, renders again only the pages an edit touches, takes
 * an article added or deleted while it runs, names the files an edit changed;
 * a broken file shows 'Unexpected Application Error!' with the message and the
 * file, and fixing it brings the page back.
 */
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorShown } from './support/dev-copy';
import { article, content, dev, edit, lines, openDevPage, useDevOnContentCopy } from './support/dev-session';

// The live project's settings, as a .env kept for deploying holds them: dev's forms still post to dev.
useDevOnContentCopy({
  env: { SUPABASE_URL: 'https://abcd.supabase.co', SUPABASE_ANON_KEY: 'live-anon-key' },
  leads: true,
});

describe('sitegen dev, as a server and in its terminal', () => {
  it("names the files an edit changed in the terminal, not an editor's scratch files", async () => {
    const from = lines.length;
    // vim's check that it may write in the folder, then sed's way of saving: a new file renamed over the old.
    await writeFile(join(content, 'blog', '4913'), '');
    await unlink(join(content, 'blog', '4913'));
    const text = await readFile(article(), 'utf8');
    await writeFile(join(content, 'blog', 'sedAb12Cd'), text.replace(/^readTime: \d+/m, 'readTime: 7'));
    // As a loaded machine can take it: a rebuild between sed's write and its rename, the scratch file still there.
    await new Promise((done) => setTimeout(done, 200));
    await dev.idle();
    await rename(join(content, 'blog', 'sedAb12Cd'), article());
    // Waited for by its line: on a loaded machine the folder's events can come after an idle-looking moment.
    const named = /content\/blog\/google-ads-guide\.md → \d+ pages? in \d+ ms$/;
    await expect.poll(() => lines.slice(from).some((line) => named.test(line)), { timeout: 15_000 }).toBe(true);
    await dev.idle();
    expect(lines.slice(from).filter((line) => /4913|sedAb12Cd/.test(line))).toEqual([]);
  });

  it('a broken file shows the error page with the message and the file; fixing it brings the page back', async () => {
    const { page } = await openDevPage('/blog/google-ads-guide');
    const good = await readFile(article(), 'utf8');
    await edit((text) => text.replace(/^readTime: \d+/m, 'readTime: "eight"'));
    await errorShown(page);
    expect(await page.locator('#message').textContent()).toBe(
      `${join(content, 'blog', 'google-ads-guide.md')}: front matter: readTime: expected a number of minutes, found "eight"`,
    );
    expect(await page.locator('#file').textContent()).toContain('google-ads-guide.md');
    await dev.idle();
    expect(lines.at(-1)).toContain('error: ');
    expect(lines.at(-1)).toContain('readTime: expected a number of minutes');
    // Saved again as it is, the error still stands: the terminal has said so once.
    await edit((text) => text);
    await dev.idle();
    expect(lines.filter((line) => line.includes('readTime: expected a number of minutes'))).toHaveLength(1);

    // Every page shows the error while the site cannot be built, and the server stays up.
    const other = await page.request.get(`${dev.url}/about`);
    expect(other.status()).toBe(500);
    expect(await other.text()).toContain('Unexpected Application Error!');

    const fixedFrom = lines.length;
    await writeFile(article(), good);
    await page.waitForFunction(
      () => document.querySelector('h1')?.textContent?.startsWith('Google Ads for Tradespeople'),
      undefined,
      { timeout: 10_000 },
    );
    await dev.idle();
    expect(lines.slice(fixedFrom)).toContainEqual(
      expect.stringMatching(/→ (no page changed|\d+ pages?) in \d+ ms \(fixed\)$/),
    );
  });

  it('serves the site as preview does: clean URLs, 404 with status 404, _headers, and the lead endpoint', async () => {
    // As preview does, it says at start where leads go: here, whatever SUPABASE_URL says.
    expect(lines).toContain(
      '  leads      the forms post here, not to SUPABASE_URL (https://abcd.supabase.co): test leads stay on this machine',
    );
    expect(lines).toContain(
      '  leads      not sent on (set LEAD_WEBHOOK_URL or RESEND_API_KEY, LEAD_EMAIL_TO, LEAD_EMAIL_FROM); at most 5 per client in 600 s',
    );
    const contact = await fetch(`${dev.url}/contact`);
    expect(contact.headers.get('content-security-policy')).toContain("connect-src 'self';");
    expect(await contact.text()).toContain('&quot;endpoint&quot;:{&quot;url&quot;:&quot;/functions/v1&quot;');
    // What the server answers, as any client sees it: no page needed.
    const about = await fetch(`${dev.url}/about`);
    expect(about.status).toBe(200);
    expect(about.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await about.text()).toContain('<script type="module" src="/__sitegen/reload.js"></script>');
    // Stable asset names in dev, so the browser must check them every time rather than keep them a year.
    const stylesheet = await fetch(`${dev.url}/assets/styles.css`);
    expect(stylesheet.headers.get('cache-control')).toBe('no-cache');
    const missing = await fetch(`${dev.url}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Oops! Page not found');
    const lead = await fetch(`${dev.url}/functions/v1/contact-form`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        form_type: 'newsletter',
        email: 'dev@example.co.uk',
        submission_id: '0b8e4f5a-1c2d-4e3f-9a8b-7c6d5e4f3a2b',
        website: '',
      }),
    });
    expect(await lead.json()).toEqual({ success: true });
    // Found by its submission, whatever else the server has stored.
    const stored = await (
      await dev.leads()
    ).query("select email from leads where submission_id = '0b8e4f5a-1c2d-4e3f-9a8b-7c6d5e4f3a2b'");
    expect(stored.rows).toEqual([{ email: 'dev@example.co.uk' }]);
    await dev.idle();
    expect(lines.filter((line) => line.includes(' new sign-up ') && line.includes('dev@example.co.uk'))).toEqual([
      expect.stringMatching(
        /^ {2}\d\d:\d\d:\d\d new sign-up #\d+ \(newsletter form\) from dev@example\.co\.uk: notifications off$/,
      ),
    ]);
  });

  it('re-renders only the pages an edit touches: an excerpt is shown by the blog and its category, not by its article', async () => {
    const excerpt = 'A shorter excerpt, edited again while the dev server runs.';
    const from = lines.length;
    await edit((text) => text.replace(/^excerpt: .*$/m, `excerpt: "${excerpt}"`));
    await dev.idle();
    // The pages whose fingerprint changed, whose HTML the server forgets: the blog's and its category's alone.
    expect(lines.slice(from)).toContainEqual(
      expect.stringMatching(/content\/blog\/google-ads-guide\.md → 2 pages in \d+ ms$/),
    );
    expect(dev.site.page('/blog')).toContain(excerpt);
    expect(dev.site.page('/blog/google-ads-guide')).not.toContain(excerpt);
  });

  it('serves an article added while it runs and forgets it once deleted; an editor saving by renaming over a file is an edit', async () => {
    const added = join(content, 'blog', 'added-while-running.md');
    const text = (await readFile(article(), 'utf8'))
      .replace(/^slug: .*$/m, 'slug: "added-while-running"')
      .replace(/^title: .*$/m, 'title: "Added While the Dev Server Ran"')
      .replace(
        /^description: .*$/m,
        'description: "An article added while the dev server ran, with its own description."',
      );
    await writeFile(added, text);
    await dev.idle();
    await expect.poll(async () => (await fetch(`${dev.url}/blog/added-while-running`)).status).toBe(200);
    expect(await (await fetch(`${dev.url}/blog`)).text()).toContain('Added While the Dev Server Ran');

    // Written beside it and renamed over it, as editors that save atomically do.
    const copy = join(content, 'blog', '.added-while-running.md.tmp');
    await writeFile(copy, text.replace('Added While the Dev Server Ran', 'Renamed Over While the Dev Server Ran'));
    await rename(copy, added);
    await dev.idle();
    await expect
      .poll(async () => (await fetch(`${dev.url}/blog/added-while-running`)).text())
      .toContain('Renamed Over While the Dev Server Ran');

    await unlink(added);
    await dev.idle();
    await expect.poll(async () => (await fetch(`${dev.url}/blog/added-while-running`)).status).toBe(404);
    expect(await (await fetch(`${dev.url}/blog`)).text()).not.toContain('Renamed Over While the Dev Server Ran');
  });
});
