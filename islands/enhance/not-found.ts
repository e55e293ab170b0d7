/**
 * The not-found page, served at any path, is the one place that knows the path asked for. It reports it, so broken
 * links show up in the console and in monitoring: once, when the page is shown (a page prerendered on a visitor's
 * hover, by the speculation rules, is not shown yet, and may never be). And it offers the page a mistyped address
 * nearly names (/services/plumbers, /Contact) among those it links to (its menus list every service and trade), or
 * else among the sitemap's (/blog/local-seo-tip, an article's address cut short).
 */
const report = () => console.error('404 Error: User attempted to access non-existent route:', location.pathname);
// Chromium's, not yet in TypeScript's DOM types.
if ((document as Document & { prerendering?: boolean }).prerendering)
  document.addEventListener('prerenderingchange', report, { once: true });
else report();

/** How many letters to add, remove or change to make `a` into `b` (Levenshtein's distance). */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

const asked = location.pathname.toLowerCase().replace(/(.)\/$/, '$1');

/** Of `paths`, the nearest to the one asked for, if at most a third of it is mistyped: /about-us finds /about, /services/astronaut none. */
function nearest(paths: string[]): string | undefined {
  let found: { path: string; distance: number } | undefined;
  for (const path of paths) {
    const apart = distance(asked, path);
    if (apart <= asked.length / 3 && apart < (found?.distance ?? Infinity)) found = { path, distance: apart };
  }
  return found?.path;
}

function suggest(hint: HTMLElement, path: string, name: string) {
  const [before = '', after = ''] = hint.dataset.suggestion!.split('{page}');
  const link = Object.assign(document.createElement('a'), {
    href: path,
    textContent: name,
    className: 'font-semibold text-brand underline',
  });
  hint.append(before, link, after);
}

const hint = document.querySelector<HTMLElement>('[data-suggestion]');
if (hint) {
  const links = [...document.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')];
  const linked = nearest(links.map((link) => link.pathname));
  if (linked) suggest(hint, linked, links.find((link) => link.pathname === linked)!.textContent!);
  // The menus link to every service and trade, not to every article: an article's address mistyped or cut short (as a
  // shared link can be) is looked for among the sitemap's pages, and named by its address, the sitemap's one name for it.
  else
    void fetch('/sitemap.xml')
      .then((response) => (response.ok ? response.text() : ''))
      .then((sitemap) => {
        const listed = new DOMParser().parseFromString(sitemap, 'text/xml').querySelectorAll('loc');
        const path = nearest([...listed].map((loc) => new URL(loc.textContent!).pathname));
        if (path) suggest(hint, path, path);
      })
      // Without its sitemap the page suggests nothing, as it did before it read the sitemap.
      .catch(() => {});
}
