/**
 * npm run bench, part four: a visitor's click from one page to the next, on
 * the built site served by `sitegen preview`, reached through a proxy that
 * holds every packet 50 ms each way (a phone's 100 ms round trip).
 *
 * For a link on each of five templates, each run opens the page in a new
 * tab of Chromium (with a window, on Xvfb), rests the pointer on the link
 * for a second and clicks it, with real input (xdotool): from the click to
 * the next page's first contentful paint (timeOrigin + max(FCP,
 * activationStart)). Then the same with the page's speculation rules taken
 * out: a plain navigation. DevTools is attached to a page only to read it,
 * before the pointer moves and after the page has changed: Chromium never
 * prerenders for a page DevTools is attached to.
 *
 * Targets: at most 100 ms from a click the visitor showed intent for, and
 * at most a third of the plain navigation (medians).
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { ensureSystemPackages, onPath } from '../scripts/system-packages.js';
import { startChromium, withPage } from './navigation/chromium.js';
import { startDelayProxy } from './navigation/delay-proxy.js';
import { median, verdict } from './measure.js';
import { benchProject, root } from './project.js';

/** A link on a page of each of five templates, to a page of another. */
const links = [
  { from: '/', to: '/case-studies', selector: 'main a[href="/case-studies"]' },
  { from: '/blog', to: '/blog/local-seo-tips', selector: 'main a[href="/blog/local-seo-tips"]' },
  { from: '/blog/google-ads-guide', to: '/contact', selector: 'main aside a[href="/contact"]' },
  { from: '/about', to: '/services/local-seo', selector: 'footer a[href="/services/local-seo"]' },
  { from: '/services/plumber', to: '/careers', selector: 'footer a[href="/careers"]' },
];
const runs = Number(process.env.BENCH_RUNS ?? 3);
const delayMs = 50;
/** How long the pointer rests on the link before the click: "about a second". */
const hoverMs = 1000;
/**
 * The windows a visitor's page is drawn in: a phone's width (as Lighthouse's
 * mobile emulation) and a laptop's. Chromium composites in software here (no
 * GPU): the view transition's frames cost more the more pixels they cover.
 * The last, a visitor who asks for reduced motion (no view transition), is
 * shown for comparison, without a target.
 */
const windows = [
  { name: 'phone-sized window, 412 × 915', width: 412, height: 915 },
  { name: 'laptop-sized window, 1280 × 900', width: 1280, height: 900 },
  { name: 'phone-sized, reduced motion', width: 412, height: 915, reducedMotion: true, informative: true },
];
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

ensureSystemPackages(
  [
    { package: 'chromium', what: `Chromium at ${chromiumPath}`, present: () => existsSync(chromiumPath) },
    { package: 'xvfb', what: 'Xvfb (a display for Chromium)', present: () => onPath('Xvfb') },
    { package: 'xdotool', what: 'xdotool (real pointer input)', present: () => onPath('xdotool') },
  ],
  'The navigation benchmark',
);

const work = await mkdtemp(join(tmpdir(), 'sitegen-navigation-'));
const stops = [];
try {
  const project = await benchProject(join(work, 'site'));
  await project.sitegen(['build', '--quiet', '--out', 'dist']);
  const preview = await startPreview(project);
  stops.push(preview.close);
  const proxy = await startDelayProxy({ host: '127.0.0.1', port: preview.port }, delayMs);
  stops.push(proxy.close);
  const origin = `http://127.0.0.1:${proxy.port}`;

  console.log(
    `navigation from a click to the next page's first paint, through sitegen preview and ${delayMs} ms each way (${links.length} links, ${runs} runs each, medians)`,
  );
  for (const window of windows) {
    // A screen the window's size: Chromium's kiosk window fills it, at its top left.
    const xvfb = await startXvfb(window);
    const display = xvfb.display;
    const xdotool = (...args) =>
      promisify(execFile)('xdotool', args.map(String), { env: { ...process.env, DISPLAY: display } });
    const browser = await startChromium({ path: chromiumPath, display, ...window });
    try {
      const samples = { intent: [], plain: [] };
      let prerendered = 0;
      for (let run = 0; run < runs; run += 1) {
        for (const link of links) {
          for (const mode of ['intent', 'plain']) {
            const sample = await navigate(browser, xdotool, origin, link, mode);
            samples[mode].push(sample.ms);
            if (mode === 'intent' && sample.prerendered) prerendered += 1;
          }
        }
      }
      report(window, samples, prerendered);
    } finally {
      await browser.close();
      await xvfb.close();
    }
  }
} finally {
  for (const stop of stops.reverse()) await stop();
  await rm(work, { recursive: true, force: true });
}

function report(window, samples, prerendered) {
  const intent = median(samples.intent);
  const plain = median(samples.plain);
  const ratio = plain / intent;
  const targets = window.informative
    ? ''
    : `   target ≤ 100 ms and ≥ 3× faster   ${verdict(intent <= 100 && ratio >= 3)}`;
  console.log(
    `  ${window.name.padEnd(32)} with intent ${intent.toFixed(0).padStart(4)} ms, plain ${plain.toFixed(0).padStart(4)} ms (${ratio.toFixed(1)}× faster)${targets}`,
  );
  console.log(
    `    prerendered and shown: ${prerendered} of ${samples.intent.length}; with intent: ${samples.intent.map((ms) => ms.toFixed(0)).join(' ')}; plain: ${samples.plain.map((ms) => ms.toFixed(0)).join(' ')}`,
  );
}

