// The not-found page reports the path that was asked for, so broken links show up in the console and in monitoring:
// once, when the page is shown. A page prerendered on a visitor's hover (speculation rules) is not shown yet, and may never be.
const report = () => console.error('404 Error: User attempted to access non-existent route:', location.pathname);
// Chromium's, not yet in TypeScript's DOM types.
if ((document as Document & { prerendering?: boolean }).prerendering)
  document.addEventListener('prerenderingchange', report, { once: true });
else report();
