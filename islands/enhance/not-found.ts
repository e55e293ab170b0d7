/**
 * The not-found page, served at any path, is the one place that knows the path asked for. It reports it, so broken
 * links show up in the console and in monitoring: once, when the page is shown (a page prerendered on a visitor's
 * hover, by the speculation rules, is not shown yet, and may never be). And it offers the page a mistyped address
 * nearly names (/services/plumbers, /Contact) among those it links to: its menus list every service and trade.
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

const hint = document.querySelector<HTMLElement>('[data-suggestion]');
const asked = location.pathname.toLowerCase().replace(/(.)\/$/, '$1');
let nearest: { link: HTMLAnchorElement; distance: number } | undefined;
for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')) {
  // A third of the address may be mistyped: /about-us finds /about, /services/astronaut no page.
  const apart = distance(asked, link.pathname);
  if (apart <= asked.length / 3 && apart < (nearest?.distance ?? Infinity)) nearest = { link, distance: apart };
}
if (hint && nearest) {
  const [before = '', after = ''] = hint.dataset.suggestion!.split('{page}');
  const link = Object.assign(document.createElement('a'), {
    href: nearest.link.pathname,
    textContent: nearest.link.textContent,
    className: 'font-semibold text-brand underline',
  });
  hint.append(before, link, after);
}
