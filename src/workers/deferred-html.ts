/**
 * On a large site, an article's HTML stays on the worker thread that parsed
 * it: the main thread, which only needs the front matter, holds a placeholder
 * naming the file (and, when pages are fingerprinted, a hash of the HTML, so
 * that fingerprints change when the HTML does), and the page is rendered on
 * that worker. Sparing the copies
 * both ways is a large part of a large build.
 *
 * The placeholder is rendered as it is (templates insert the body as raw
 * HTML) and the article's HTML replaces it in the finished page. Everything
 * that reads the rendered markup (React, the HTML5 pass, the script markers)
 * then reads a page's few kilobytes of template, not its whole article.
 */
const open = '\u0000sitegen-html ';
const close = '\u0000';

export function deferredHtml(file: string, hash: string): string {
  return `${open}${file} ${hash}${close}`;
}

/** Replaces every placeholder in a rendered page with the HTML it stands for. */
export function fillDeferredHtml(page: string, htmlOf: (file: string) => string): string {
  let filled = '';
  let from = 0;
  for (let start = page.indexOf(open); start !== -1; start = page.indexOf(open, from)) {
    const end = page.indexOf(close, start + open.length);
    const placeholder = page.slice(start + open.length, end);
    filled += page.slice(from, start) + htmlOf(placeholder.slice(0, placeholder.lastIndexOf(' ')));
    from = end + close.length;
  }
  return from === 0 ? page : filled + page.slice(from);
}
