/**
 * The script dev adds to every page: after each rebuild it swaps in the page's new body and runs its scripts again,
 * keeping the scroll position; a full reload, its fallback, costs a navigation. Dev's stylesheet keeps its name when
 * it changes, so it is taken again too (a browser keeps the old one applied until the new one has loaded).
 * Served as a file, so pages keep their Content-Security-Policy without 'unsafe-inline'.
 */
export function reloadClient(eventsPath: string, clientPath: string): string {
  // Absolute, without a swap's query: a swap makes the stylesheet's link absolute, which made every second edit a reload.
  return `const bare = (url) => url && new URL(url.split('?')[0], location.href).href;
// What the head says of the page itself, taken with its body: its description, share tags, canonical and structured data.
const described = 'meta[name], meta[property], link[rel="canonical"], script[type="application/ld+json"]';
const assets = (doc) => [...doc.querySelectorAll('link[rel="stylesheet"], link[rel="modulepreload"], script[src]')].map((el) => bare(el.getAttribute('href') ?? el.getAttribute('src'))).join(' ');
// The page this is, so the server tells it only of rebuilds that change it, and when it was asked for: a rebuild that
// ended between then and now is told at once.
const since = Math.floor(performance.timeOrigin + performance.getEntriesByType('navigation')[0].requestStart);
const events = new EventSource(${JSON.stringify(eventsPath)} + '?page=' + encodeURIComponent(location.pathname) + '&since=' + since);
events.addEventListener('reload', async () => {
  try {
    const response = await fetch(location.href, { cache: 'no-store' });
    const next = new DOMParser().parseFromString(await response.text(), 'text/html');
    if (assets(next) !== assets(document)) return location.reload();
    document.title = next.title;
    for (const element of document.head.querySelectorAll(described)) element.remove();
    document.head.append(...[...next.head.querySelectorAll(described)].map((element) => document.adoptNode(element)));
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
