/**
 * The script dev adds to every page: after each rebuild that changes the page it swaps in the page's new body and runs
 * its scripts again, keeping the scroll position; a full reload, its fallback, costs a navigation. Dev's stylesheet
 * keeps its name when it changes, so it is taken again too (a browser keeps the old one applied until the new one has
 * loaded): alone, without a swap, by a page only the stylesheet's change touches, which keeps what was typed in it.
 * Served as files, so pages keep their Content-Security-Policy without 'unsafe-inline'.
 */
export const devScripts = {
  client: '/__sitegen/reload.js',
  worker: '/__sitegen/reload-worker.js',
  events: '/__sitegen/events',
  changed: '/__sitegen/changed',
};

export const reloadClient = `// Absolute, without a swap's query: a swap makes the stylesheet's link absolute, which made every second edit a reload.
const bare = (url) => url && new URL(url.split('?')[0], location.href).href;
// What the head says of the page itself, taken with its body: its description, share tags, canonical and structured data.
const described = 'meta[name], meta[property], link[rel="canonical"], script[type="application/ld+json"]';
const assets = (doc) => [...doc.querySelectorAll('link[rel="stylesheet"], link[rel="modulepreload"], script[src]')].map((el) => bare(el.getAttribute('href') ?? el.getAttribute('src'))).join(' ');
// When the page was asked for: a rebuild since is told at once (gone back to, it may be cached: any since dev started).
const navigation = performance.getEntriesByType('navigation')[0];
const since = navigation.type === 'back_forward' ? 0 : Math.floor(performance.timeOrigin + navigation.requestStart);
let notFound = navigation.responseStatus === 404;
const worker = new SharedWorker(${JSON.stringify(devScripts.worker)}, { name: 'sitegen dev' });
worker.port.postMessage({ page: location.pathname, notFound, since });
addEventListener('pagehide', () => worker.port.postMessage('gone'));
addEventListener('pageshow', (event) => event.persisted && location.reload());
const restyle = () => {
  for (const link of document.querySelectorAll('link[rel="stylesheet"]')) link.href = bare(link.href) + '?dev-swap=' + Date.now();
};
worker.port.onmessage = async ({ data }) => {
  if (data === 'styles') return restyle();
  try {
    const response = await fetch(location.href, { cache: 'no-store' });
    // Renamed, its old slug kept: the page goes to its new address, which its next edits are told to.
    if (response.redirected) return location.replace(response.url);
    const next = new DOMParser().parseFromString(await response.text(), 'text/html');
    if (assets(next) !== assets(document)) return location.reload();
    notFound = response.status === 404;
    worker.port.postMessage({ page: location.pathname, notFound });
    document.title = next.title;
    for (const element of document.head.querySelectorAll(described)) element.remove();
    document.head.append(...[...next.head.querySelectorAll(described)].map((element) => document.adoptNode(element)));
    document.body.replaceWith(document.adoptNode(next.body));
    restyle();
    for (const script of document.querySelectorAll('script[type="module"][src]'))
      if (script.getAttribute('src') !== ${JSON.stringify(devScripts.client)}) import(script.src + '?dev-swap=' + Date.now());
  } catch {
    location.reload();
  }
};
`;

/**
 * The open pages' one connection to dev's rebuilds (a browser opens six to a server; a page listening alone held one).
 * Each page hears of the rebuilds that change it (the 404's, if it shows that): another keeps what was typed in it.
 */
export const reloadWorker = `const pages = new Map();
const events = new EventSource(${JSON.stringify(devScripts.events)});
const listening = new Promise((resolve) => events.addEventListener('open', resolve, { once: true }));
// Connected again (sitegen dev restarted, maybe on new code): every page may have changed.
listening.then(() => events.addEventListener('open', () => pages.forEach((_, port) => port.postMessage('reload'))));
events.addEventListener('reload', ({ data }) => {
  const { pages: changed, styles } = JSON.parse(data);
  for (const [port, { page, notFound }] of pages)
    if (!changed || changed.includes(page) || (notFound && changed.includes('/404'))) port.postMessage('reload');
    else if (styles) port.postMessage('styles');
});
onconnect = ({ ports: [port] }) => {
  port.onmessage = async ({ data }) => {
    if (data === 'gone') return pages.delete(port);
    pages.set(port, data);
    if (data.since === undefined) return;
    await listening;
    const query = '?page=' + encodeURIComponent(data.page) + '&since=' + data.since;
    if (await (await fetch(${JSON.stringify(devScripts.changed)} + query, { cache: 'no-store' })).json()) port.postMessage('reload');
  };
};
`;
