/**
 * renderMarkdown writes what marked itself writes, set up as the site sets it:
 * for every body of the site and of the scale benchmark, for texts that Markdown's
 * inline rules turn on, and for a few thousand made of their characters.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeHTML } from 'entities/decode';
import fg from 'fast-glob';
import GithubSlugger from 'github-slugger';
import { Marked, type Renderer } from 'marked';
import markedFootnote from 'marked-footnote';
import { describe, expect, it } from 'vitest';
import { generateArticle } from '../../bench/scale/articles.js';
import { renderMarkdown, RefusedMarkdownError } from '../../src/content/markdown';
import { projectRoot } from '../support/cli';

describe("renderMarkdown against marked's own, set up as the site sets it", () => {
  /** marked as the site sets it up, with GitHub's own text rule: what renderMarkdown must write. */
  let headingIds = new GithubSlugger();
  const own = new Marked({ gfm: true }).use(markedFootnote(), {
    renderer: {
      checkbox: ({ checked }) => `<span class="task">${checked ? '☑' : '☐'}</span> `,
      // Each heading's id its words as GitHub makes it, on an anchor at its start (no text here is one of the page's own ids).
      heading(this: Renderer, { tokens, depth }) {
        const words = this.parser.parseInline(tokens);
        const shown = decodeHTML(words.replace(/<[^>]*>/g, ''));
        const id = headingIds.slug(/[\p{L}\p{N}]/u.test(shown) ? shown : 'section');
        return `<h${depth}><a id="${id}"></a>${words}</h${depth}>\n`;
      },
      // A `{` escaped or in code as a character reference, which the site's facts are not filled in for.
      text: (token) => token.type === 'escape' && token.text === '{' && '&#123;',
    },
    hooks: {
      preprocess: (source) => ((headingIds = new GithubSlugger()), source),
      postprocess: (html) => {
        // Each table a tab stop, named by the heading above it where that heading is words alone.
        let heading: string | undefined;
        const table = (tag: string, words?: string) => {
          if (words === undefined)
            return heading ? `<table tabindex="0" aria-label="${heading}">` : '<table tabindex="0">';
          heading = /^<a id="[^"]*"><\/a>([^<{]+)$/.exec(words)?.[1];
          return tag;
        };
        return html
          .replace(/<(t[hd]) align="(\w+)">/g, '<$1 class="align-$2">')
          .replace(/<code[^>]*>[^<]*<\/code>/g, (code) => code.replaceAll('{', '&#123;'))
          .replace(/<h\d[^>]*>(.*)<\/h\d>\n|<table>/g, table)
          .replaceAll('<img ', '<img loading="lazy" decoding="async" ');
      },
    },
  });
  const expectSame = (source: string) =>
    expect(renderMarkdown(source).html, JSON.stringify(source)).toBe(own.parse(source) as string);

  it('writes what marked writes for every body of the site and of the scale benchmark', () => {
    const files = fg.sync('content/**/*.md', { cwd: projectRoot });
    expect(files.length).toBeGreaterThan(5);
    const bodyOf = (text: string) => text.replace(/^---[\s\S]*?\n---\n/, '');
    for (const file of files) expectSame(bodyOf(readFileSync(join(projectRoot, file), 'utf8')));
    for (let index = 0; index < 50; index += 1) expectSame(bodyOf(generateArticle(index, 3).text));
  });

  it.each([
    'Call us on 0800 123 4567 or mail office@example.co.uk today.',
    'See https://example.co.uk/prices, www.example.co.uk and mailto:office@example.co.uk.',
    'A hard break  \nafter two spaces, and one after a tab\t  \nand   \n   spaces.',
    'Ends in spaces  ',
    'Stars *and* _underscores_ and snake_case_words and ~~struck~~ and ~single~ tildes.',
    'Back\\slash, `code`, ``double code``, a [link](/contact) and ![an image](/favicon.svg).',
    '&amp; &#169; &#x2014; &copy; & plain ampersands; a < b > c, 3<4 and <3.',
    'Prix: £2,000 — ça va 😀 and a colon: here.',
    '- a list item  \n  continued\n- another www.example.co.uk\n\n1. first\n2. second',
    '> a quote with a hard break  \n> and more',
    '| Job | Price |\n|---|---|\n| Boiler  | £2,000 |',
    '## Prices & fees\n\n| Job | Price |\n|---|---|\n| Boiler | £2,000 |\n\nAnd:\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\n## Next\n\nWords.',
    '## Ring {phone} for *these*\n\n| Job | Price |\n|---|---|\n| Boiler | £2,000 |',
  ])('writes what marked writes for %j', (source) => expectSame(source));

  it('writes what marked writes for a few thousand texts made of the characters Markdown’s inline rules turn on', () => {
    const pieces = [
      'word',
      ' ',
      ' ',
      '  ',
      '\n',
      '  \n',
      '_',
      '*',
      '`',
      '~',
      '\\',
      '<',
      '!',
      '[',
      ']',
      '(',
      ')',
      '.',
      ':',
      '@',
      'www.',
      'https://',
      '&',
      '&#65;',
      'é',
      '\t',
      '#',
      '-',
      '1.',
    ];
    // xorshift32: the same texts on every run.
    let state = 42;
    const next = () => {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return (state >>> 0) / 4294967296;
    };
    for (let count = 0; count < 3000; count += 1) {
      let source = '';
      for (let length = 1 + Math.floor(next() * 16); length > 0; length -= 1)
        source += pieces[Math.floor(next() * pieces.length)];
      let html: string;
      try {
        html = renderMarkdown(source).html;
      } catch (error) {
        // Refused (an empty heading, an unsafe link): marked's own rule is not what decided that.
        if (error instanceof RefusedMarkdownError) continue;
        throw error;
      }
      expect(html, JSON.stringify(source)).toBe(own.parse(source) as string);
    }
  });
});
