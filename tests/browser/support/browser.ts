/**
 * Pages in the shared Chromium, watched for what a visitor would notice:
 * console errors, uncaught exceptions and Content-Security-Policy violations.
 * Stock photos cannot load here, so they are answered with a blank image.
 * (answerStockPhotos: by the page's own DevTools session, the rest of its
 * requests left alone and its cache kept).
 */
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page, type Route } from 'playwright-core';
import { inject } from 'vitest';
import { answerStockPhotos } from '../../../src/check/chromium';
import { stockPhotoOrigin } from '../../../src/stock-photos';

// One connection per worker, kept from file to file (the browser layer loads modules once per worker).
let browser: Promise<Browser> | undefined;
const contexts: BrowserContext[] = [];

/** Closes the pages the file opened: close-pages.ts, the layer's setup file, calls it after every file. */
export async function closePages(): Promise<void> {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
}

export interface WatchedPage {
  page: Page;
  /** Console errors and page errors seen so far, as text. */
  problems: string[];
}

export interface PageOptions {
  width?: number;
  height?: number;
  javaScript?: boolean;
  hasTouch?: boolean;
  reducedMotion?: boolean;
  /** The stock photos' host out of reach (a company's firewall, the host down): each photo fails, where it is otherwise answered blank. */
  stockPhotosFail?: boolean;
  /** Each stock photo answered at the size its address asks for, as the host crops it: the page drawn as with the real photos. */
  stockPhotosSized?: boolean;
}

/** A page of its own, in a browser of its own (a context): what a test needs that changes the browser for good, such as a fake clock. */
export async function openPage(options: PageOptions = {}): Promise<WatchedPage> {
  browser ??= chromium.connect(inject('chromiumEndpoint'));
  const context = await (
    await browser
  ).newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    javaScriptEnabled: options.javaScript ?? true,
    hasTouch: options.hasTouch ?? false,
    // As most visitors: pages cross-fade as they move between them. Only a test of reduced motion asks for it.
    reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
  });
  contexts.push(context);
  return anotherTab(context, options);
}

/** Another page of the browser `context` (a second tab): its stock photos answered, and watched, as openPage's. */
export async function anotherTab(
  context: BrowserContext,
  options: Pick<PageOptions, 'stockPhotosFail' | 'stockPhotosSized'> = {},
): Promise<WatchedPage> {
  const page = await context.newPage();
  if (options.stockPhotosFail) await page.route(`${stockPhotoOrigin}/**`, (route) => route.abort());
  else if (options.stockPhotosSized) await page.route(`${stockPhotoOrigin}/**`, answerAtSize);
  else await answerStockPhotos(page);
  const problems: string[] = [];
  page.on('console', (message) => {
    // Chromium names a resource that failed to load only in the message's location: the problem names it too.
    const failed = message.text().startsWith('Failed to load resource') ? ` (${message.location().url})` : '';
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}${failed}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return { page, problems };
}

/**
 * A stock photo as a drawing of the width and height its address asks for: the blank image's own proportions, one pixel
 * square, would change the height of a photo whose box only its width and height attributes shape, once it arrived.
 */
function answerAtSize(route: Route): Promise<void> {
  const asked = new URL(route.request().url()).searchParams;
  const [width, height] = [asked.get('w'), asked.get('h')];
  return route.fulfill({
    contentType: 'image/svg+xml',
    body: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#789"/></svg>`,
  });
}

/** The page's CSS animations at fifty times their speed: a form's five seconds before its wait note pass in a tenth of one. */
export async function speedUpAnimations(page: Page): Promise<void> {
  const devTools = await page.context().newCDPSession(page);
  await devTools.send('Animation.enable');
  await devTools.send('Animation.setPlaybackRate', { playbackRate: 50 });
}

/** Holds back what the page asks for at URLs matching `pattern` from now on, until `release`; `asked` lists their paths. */
export async function holdBack(page: Page, pattern: string): Promise<{ asked: string[]; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route(pattern, async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    await released;
    await route.continue();
  });
  return { asked, release };
}

export const narrow = { width: 390, height: 844, hasTouch: true };
export const wide = { width: 1280, height: 900 };

/**
 * One page for the tests of a file that share these options, as a visitor
 * who comes back: opened on the first call; on each later call, the same
 * page with the cookies and storage of every site it went to emptied, and no
 * problems noted. Its cache is kept, as a returning visitor's is. Opening a
 * page costs more than most tests' own steps. A test that changes the
 * browser for good (a fake clock, an init script) opens its own (openPage).
 */
export function reusedPage(options: PageOptions = {}): () => Promise<WatchedPage> {
  let opened: Promise<{ watched: WatchedPage; cdp: CDPSession; origins: Set<string> }> | undefined;
  return async () => {
    if (!opened) {
      opened = openPage(options).then(async (watched) => {
        const origins = new Set<string>();
        watched.page.on('framenavigated', (frame) => {
          const { origin } = new URL(frame.url());
          if (origin.startsWith('http')) origins.add(origin);
        });
        return { watched, origins, cdp: await watched.page.context().newCDPSession(watched.page) };
      });
      return (await opened).watched;
    }
    const { watched, cdp, origins } = await opened;
    const { page } = watched;
    await Promise.all([
      // A tab's session storage lives as long as the tab, and the copy of local storage its renderer keeps may outlive a
      // clearing from outside until the next page has read it: both emptied from the page that holds them.
      page.url().startsWith('http')
        ? page.evaluate(() => {
            sessionStorage.clear();
            localStorage.clear();
          })
        : undefined,
      ...[...origins].map((origin) => cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })),
    ]);
    origins.clear();
    watched.problems.length = 0;
    return watched;
  };
}

type LayoutShiftEntry = PerformanceEntry & {
  value: number;
  hadRecentInput: boolean;
  sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
};

/**
 * The layout shifts the page has had, summed as CLS counts them (none after input), and what moved in each, from where
 * to where: a shift that shows only on a busy machine is named in the failure, since it may not be seen again.
 */
export function layoutShift(page: Page): Promise<{ total: number; moved: string }> {
  return page.evaluate(
    () =>
      new Promise<{ total: number; moved: string }>((resolve) => {
        let total = 0;
        const moved: string[] = [];
        const box = ({ x, y, width, height }: DOMRectReadOnly) => `${x},${y} ${width}×${height}`;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as LayoutShiftEntry[]) {
            if (entry.hadRecentInput) continue;
            total += entry.value;
            for (const { node, previousRect, currentRect } of entry.sources) {
              const name =
                node instanceof Element
                  ? `<${node.localName} class="${node.getAttribute('class') ?? ''}">`
                  : node?.nodeName;
              moved.push(`${entry.value.toFixed(5)}: ${name} ${box(previousRect)} → ${box(currentRect)}`);
            }
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve({ total, moved: moved.join('; ') }), 500);
      }),
  );
}

/** What the site has written in this browser, in every store a page can reach. */
export function stored(page: Page) {
  return page.evaluate(async () => ({
    cookie: document.cookie,
    local: Object.fromEntries(Object.entries(localStorage)),
    session: Object.fromEntries(Object.entries(sessionStorage)),
    indexedDB: (await indexedDB.databases()).map((database) => database.name),
    caches: await caches.keys(),
    serviceWorkers: (await navigator.serviceWorker.getRegistrations()).length,
  }));
}
export const nothingStored = { cookie: '', local: {}, session: {}, indexedDB: [], caches: [], serviceWorkers: 0 };
