/**
 * npm run bench, part three: how long from saving an article to seeing it in
 * the browser with `sitegen dev`. Target: 150 ms on a 2-core machine.
 * Each run edits a copy of the content and times from the write to the
 * moment the new title is in the page: when the dev client swaps the page in
 * place, a MutationObserver sees it; after a full reload, the new document's
 * navigation timing says when it was parsed.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { median, verdict } from './measure.js';

const runs = Number(process.env.BENCH_RUNS ?? 7);
const root = fileURLToPath(new URL('..', import.meta.url));
const work = await mkdtemp(join(tmpdir(), 'sitegen-dev-bench-'));
const content = join(work, 'content');
const article = join(content, 'blog', 'google-ads-guide.md');
await cp(join(root, 'content'), content, { recursive: true });

const dev = spawn(process.execPath, ['bin/sitegen.js', 'dev', '--port', '0', '--host', '127.0.0.1', '--content', content, '--leads-dir', join(work, 'leads')], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const url = await new Promise((resolve, reject) => {
    let out = '';
    dev.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /sitegen dev: (http:\/\/\S+?)\/\s/.exec(out);
      if (match && out.includes('ready in')) resolve(match[1]);
    });
    dev.on('close', (code) => reject(new Error(`sitegen dev exited with ${code}`)));
  });
  const page = await browser.newPage();
  await page.route(/^https:\/\/images\.unsplash\.com\//, (route) => route.abort());
  await page.goto(`${url}/blog/google-ads-guide`);
  const original = await readFile(article, 'utf8');
  const samples = [];
  for (let run = 0; run <= runs; run += 1) {
    const title = `Google Ads for Tradespeople: Edit ${run}`;
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
    await page.waitForFunction((expected) => document.querySelector('h1')?.textContent === expected, title, { timeout: 10_000 });
    const shown = await page.evaluate(() => window.benchShown ?? performance.timeOrigin + performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd);
    // The first edit warms the server's caches; it is not counted.
    if (run > 0) samples.push(shown - saved);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const ms = median(samples);
  console.log(`sitegen dev: article saved → shown in the browser (${runs} edits, median)`);
  console.log(`  latency      ${ms.toFixed(0)} ms   target < 150 ms   ${verdict(ms < 150)}`);
  console.log(`  runs (ms)    ${samples.map((sample) => sample.toFixed(0)).join(' ')}`);
} finally {
  await browser.close();
  dev.kill('SIGTERM');
  await new Promise((resolve) => (dev.exitCode === null ? dev.on('close', resolve) : resolve()));
  await rm(work, { recursive: true, force: true });
}
