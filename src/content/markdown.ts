/**
 * Markdown to HTML by marked (CommonMark, GitHub's, marked-footnote). Content cannot inject markup or scripts: raw HTML
 * is refused, links held to safe schemes, images to the CSP's two hosts and alt text; no id of a heading or note is a
 * template's.
 */
import { createRequire } from 'node:module';
import GithubSlugger from 'github-slugger';
import { isValidPhoneNumber } from 'libphonenumber-js';
import type { Marked, Renderer, Token, Tokens } from 'marked';
import { isEmailAddress } from '../../supabase/functions/_shared/lead-options.ts';
import { didYouMean } from '../errors';
import { stockPhotoOrigin, stockPhotoUrl } from '../stock-photos';
import { noDescription } from './schemas/shared';
import { linkedSiteFact, siteFactNames, unknownSiteFact } from './site-facts';

/** A link by the site's root or a full web address, for validate-plan to check those of the site; `line`: the body's. */
export type BodyLink = { href: string; line: number };
export type RenderedMarkdown = { html: string; links: BodyLink[] };

const [safeScheme, anyScheme] = [/^(?:https:|http:|mailto:|tel:|\/|#)/i, /^[a-z][a-z0-9+.-]*:/i];
const bareStockPhoto = new RegExp(`(<img src="${stockPhotoUrl.source.slice(1)}[^"?]*)"`, 'g');

/** What a body may not hold (an unsafe link or image, an empty heading); the message names it as a reader would see it. */
export class RefusedMarkdownError extends Error {}

const require = createRequire(import.meta.url);
const placeholders = siteFactNames.map((name) => `{${name}}`);
let decodeAttribute: ((text: string) => string) | undefined;
const parsers = new Map<boolean, Marked>();
/** The ids of the elements a page has around its body: a heading of their words takes the next (## Main: #main-1). */
const pageIds = ['main', 'consent', 'consent-heading', 'article-cta-heading', 'footnote-label', 'site-footer'];
let headingIds = new GithubSlugger();

/** marked writes `&#106;avascript:` as written: a javascript: link to a browser. Lazy: few texts hold a reference. */
function asBrowserReads(attribute: string): string {
  if (!attribute.includes('&')) return attribute;
  decodeAttribute ??= (require('entities/decode') as typeof import('entities/decode')).decodeHTMLAttribute;
  return decodeAttribute(attribute);
}

/** Lazy, as a build whose bodies are all kept renders none; marked-footnote's rules only for a body with a footnote. */
function parser(footnotes: boolean): Marked {
  if (!parsers.has(footnotes)) {
    // A task list's boxes as characters, marked to stand in a bullet's place: an <input> with no label is a form field
    // a screen reader cannot name. `\{` as a reference, as in code: withSiteFacts fills in no "&#123;phone}".
    const checkbox = ({ checked }: Tokens.Checkbox) => `<span class="task">${checked ? '☑' : '☐'}</span> `;
    const text = (token: Tokens.Text | Tokens.Escape): string | false =>
      token.type === 'escape' && token.text === '{' && '&#123;';
    // An id of its words as GitHub's (#our-prices), on an anchor: Firefox's Reader View drops an h2 with #7-contact-us.
    const heading = function (this: Renderer, { tokens, depth }: Tokens.Heading): string {
      const words = this.parser.parseInline(tokens);
      const shown = asBrowserReads(words.replace(/<[^>]*>/g, ''));
      const id = headingIds.slug(/[\p{L}\p{N}]/u.test(shown) ? shown : 'section'); // "## 🙂" would have an empty id
      return `<h${depth}><a id="${id}"></a>${words}</h${depth}>\n`;
    };
    const renderer = { checkbox, text, heading };
    const markdown = new (require('marked') as typeof import('marked')).Marked({ renderer });
    const footnote = footnotes && (require('marked-footnote') as typeof import('marked-footnote').default)();
    parsers.set(footnotes, footnote ? markdown.use(footnote) : markdown);
  }
  return parsers.get(footnotes)!;
}

/** What to write for raw HTML: a block is most often an embed's code, a tag in a sentence a link or a line break. */
function htmlProblem({ raw, block }: Tokens.HTML): string {
  const [html, href] = [/.{0,70}/.exec(raw.trim())![0], /^<a\s[^>]*?href="([^"]*)"/i.exec(raw)?.[1]];
  const link = href !== undefined && `write the link in Markdown, [its words](${href}): a link opens in the same tab`;
  const instead = link || (/^<br\s*\/?>/i.test(raw) && 'for a line break, end the line with a backslash (\\)');
  if (block && !instead)
    return `HTML "${html}" would show on the page as code: an embed (a video, map or post) cannot play under the site's Content-Security-Policy, so link to it; write the rest in Markdown${/^<details/i.test(raw) ? ' (a question that opens to its answer: the question as a heading, the answer under it)' : ''}, or in backticks to show it as code`;
  return `HTML "${html}" would show on the page as text: ${instead || `write it in Markdown (**bold**, *italics*, [words](https://…))${/^<su[bp]>/i.test(raw) ? ', a figure raised or lowered as its own character (m², CO₂)' : ''}, in backticks to show it as code, or remove it`}`;
}

/** A heading that would break the page's outline: empty, a second title, or a level skipped. */
function outlineProblem({ depth, text }: Tokens.Heading, above: number): string | undefined {
  const [words, marks] = [text.trim(), '#'.repeat(depth)];
  // A heading with no words is announced by screen readers as an empty heading, and looks like a stray "##".
  if (!words) return `a heading with no text ("${marks}" alone on a line)`;
  if (depth === 1) return `heading "# ${words}": the page's title is its only level-1 heading; start at ##`;
  if (depth > above + 1)
    return `heading "${marks} ${words}" skips a level after ${above > 1 ? `a level-${above} heading` : "the page's title (its level-1 heading)"}: expected ${'#'.repeat(above + 1)}`;
}

/** What a token other than a link or an image may not be, said with what to write instead. */
function tokenProblem(token: Token, level: number): string | undefined {
  if (token.type === 'html') return htmlProblem(token as Tokens.HTML);
  if (token.type === 'heading') return outlineProblem(token as Tokens.Heading, level);
  const { label, index, refs, tokens } = token as Tokens.Generic;
  // The words as the page shows them: a tight list item's block of text holds its links as written, its tokens as read.
  const text = token.type === 'text' && !tokens ? (token.text as string) : '';
  // Decap's rich text saves a link typed in Markdown with its bracket escaped, \[words](/address): its text, as written.
  const parts = token.type === 'paragraph' || token.type === 'text' ? (tokens ?? []) : [];
  const typed = parts.map((part) => (part.type === 'text' || /^\\[[\]]$/.test(part.raw) ? part.raw : '\n')).join('');
  const escaped = /\\\[[^\]\n]*\\?\]\([^)\n]*\)/.exec(typed)?.[0];
  const [unknown, note] = [unknownSiteFact(text), /\[\^[^\]\n]+\]/.exec(text)?.[0]];
  const attributes = /\{:?\s*(?:[#.][\w-]|[\w-]+\s*=)[^}\n]*\}?/.exec(text)?.[0];
  // What marked could not read as a link or an image stays text: a space after "]" or in the address, a ")" missing.
  const unlinked = /!?\[[^\]\n]*\](?:\(| \((?:\/|https?:|mailto:|tel:)|\[)[^)\]\n]*[)\]]?/.exec(text)?.[0];
  const stars = text.includes('**') && /\*\*\S+|\S+\*\*/.exec(text)?.[0];
  const unread = /^(?:#{2,6}[^\s#]|-[A-Za-z]|\|.*\|$).*/m.exec(text)?.[0];
  if (unknown)
    return `"${unknown}" names none of the site's facts: expected ${placeholders.join(', ')}${didYouMean(unknown, placeholders)}`;
  const id = /^\{:?\s*#/.test(attributes ?? '') ? ` (a heading's id is its words: "## Our prices" is #our-prices)` : '';
  if (attributes)
    return `"${attributes}" would show on the page as written: this site's Markdown sets no attributes${id}, and its links open in the same tab; remove it`;
  if (escaped)
    return `"${escaped}" is shown as written, not as a link: use the editor's link button, or write it in Markdown mode without the backslash`;
  if (unlinked)
    return `"${unlinked}" would show on the page as written, not as a link: write [words](/address), with no space after "]" or in the address (${/\(tel:/.test(unlinked) ? `${/tel:[^)\]]*/.exec(unlinked)![0].replace(/\s/g, '')}, or {phone} for the site's own number` : '%20 for a space'})`;
  if (unread?.startsWith('|'))
    return `"${unread}" would show as written, not as a table: put a line of |---| under its first row`;
  if (unread) return `"${unread}" would show as written, not as a heading or list item: put a space after the # or -`;
  if (stars) return `"${stars}" would show on the page as written: bold is **words**, with no space inside the stars`;
  if (note)
    return `footnote "${note}" has no note: write it on a line of its own below the paragraph, as ${note}: The survey's source.`;
  // Its second back link reads "↩2", a name axe finds missing from the link's label (Back to reference …).
  if (token.type === 'footnoteRef' && index > 0)
    return `footnote "[^${label}]" is referred to a second time: give each place a note of its own`;
  if (token.type === 'footnote' && !refs.length)
    return `the note "[^${label}]:" is referred to nowhere (or another note has its label): write [^${label}] after the words it explains, or remove the note`;
}

/** The words Lighthouse's SEO audit fails a link for ("Links do not have descriptive text"), which the site scores 100 in. */
const vague =
  /^(?:click (?:here|this)|go|(?:right )?here|information|(?:(?:learn|read|see) )?more(?: info(?:rmation)?)?|start|this)$/i;

/** What a link or image may not be: unsafe, a number or address the forms refuse, blocked by the CSP, with no alt text. */
function linkProblem({ type, text, title }: Tokens.Link | Tokens.Image, href: string): string | undefined {
  if (linkedSiteFact.test(`${text} ${title ?? ''}`))
    return `${type} "${text}": {phone} and {email} are links themselves; write them outside ${type === 'link' ? "a link's" : "an image's"} brackets and title`;
  if (type === 'link' && !text.trim())
    return `link "${href}" has no words: it would not show on the page, and screen readers would name it by its address; write them between the brackets, as in [words that say where it leads](${href})`;
  const name = /[^/?#]+\.\w+(?=[?#]|$)/.exec(href)?.[0] ?? 'photo.jpg';
  if (type === 'image' && !safeScheme.test(href) && !anyScheme.test(href))
    return `image "${href}" is relative to the page (content/images/ is for an article's image, not its body): save the photo in public/ (as public/photos/${name}, say) and write ![${text}](/photos/${name})`;
  if (!safeScheme.test(href))
    return anyScheme.test(href)
      ? `link "${href}" uses a scheme other than https, http, mailto or tel`
      : `link "${href}" is relative to the page: expected a link from the site's root, such as "/about", or a full address (https://, mailto:, tel:)`;
  if (/^tel:/i.test(href) && !isValidPhoneNumber(href.slice(4).replaceAll('%20', ' '), 'GB'))
    return `link "${href}" dials no phone number: expected tel: and the number, such as tel:+448081570192, or {phone} for the site's own`;
  if (/^mailto:/i.test(href) && !isEmailAddress(href.slice(7).split('?')[0]!))
    return `link "${href}" writes to no email address: expected mailto: and the address, such as mailto:hello@example.co.uk, or {email} for the site's own`;
  if (type === 'link' && vague.test(text.trim()))
    return `link "${text}" does not say where it leads (search engines read its words, and screen readers list links by them alone): write what is there in their place, as in [words that say where it leads](${href})`;
  if (type === 'image' && !/^\/(?!\/)/.test(href) && !stockPhotoUrl.test(href))
    return `image "${href}" is on another site, and the Content-Security-Policy lets a page load images only from its own site and ${stockPhotoOrigin}: save the photo in public/ (as public/photos/${name}, say) and write ![${text}](/photos/${name}), or use a photo of ${stockPhotoOrigin}`;
  // Written as alt="", an image a reader came for would be passed over by screen readers as decoration.
  if (type === 'image' && noDescription.test(text.trim()))
    return `image "${href}" has no alt text${text.trim() ? ` but "${text}", which says nothing of it` : ''}: describe it between the brackets, as in ![A plumber's van outside a house](${href})`;
}

export function renderMarkdown(source: string, firstLine = 1): RenderedMarkdown {
  const footnotes = source.includes('[^');
  const markdown = parser(footnotes);
  const tokens = markdown.lexer(source);
  // marked keeps no positions: where each block starts, read in order, but for marked-footnote's token (no text of it).
  const [starts, blocks] = [new Map<Token, number>(), tokens.filter((token) => token.type !== 'footnotes')];
  for (let [index, at] = [0, 0]; index < blocks.length; at += blocks[index++]!.raw.length)
    starts.set(blocks[index]!, at);
  // marked-footnote's own: it moves the notes to the end, and readies itself for the next body, refused or not.
  if (footnotes) markdown.walkTokens(tokens, markdown.defaults.walkTokens!);
  // The page's title is its one level-1 heading: screen readers list the body's headings as an outline under it.
  let [level, refused, block] = [1, undefined as { token: Token; problem: string } | undefined, tokens[0]!];
  const links: [Token, Token, string][] = [];
  const check = (token: Token) => {
    const href = /^(?:link|image)$/.test(token.type) && asBrowserReads((token as Tokens.Link).href).trim();
    const problem = href === false ? tokenProblem(token, level) : linkProblem(token as Tokens.Link, href);
    refused ??= problem ? { token, problem } : undefined;
    if (token.type === 'heading') level = token.depth;
    if (href && /^(?:\/|https?:)/i.test(href)) links.push([block, token, href]);
  };
  for (block of blocks) {
    markdown.walkTokens([block], check);
    const [line] = refused ? linesOf(source, starts, [[block, refused.token, refused.problem]]) : [];
    if (refused) throw new RefusedMarkdownError(`line ${line! + firstLine - 1}: ${refused.problem}`);
  }
  headingIds = new GithubSlugger();
  for (const id of pageIds) headingIds.slug(id);
  // A cell's align (|---:|), which HTML dropped, as a class; `{` in code as written; a table a tab stop named by the
  // heading above it (styles.css); a photo lazy, as the templates' (text's "<" is escaped), a stock one's bare address
  // (its original: megabytes) at twice the column, one alone a figure captioned by its title (a phone shows no tooltip).
  const html = markdown.parser(tokens).replace(/<(t[hd]) align="(\w+)">/g, '<$1 class="align-$2">');
  const code = html.replace(/<code[^>]*>[^<]*<\/code>/g, (element) => element.replaceAll('{', '&#123;'));
  const tags = code
    .replace(/<table>(?<=<h\d><a id="[^"]*"><\/a>([^<{]*)<\/h\d>\n(?:(?!<h\d)[^])*<table>)/g, '<table aria-label="$1">')
    .replace(/<table(?=[ >])/g, '<table tabindex="0"')
    .replace(bareStockPhoto, '$1?auto=format&amp;fit=max&amp;w=1600&amp;q=70"')
    .replace(/<p>(<img [^>]*?) title="([^"]*)"><\/p>/g, '<figure>$1><figcaption>$2</figcaption></figure>')
    .replaceAll('<img ', '<img loading="lazy" decoding="async" ');
  return { html: tags, links: linesOf(source, starts, links).map((line, at) => ({ href: links[at]![2], line })) };
}

/** Each token's line, in the order found: its block's start, its place in it, and the words a refusal quotes in it. */
function linesOf(source: string, starts: ReadonlyMap<Token, number>, tokens: readonly [Token, Token, string][]) {
  const text = source.includes('\r') ? source.replace(/\r\n?/g, '\n') : source;
  let [at, line] = [0, 1];
  // A paragraph's text is one token, however many lines it spans: a refusal is named by the line of the words it quotes.
  return tokens.map(([block, token, said]) => {
    const within = token.raw.indexOf(/^[^"]*"(.*?)"/.exec(said)?.[1] ?? '');
    const next = starts.get(block)! + Math.max(0, block.raw.indexOf(token.raw)) + Math.max(0, within);
    for (let found = text.indexOf('\n', at); found !== -1 && found < next; found = text.indexOf('\n', at))
      [line, at] = [line + 1, found + 1];
    return line;
  });
}
