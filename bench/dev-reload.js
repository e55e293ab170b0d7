/**
 * npm run bench, part three: `sitegen dev` on the 54-page site and on the
 * same site with 4,000 generated articles (as bench:scale makes them):
 *
 * - ready: from starting the command to the first page served, medians of
 *   several starts (the content index and asset cache of a first start kept,
 *   as a developer's are from one day to the next);
 * - save to shown: from saving an article to its new title in an open
 *   browser, medians of several edits. When the dev client swaps the page in
 *   place a MutationObserver sees it; after a full reload, the new
 *   document's navigation timing says when it was parsed.
 *
 * Targets: the 54-page site's edits under 150 ms; at 4,000 articles, ready
 * within 0.5 s, and edits within 1.5 times the small site's and under 150 ms.
 */
import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { median, verdict } from './measure.js';
import { benchProject, root } from './project.js';

const runs = Number(process.env.BENCH_RUNS ?? 7);
const work = await mkdtemp(join(tmpdir(), 'sitegen-dev-bench-'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

/** Starts `sitegen dev` in a project; resolves once it answers a page, with the time that took. */
async function startDev(project) {
  const started = performance.now();
  const dev = spawn(
    join(root, 'bin', 'sitegen.js'),
    ['dev', '--port', '0', '--host', '127.0.0.1', '--leads-dir', join(project.dir, 'leads')],
    {
      cwd: project.dir,
      env: project.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise((resolve, reject) => {
    let out = '';
    dev.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /sitegen dev: (http:\/\/\S+?)\/\s/.exec(out);
      if (match) resolve(match[1]);
    });
    dev.on('close', (code) => reject(new Error(`sitegen dev exited with ${code}`)));
  });
  for (;;) {
    const response = await fetch(`${url}/`).catch(() => undefined);
    if (response?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const ready = performance.now() - started;
  const stop = async () => {
    dev.kill('SIGTERM');
    await new Promise((resolve) => (dev.exitCode === null ? dev.on('close', resolve) : resolve()));
  };
  return { url, ready, stop };
}

/** Median time from saving an article to its new title in the open browser. */
async function saveToShown(project, url, slug) {
  const article = join(project.content, 'blog', `${slug}.md`);
  const page = await browser.newPage();
  await page.route(/^https:\/\/images\.unsplash\.com\//, (route) => route.abort());
  await page.goto(`${url}/blog/${slug}`);
  // The watcher takes a moment to start after the server is ready.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const original = await readFile(article, 'utf8');
  const samples = [];
  try {
    for (let run = 0; run <= runs; run += 1) {
      const title = `Edited in the Dev Server: Edit ${run}`;
      await page.evaluate((expected) => {
        window.benchShown = new Promise((resolve) => {
          const observer = new MutationObserver(() => {
            if (document.querySelector('h1')?.textContent !== expected) return;
            observer.disconnect();
            resolve(performance.timeOrigin + performance.now());
          });
          observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
        });
      }, title);
      const saved = Date.now();
      await writeFile(article, original.replace(/^title: .*$/m, `title: "${title}"`));
      await page.waitForFunction((expected) => document.querySelector('h1')?.textContent === expected, title, {
        timeout: 10_000,
      });
      const shown = await page.evaluate(
        () =>
          window.benchShown ??
          performance.timeOrigin + performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
      );
      // The first edit warms the server's caches; it is not counted.
      if (run > 0) samples.push(shown - saved);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await writeFile(article, original);
    await page.close();
  }
  return { ms: median(samples), samples };
}

async function measureSite(name, project, slug) {
  // The first start makes the content index and the asset cache; the measured ones start from them.
  const first = await startDev(project);
  await first.stop();
  const readies = [];
  for (let run = 0; run < Math.min(runs, 5); run += 1) {
    const dev = await startDev(project);
    readies.push(dev.ready);
    await dev.stop();
  }
  const dev = await startDev(project);
  try {
    const edits = await saveToShown(project, dev.url, slug);
    return { name, ready: median(readies), readies, ...edits };
  } finally {
    await dev.stop();
  }
}

try {
  const small = await measureSite('54 pages', await benchProject(join(work, 'small')), 'google-ads-guide');
  const large = await measureSite(
    '4,000 more articles',
    await benchProject(join(work, 'large'), { articles: 4000 }),
    'trade-marketing-note-02000',
  );
  console.log(`sitegen dev (${runs} edits, median; starts: median of ${small.readies.length})`);
  for (const site of [small, large]) {
    console.log(
      `  ${site.name.padEnd(20)} ready ${site.ready.toFixed(0).padStart(4)} ms   save → shown ${site.ms.toFixed(0).padStart(4)} ms   (edits: ${site.samples.map((sample) => sample.toFixed(0)).join(' ')})`,
    );
  }
  console.log(`  54 pages: save → shown ${small.ms.toFixed(0)} ms (< 150) ${verdict(small.ms < 150)}`);
  console.log(
    `  4,000 articles: save → shown ${large.ms.toFixed(0)} ms (< 150 and ≤ 1.5 × ${small.ms.toFixed(0)}) ${verdict(large.ms < 150 && large.ms <= 1.5 * small.ms)}`,
  );
  console.log(`  4,000 articles: ready ${large.ready.toFixed(0)} ms (< 500) ${verdict(large.ready < 500)}`);
} finally {
  await browser.close();
  await rm(work, { recursive: true, force: true });
}
