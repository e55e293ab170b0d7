/**
 * Markdown to HTML for articles and legal pages. Raw HTML in Markdown is shown
 * as text, never passed through, and links may only use safe schemes: content
 * cannot inject markup or scripts into a page.
 *
 * The parser is md4c (CommonMark with GitHub's tables, strikethrough, task
 * lists and autolinks) compiled to WebAssembly by markdown-wasm: about three
 * times faster than marked on the same articles (`npm run bench:stack`), and
 * Markdown was the largest cost of a big build.
 */
import { createRequire } from 'node:module';
import { parse, ParseFlags } from 'markdown-wasm';

export interface RenderedMarkdown {
  html: string;
  /** Every root-relative link in the document, to be checked against the route table. */
  internalLinks: string[];
}

const safeScheme = /^(?:https:|http:|mailto:|tel:|\/|#)/i;

const parseFlags =
  ParseFlags.NO_HTML |
  ParseFlags.TABLES |
  ParseFlags.STRIKETHROUGH |
  ParseFlags.TASK_LISTS |
  ParseFlags.PERMISSIVE_URL_AUTO_LINKS |
  ParseFlags.PERMISSIVE_WWW_AUTOLINKS |
  ParseFlags.PERMISSIVE_EMAIL_AUTO_LINKS;

/**
 * markdown-wasm opens every heading with an empty link to itself, hidden from
 * screen readers yet focusable: an accessibility fault, and ids that could
 * clash with the page's own. Text cannot take this shape (md4c escapes `<`
 * and quotes in text), so only its own anchors match.
 */
const headingAnchor = /(<h[1-6]>)<a id="[^"]*" class="anchor" aria-hidden="true" href="#[^"]*"><\/a>/g;

/** markdown-wasm writes strong emphasis as <b>; CommonMark and screen readers mean <strong>. Text cannot hold a literal `<b>` either. */
const bold = /<(\/?)b>/g;

/** Link targets as md4c writes them: the only `href` and `src` attributes in its output. */
const linkTarget = /<(?:a|img) (?:href|src)="([^"]*)"/g;

export class UnsafeLinkError extends Error {}

const require = createRequire(import.meta.url);
let decodeAttribute: ((text: string) => string) | undefined;

/**
 * A link target as the browser reads it: `&#106;avascript:` is a javascript:
 * link. md4c passes character references through as written, so they are
 * decoded here, by entities, loaded the first time a link holds one: most
 * hold none, and loading it costs a build thread 12 ms.
 */
function asBrowserReads(attribute: string): string {
  if (!attribute.includes('&')) return attribute;
  decodeAttribute ??= (require('entities/decode') as typeof import('entities/decode')).decodeHTMLAttribute;
  return decodeAttribute(attribute);
}

/** From text, or from UTF-8 bytes as read from a file (which md4c reads as they are). */
export function renderMarkdown(source: string | Uint8Array): RenderedMarkdown {
  // javascript: links come through as written, so that the error below can name them.
  const html = parse(source, { parseFlags, allowJSURIs: true }).replace(headingAnchor, '$1').replace(bold, '<$1strong>');
  const internalLinks: string[] = [];
  for (const [, attribute] of html.matchAll(linkTarget)) {
    const href = asBrowserReads(attribute!).trim();
    if (!safeScheme.test(href)) throw new UnsafeLinkError(`link "${href}" uses a scheme other than https, http, mailto or tel`);
    if (href.startsWith('/')) internalLinks.push(href);
  }
  return { html, internalLinks };
}
