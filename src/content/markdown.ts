/**
 * Markdown to HTML for articles and legal pages. Raw HTML in Markdown is shown
 * as text, never passed through, and links may only use safe schemes: content
 * cannot inject markup or scripts into a page.
 */
import { Marked, type Token } from 'marked';
import { escapeHtml } from '../escape';

export interface RenderedMarkdown {
  html: string;
  /** Every root-relative link in the document, to be checked against the route table. */
  internalLinks: string[];
}

const safeScheme = /^(?:https:|http:|mailto:|tel:|\/|#)/i;


const marked = new Marked({
  gfm: true,
  renderer: {
    html: ({ text }) => escapeHtml(text),
  },
});

export class UnsafeLinkError extends Error {}

export function renderMarkdown(source: string): RenderedMarkdown {
  const tokens = marked.lexer(source);
  const internalLinks: string[] = [];
  marked.walkTokens(tokens, (token: Token) => {
    if (token.type !== 'link' && token.type !== 'image') return;
    const href = token.href.trim();
    if (!safeScheme.test(href)) throw new UnsafeLinkError(`link "${href}" uses a scheme other than https, http, mailto or tel`);
    if (href.startsWith('/')) internalLinks.push(href);
  });
  const html = marked.parser(tokens);
  return { html, internalLinks };
}
