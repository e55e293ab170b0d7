/**
 * The budgets gate of `sitegen check`, on copies of the good build changed on
 * purpose: it fails on a script too heavy, at load or on a form's first use,
 * on one a page loads and does not use and on a chunk missing from the build, naming the page, the rule and the
 * script; a long article passes, its Markdown body aside, where the templates'
 * markup grown fails; a photo shown whole that a phone should not load fails.
 */
import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { brokenCopy, copyOfBuild, gate, gateTimeout, removeCopies } from '../support/check-gates';

afterAll(removeCopies);

describe.concurrent('budgets', { timeout: gateTimeout }, () => {
  it('fails on an oversized script, on every page that loads it', async () => {
    const dir = await copyOfBuild();
    const menus = (await readdir(join(dir, 'assets'))).find((file) => file.startsWith('menus-'))!;
    // Random bytes do not compress: 12 KB of them, as base64, stay about 12 KB gzipped.
    const noise = randomBytes(12 * 1024).toString('base64');
    await appendFile(join(dir, 'assets', menus), `\nconsole.log("${noise}");\n`);
    const result = await gate('budgets', dir);
    const oversized = result.findings.filter((finding) => finding.rule === 'js-size');
    expect(oversized).toHaveLength(54);
    expect(oversized.find((finding) => finding.page === '/about')?.message).toMatch(
      /^JavaScript at load is \d+\.\d KB gzipped, over 7\.0 KB$/,
    );
  });

  it("fails a form's first use past its budget, counting the code that sends, two import()s deep, and not the page's load", async () => {
    const dir = await copyOfBuild();
    const assets = join(dir, 'assets');
    const files = (await readdir(assets)).filter((file) => file.endsWith('.js'));
    const texts = await Promise.all(files.map((file) => readFile(join(assets, file), 'utf8')));
    // functions-js's header: the chunk the form's own code imports when it is first sent.
    const sender = files[texts.findIndex((text) => text.includes('x-region'))]!;
    await appendFile(join(assets, sender), `\nconsole.log("${randomBytes(12 * 1024).toString('base64')}");\n`);
    const result = await gate('budgets', dir);
    const lazy = result.findings.filter((finding) => finding.rule === 'js-lazy-size');
    expect(lazy.map((finding) => finding.page)).toEqual(expect.arrayContaining(['/', '/contact', '/blog']));
    expect(lazy.map((finding) => finding.page)).not.toContain('/about');
    expect(lazy[0]!.message).toMatch(/^JavaScript loaded on first use is \d+\.\d KB gzipped, over 14\.0 KB$/);
    expect(result.findings.filter((finding) => finding.rule === 'js-size')).toEqual([]);
  });

  it('counts a chunk the scripts import statically though the page does not preload it', async () => {
    const dir = await copyOfBuild();
    const about = await readFile(join(dir, 'about.html'), 'utf8');
    const [preload, chunk] = /<link rel="modulepreload" href="\/assets\/(chunk-\w+\.js)"[^>]*>/.exec(about)!;
    await writeFile(join(dir, 'about.html'), about.replace(preload, ''));
    await appendFile(join(dir, 'assets', chunk!), `\nconsole.log("${randomBytes(12 * 1024).toString('base64')}");\n`);
    const result = await gate('budgets', dir);
    expect(result.findings.find((finding) => finding.page === '/about' && finding.rule === 'js-size')?.message).toMatch(
      /^JavaScript at load is \d+\.\d KB gzipped, over 7\.0 KB$/,
    );
  });

  it('counts and flags a script loaded another way, and names a chunk the scripts import that is not in the build', async () => {
    const dir = await brokenCopy([
      'about.html',
      (html) => html.replace('</head>', '<script src="/assets/big.js" defer></script></head>'),
    ]);
    await writeFile(join(dir, 'assets', 'big.js'), `console.log("${randomBytes(12 * 1024).toString('base64')}");\n`);
    const chunk = (await readdir(join(dir, 'assets'))).find((file) => file.startsWith('chunk-'))!;
    await rm(join(dir, 'assets', chunk));
    const result = await gate('budgets', dir);
    const about = result.findings.filter((finding) => finding.page === '/about');
    expect(about.find((finding) => finding.rule === 'js-size')?.message).toMatch(
      /^JavaScript at load is \d+\.\d KB gzipped, over 7\.0 KB$/,
    );
    expect(about).toEqual(
      expect.arrayContaining([
        {
          page: '/about',
          rule: 'unused-script',
          message:
            "/assets/big.js loads as a classic script or preload, as none of the site's islands and enhancements does",
          fix: 'load browser code as the module scripts the build places',
          target: '/assets/big.js',
        },
      ]),
    );
    expect(result.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          rule: 'asset-missing',
          message: `/assets/${chunk} is imported by the page's scripts but is not in the build`,
          fix: 'rebuild the site',
          target: `/assets/${chunk}`,
        }),
      ]),
    );
  });

  it("passes a long article, its Markdown body aside, and fails the templates' markup grown on an article page", async () => {
    // Words that barely compress: as much, gzipped, as a pillar article of 10,000 words and more.
    const words = (bytes: number) => randomBytes(bytes).toString('base64').replace(/.{8}/g, '$& ');
    const dir = await brokenCopy(
      ['blog/local-seo-tips.html', (html) => html.replace('<div class="prose mt-10">', `$&<p>${words(24 * 1024)}</p>`)],
      ['blog/google-ads-guide.html', (html) => html.replace('</footer>', `<p>${words(12 * 1024)}</p>$&`)],
    );
    const result = await gate('budgets', dir);
    expect(result.findings).toEqual([
      {
        page: '/blog/google-ads-guide',
        rule: 'html-size',
        message: expect.stringMatching(/^HTML, its Markdown body aside, is \d+\.\d KB gzipped, over 14\.0 KB$/),
        fix: "shorten the templates' markup",
        target: 'blog/google-ads-guide.html',
      },
    ]);
  });

  it('fails on a script the page does not use, and on a chunk it preloads that none of its scripts imports', async () => {
    const dir = await brokenCopy([
      'about.html',
      (html) =>
        html.replace(
          /<script type="module" src="(\/assets\/)menus-(\w+)\.js"><\/script>/,
          (tag) => `${tag}${tag.replace('menus-', 'not-found-')}`,
        ),
    ]);
    const assets = await readdir(join(dir, 'assets'));
    const notFound = assets.find((file) => file.startsWith('not-found-'))!;
    const form = assets.find((file) => file.startsWith('EnquiryForm-'))!;
    await writeFile(
      join(dir, 'about.html'),
      (await readFile(join(dir, 'about.html'), 'utf8'))
        .replace(/\/assets\/not-found-\w+\.js/, `/assets/${notFound}`)
        .replace('</head>', `<link rel="modulepreload" href="/assets/${form}"></head>`),
    );
    const result = await gate('budgets', dir);
    expect(result.findings).toEqual([
      expect.objectContaining({ page: '/about', rule: 'unused-script', target: `/assets/${notFound}` }),
      {
        page: '/about',
        rule: 'unused-preload',
        message: `/assets/${form} is preloaded but none of the page's scripts imports it`,
        fix: "preload only chunks the page's scripts import",
        target: `/assets/${form}`,
      },
    ]);
  });

  it('fails on a photo of public/ in a body heavier than 400 KB, which every screen loads whole, and not on one within it or one offered at smaller sizes', async () => {
    const img = (src: string, more = '') => `<img loading="lazy" decoding="async" src="${src}"${more} alt="Our van">`;
    const dir = await brokenCopy([
      'blog/local-seo-tips.html',
      (html) =>
        html.replace(
          '<div class="prose mt-10">',
          `$&<p>${img('/photos/our%20van.jpg')} ${img('/photos/small.jpg')} ${img('/photos/our%20van.jpg', ' srcset="/photos/small.jpg 800w"')}</p>`,
        ),
    ]);
    await mkdir(join(dir, 'photos'));
    await writeFile(join(dir, 'photos', 'our van.jpg'), randomBytes(401 * 1024));
    await writeFile(join(dir, 'photos', 'small.jpg'), randomBytes(400 * 1024));
    const result = await gate('budgets', dir);
    expect(result.findings).toEqual([
      {
        page: '/blog/local-seo-tips',
        rule: 'image-size',
        message:
          'image /photos/our%20van.jpg is 401.0 KB, over 400.0 KB: no smaller size is offered, so every screen loads it whole',
        fix: 'save it at most 1,500 pixels wide (twice the widest a page draws it), as JPEG (quality 80) or WebP',
        target: '/photos/our%20van.jpg',
      },
    ]);
  });
});
