/**
 * Markdown to HTML by marked (CommonMark with GitHub's extensions). Content cannot inject markup or scripts: raw HTML,
 * a block or a tag in a sentence, is refused, as marked would write it as it is; links may only use safe schemes, checked
 * as the browser will read them; images may only come from this site or the stock photo host, the only places the
 * Content-Security-Policy allows, and must have alt text. marked writes no heading ids of its own (since v5), so a page
 * holds only the ids its templates choose.
 */
import { createRequire } from 'node:module';
import type { Marked, Token, Tokens } from 'marked';
import { stockPhotoOrigin } from '../stock-photos';
import { linkedSiteFact, siteFactNames, unknownSiteFact } from './site-facts';

/** `internalLinks`: every root-relative link in the document, to be checked against the route table. */
export type RenderedMarkdown = { html: string; internalLinks: string[] };

const safeScheme = /^(?:https:|http:|mailto:|tel:|\/|#)/i;
const anyScheme = /^[a-z][a-z0-9+.-]*:/i;
const siteOrStockPhoto = new RegExp(`^(?:/(?!/)|${stockPhotoOrigin.replace(/[.]/g, '\\.')}/)`);

/** What a body may not hold (an unsafe link or image, an empty heading); the message names it as a reader would see it. */
export class RefusedMarkdownError extends Error {}

const require = createRequire(import.meta.url);
let decodeAttribute: ((text: string) => string) | undefined;
let markdown: Marked | undefined;

/**
 * marked writes a target as written, character references and all, and `&#106;avascript:` is a javascript: link to a
 * browser. entities is loaded lazily: most targets hold no reference, and each build thread would load it.
 */
function asBrowserReads(attribute: string): string {
  if (!attribute.includes('&')) return attribute;
  decodeAttribute ??= (require('entities/decode') as typeof import('entities/decode')).decodeHTMLAttribute;
  return decodeAttribute(attribute);
}

/** Lazy: marked builds its rules as it loads, on each thread, and a build whose bodies are all kept renders none. */
function parser(): Marked {
  markdown ??= new (require('marked') as typeof import('marked')).Marked({
    gfm: true,
    // A task list's boxes as characters: an <input> with no label is a form field a screen reader cannot name.
    renderer: { checkbox: ({ checked }) => (checked ? '☑ ' : '☐ ') },
  });
  return markdown;
}

/** What to write for raw HTML: a block is most often an embed's code, a tag in a sentence a link or a line break. */
function htmlProblem({ raw, block }: Tokens.HTML): string {
  const [html, href] = [/.{0,70}/.exec(raw.trim())![0], /^<a\s[^>]*?href="([^"]*)"/i.exec(raw)?.[1]];
  const link = href !== undefined && `write the link in Markdown, [its words](${href}): a link opens in the same tab`;
  const instead = link || (/^<br\s*\/?>/i.test(raw) && 'for a line break, end the line with a backslash (\\)');
  if (block && !instead)
    return `HTML "${html}" would show on the page as code: an embed (a video, map or post) cannot play under the site's Content-Security-Policy, so link to it; write the rest in Markdown, or in backticks to show it as code`;
  return `HTML "${html}" would show on the page as text: ${instead || 'write it in Markdown (**bold**, *italics*, [words](https://…)), in backticks to show it as code, or remove it'}`;
}

/** A heading's level, refused where it would break the page's outline: empty, a second title, or a level skipped. */
function outlineLevel(token: Tokens.Heading, above: number): number {
  const [depth, text, marks] = [token.depth, token.text.trim(), '#'.repeat(token.depth)];
  // A heading with no words is announced by screen readers as an empty heading, and looks like a stray "##".
  if (!text) throw new RefusedMarkdownError(`a heading with no text ("${marks}" alone on a line)`);
  if (depth === 1)
    throw new RefusedMarkdownError(`heading "# ${text}": the page's title is its only level-1 heading; start at ##`);
  if (depth > above + 1)
    throw new RefusedMarkdownError(
      `heading "${marks} ${text}" skips a level after a level-${above} heading: expected ${'#'.repeat(above + 1)}`,
    );
  return depth;
}

export function renderMarkdown(source: string, firstLine = 1): RenderedMarkdown {
  const markdown = parser();
  const tokens = markdown.lexer(source);
  const internalLinks: string[] = [];
  // The page's title is its one level-1 heading: screen readers list the body's headings as an outline under it.
  let [level, line, at]: [number, number, Token?] = [1, firstLine];
  const check = (token: Token) => {
    at = token;
    if (token.type === 'html') throw new RefusedMarkdownError(htmlProblem(token as Tokens.HTML));
    if (token.type === 'heading') level = outlineLevel(token as Tokens.Heading, level);
    const unknown = token.type === 'text' ? unknownSiteFact(token.text as string) : undefined;
    if (unknown)
      throw new RefusedMarkdownError(
        `"${unknown}" names none of the site's facts: expected ${siteFactNames.map((name) => `{${name}}`).join(', ')}`,
      );
    const attributes = token.type === 'text' && /\{:?\s*(?:[#.][\w-]|[\w-]+\s*=)[^}\n]*\}?/.exec(token.text as string);
    if (attributes)
      throw new RefusedMarkdownError(
        `"${attributes[0]}" would show on the page as written: this site's Markdown sets no attributes, and its links open in the same tab; remove it`,
      );
    if (token.type !== 'link' && token.type !== 'image') return;
    if (token.type === 'link' && linkedSiteFact.test(token.text as string))
      throw new RefusedMarkdownError(
        `link "${token.text as string}": {phone} and {email} are links themselves; write them outside a link's brackets`,
      );
    const href = asBrowserReads(token.href as string).trim();
    if (!safeScheme.test(href))
      throw new RefusedMarkdownError(
        anyScheme.test(href)
          ? `link "${href}" uses a scheme other than https, http, mailto or tel`
          : `link "${href}" is relative to the page: expected a link from the site's root, such as "/about", or a full address (https://, mailto:, tel:)`,
      );
    const name = /[^/?#]+\.\w+(?=[?#]|$)/.exec(href)?.[0] ?? 'photo.jpg';
    if (token.type === 'image' && !siteOrStockPhoto.test(href))
      throw new RefusedMarkdownError(
        `image "${href}" is on another site, and the Content-Security-Policy lets a page load images only from its own site and ${stockPhotoOrigin}: save the photo in public/ (as public/photos/${name}, say) and write ![${token.text as string}](/photos/${name}), or use a photo of ${stockPhotoOrigin}`,
      );
    // Written as alt="", an image a reader came for would be passed over by screen readers as decoration.
    if (token.type === 'image' && !(token.text as string).trim())
      throw new RefusedMarkdownError(
        `image "${href}" has no alt text: describe it between the brackets, as in ![A plumber's van outside a house](${href})`,
      );
    if (href.startsWith('/')) internalLinks.push(href);
  };
  for (const block of tokens) {
    try {
      markdown.walkTokens([block], check);
    } catch (error) {
      if (!(error instanceof RefusedMarkdownError)) throw error;
      // marked keeps no positions: the block's first line, and the lines of the block before the token refused.
      const before = block.raw.slice(0, Math.max(0, block.raw.indexOf(at!.raw))).split('\n').length - 1;
      throw new RefusedMarkdownError(`line ${line + before}: ${error.message}`);
    }
    line += block.raw.split('\n').length - 1;
  }
  // HTML has dropped the align attribute of a table's cells (|---:|): the stylesheet aligns these classes.
  return { html: markdown.parser(tokens).replace(/<(t[hd]) align="(\w+)">/g, '<$1 class="align-$2">'), internalLinks };
}