/**
 * One click: the page opened in a new tab; read (attached), then the
 * pointer rests on the link and clicks (nothing attached); then the next
 * page read (attached again). `plain` takes the page's speculation rules
 * out first.
 */
async function navigate(browser, xdotool, origin, link, mode) {
  const { targetId } = await browser.send('Target.createTarget', { url: `${origin}${link.from}` });
  // In front: a tab behind another draws no frames.
  await browser.send('Target.activateTarget', { targetId });
  const point = await withPage(browser, targetId, async (evaluate) => {
    await shows(evaluate, `${origin}${link.from}`);
    return evaluate(`(async () => {
      if (document.readyState !== 'complete') await new Promise((done) => addEventListener('load', done, { once: true }));
      ${mode === 'plain' ? 'document.querySelector(\'script[type="speculationrules"]\').remove();' : ''}
      localStorage.removeItem('bench-click');
      // The click's time, for the next page to be measured from: the same clock, kept where that page can read it.
      addEventListener('click', (event) => localStorage.setItem('bench-click', String(performance.timeOrigin + event.timeStamp)), { capture: true, once: true });
      const link = document.querySelector(${JSON.stringify(link.selector)});
      link.scrollIntoView({ block: 'center' });
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const box = link.getBoundingClientRect();
      return { x: Math.round(screenX + box.left + box.width / 2), y: Math.round(screenY + outerHeight - innerHeight + box.top + box.height / 2) };
    })()`);
  });
  // From a corner first: xdotool's --sync waits for the pointer to move, forever if it is where it should go already.
  await xdotool('mousemove', '--sync', 2, 2);
  await xdotool('mousemove', '--sync', point.x, point.y);
  await sleep(hoverMs);
  await xdotool('click', 1);
  const next = await pageAt(browser, `${origin}${link.to}`);
  const read = await withPage(browser, next, (evaluate) =>
    evaluate(`(async () => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0] ?? await new Promise((done) =>
        new PerformanceObserver((list) => done(list.getEntriesByName('first-contentful-paint')[0])).observe({ type: 'paint', buffered: true }));
      const activationStart = performance.getEntriesByType('navigation')[0].activationStart ?? 0;
      return { origin: performance.timeOrigin, paint: paint.startTime, activationStart, click: Number(localStorage.getItem('bench-click')) };
    })()`),
  );
  await browser.send('Target.closeTarget', { targetId: next });
  if (!read.click) throw new Error(`no click was seen on ${link.from}: was the pointer on the link?`);
  return {
    ms: read.origin + Math.max(read.paint, read.activationStart) - read.click,
    prerendered: read.activationStart > 0,
  };
}

/** Waits until the page attached to shows `url` (a new tab shows about:blank first; its document is replaced as it loads). */
async function shows(evaluate, url) {
  for (let waited = 0; waited < 10_000; waited += 20) {
    const href = await evaluate('location.href').catch(() => undefined);
    if (href === url) return;
    await sleep(20);
  }
  throw new Error(`the tab never showed ${url}`);
}

/** The tab's page once it shows `url` (a prerendered page becomes the tab's when shown). */
async function pageAt(browser, url) {
  for (let waited = 0; waited < 10_000; waited += 20) {
    const { targetInfos } = await browser.send('Target.getTargets');
    const page = targetInfos.find((info) => info.type === 'page' && info.url === url && info.subtype !== 'prerender');
    if (page) return page.targetId;
    await sleep(20);
  }
  throw new Error(`the click did not lead to ${url}`);
}

async function startPreview(project) {
  const server = spawn(
    process.execPath,
    [
      join(root, 'bin', 'sitegen.js'),
      'preview',
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--dir',
      'dist',
      '--leads-dir',
      'leads',
    ],
    { cwd: project.dir, env: project.env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /http:\/\/[^:\s]+:(\d+)\//.exec(out);
      if (match) resolve(Number(match[1]));
    });
    server.on('close', (code) => reject(new Error(`sitegen preview exited with ${code}`)));
  });
  return {
    port,
    close: async () => {
      server.kill('SIGTERM');
      await new Promise((resolve) => (server.exitCode === null ? server.on('close', resolve) : resolve()));
    },
  };
}

/** A virtual display of `screen`'s size; its number (Xvfb picks a free one). */
async function startXvfb(screen) {
  const xvfb = spawn(
    'Xvfb',
    ['-displayfd', '1', '-screen', '0', `${screen.width}x${screen.height}x24`, '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const number = await new Promise((resolve, reject) => {
    xvfb.stdout.on('data', (chunk) => resolve(chunk.toString().trim()));
    xvfb.on('close', (code) => reject(new Error(`Xvfb exited with ${code}`)));
  });
  return {
    display: `:${number}`,
    close: async () => {
      xvfb.kill('SIGTERM');
      await new Promise((resolve) => (xvfb.exitCode === null ? xvfb.on('close', resolve) : resolve()));
    },
  };
}
