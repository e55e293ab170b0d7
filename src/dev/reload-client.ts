/**
 * The script the dev server adds to every page: after each rebuild it fetches
 * the page again and swaps in the new body, then runs the page's scripts on
 * it again (islands hydrate, menus attach), keeping the scroll position. A
 * full reload costs a navigation; the swap does not. Dev's stylesheet keeps
 * its name when it changes, so the page takes it again too (a browser keeps
 * the old one applied until the new one has loaded). When the page's set of
 * stylesheets or scripts changed, or anything goes wrong, it falls back to a
 * full reload.
 * Served as a file, so pages keep their Content-Security-Policy without
 * 'unsafe-inline'.
 */
export function reloadClient(eventsPath: string, clientPath: string): string {
  return `const bare = (url) => url?.split('?')[0];
const assets = (doc) => [...doc.querySelectorAll('link[rel="stylesheet"], link[rel="modulepreload"], script[src]')].map((el) => bare(el.getAttribute('href') ?? el.getAttribute('src'))).join(' ');
const events = new EventSource(${JSON.stringify(eventsPath)});
events.addEventListener('reload', async () => {
  try {
    const response = await fetch(location.href, { cache: 'no-store' });
    const next = new DOMParser().parseFromString(await response.text(), 'text/html');
    if (assets(next) !== assets(document)) return location.reload();
    document.title = next.title;
    document.body.replaceWith(document.adoptNode(next.body));
    for (const link of document.querySelectorAll('link[rel="stylesheet"]')) link.href = bare(link.href) + '?dev-swap=' + Date.now();
    for (const script of document.querySelectorAll('script[type="module"][src]')) {
      if (script.getAttribute('src') !== ${JSON.stringify(clientPath)}) import(script.src + '?dev-swap=' + Date.now());
    }
  } catch {
    location.reload();
  }
});
`;
}
