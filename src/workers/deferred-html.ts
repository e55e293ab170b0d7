/**
 * On a large site, an article's HTML stays on the worker thread that parsed
 * it: the main thread, which only needs the front matter, holds a placeholder
 * naming the file and a hash of the HTML (so fingerprints still change when
 * the HTML does), and the page is rendered on that worker, which puts the HTML
 * back in before rendering. Sparing the copies both ways is a large part of a
 * large build.
 */
const open = '\u0000sitegen-html ';
const close = '\u0000';

export function deferredHtml(file: string, hash: string): string {
  return `${open}${file} ${hash}${close}`;
}

/** Replaces every placeholder in a page's props (a copy owned by the worker) with the HTML it stands for. */
export function fillDeferredHtml(value: unknown, htmlOf: (file: string) => string): unknown {
  if (typeof value === 'string') {
    if (!value.startsWith(open)) return value;
    const file = value.slice(open.length, value.lastIndexOf(' '));
    return htmlOf(file);
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) value[i] = fillDeferredHtml(value[i], htmlOf);
    return value;
  }
  if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) (value as Record<string, unknown>)[key] = fillDeferredHtml((value as Record<string, unknown>)[key], htmlOf);
  }
  return value;
}
