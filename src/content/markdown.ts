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
  const { html, linkTargets } = mendTags(parse(source, { parseFlags, allowJSURIs: true }));
  const internalLinks: string[] = [];
  for (const target of linkTargets) {
    const href = asBrowserReads(target).trim();
    if (!safeScheme.test(href)) throw new UnsafeLinkError(`link "${href}" uses a scheme other than https, http, mailto or tel`);
    if (href.startsWith('/')) internalLinks.push(href);
  }
  return { html, internalLinks };
}

const anchorOpen = '<a id="';
const anchorRest = '" class="anchor" aria-hidden="true" href="#';
const anchorClose = '"></a>';

/**
 * One pass over md4c's HTML, tag by tag (md4c escapes `<` in text, so every
 * `<` opens a tag; one scan measured a seventh of the time of three regular
 * expressions over every article):
 *
 * - markdown-wasm opens every heading with an empty link to itself, hidden
 *   from screen readers yet focusable: an accessibility fault, and ids that
 *   could clash with the page's own. It is removed wherever it is: inside
 *   the <strong> of a heading that starts in bold, or, after an empty
 *   heading, in the next paragraph.
 * - markdown-wasm writes strong emphasis as <b>; CommonMark and screen
 *   readers mean <strong>.
 * - The targets of links and images (the only `href` and `src` attributes
 *   md4c writes) are collected, as written, to be checked.
 */
function mendTags(markup: string): { html: string; linkTargets: string[] } {
  let html = '';
  let copied = 0;
  const linkTargets: string[] = [];
  for (let at = markup.indexOf('<'); at !== -1; at = markup.indexOf('<', at + 1)) {
    const next = markup.charCodeAt(at + 1);
    if (markup.startsWith(anchorOpen, at)) {
      const end = headingAnchorEnd(markup, at);
      if (end === -1) continue;
      html += markup.slice(copied, at);
      copied = end;
      at = end - 1;
    } else if (next === letterB && markup.charCodeAt(at + 2) === closeAngle) {
      html += `${markup.slice(copied, at)}<strong>`;
      copied = at + 3;
    } else if (next === slash && markup.charCodeAt(at + 2) === letterB && markup.charCodeAt(at + 3) === closeAngle) {
      html += `${markup.slice(copied, at)}</strong>`;
      copied = at + 4;
    } else if (markup.startsWith('a href="', at + 1)) {
      linkTargets.push(attributeAt(markup, at + 9));
    } else if (markup.startsWith('img src="', at + 1)) {
      linkTargets.push(attributeAt(markup, at + 10));
    }
  }
  return { html: copied === 0 ? markup : html + markup.slice(copied), linkTargets };
}

/** Where a heading's anchor that starts at `start` ends (after its `</a>`), or -1 if the link there is another. */
function headingAnchorEnd(markup: string, start: number): number {
  const id = start + anchorOpen.length;
  const rest = markup.indexOf('"', id);
  if (!markup.startsWith(anchorRest, rest)) return -1;
  const target = rest + anchorRest.length;
  const close = markup.indexOf('"', target);
  return markup.startsWith(anchorClose, close) ? close + anchorClose.length : -1;
}

function attributeAt(markup: string, start: number): string {
  return markup.slice(start, markup.indexOf('"', start));
}

const letterB = 'b'.charCodeAt(0);
const slash = '/'.charCodeAt(0);
const closeAngle = '>'.charCodeAt(0);
