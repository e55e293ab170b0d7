/**
 * Footnotes in a Markdown body (marked-footnote): a numbered reference to each
 * note and the notes after the text, each linking back; a reference without a
 * note, a note referred to nowhere or twice, and what a note may not hold,
 * refused, naming the line.
 */
import { describe, expect, it } from 'vitest';
import { renderMarkdown, RefusedMarkdownError } from '../../src/content/markdown';

describe('footnotes (marked-footnote)', () => {
  const note =
    'Most homeowners read reviews first[^survey].\n\n[^survey]: BrightLocal, [2024](https://www.brightlocal.com/).\n';

  it('writes a numbered reference to each note, and the notes after the text, each linking back', () => {
    expect(renderMarkdown(`## Reviews\n\n${note}\nMore text.\n`).html).toBe(
      '<h2><a id="reviews"></a>Reviews</h2>\n' +
        '<p>Most homeowners read reviews first<sup><a id="footnote-ref-survey" href="#footnote-survey" data-footnote-ref aria-describedby="footnote-label">1</a></sup>.</p>\n' +
        '<p>More text.</p>\n' +
        '<section class="footnotes" data-footnotes>\n<h2 id="footnote-label" class="sr-only">Footnotes</h2>\n<ol>\n<li id="footnote-survey">\n' +
        '<p>BrightLocal, <a href="https://www.brightlocal.com/">2024</a>. <a href="#footnote-ref-survey" data-footnote-backref aria-label="Back to reference survey">↩</a></p>\n' +
        '</li>\n</ol>\n</section>\n',
    );
  });

  it.each([
    [
      'Reviews matter[^1].\n\nMore.',
      'line 1: footnote "[^1]" has no note: write it on a line of its own below the paragraph, as [^1]: The survey\'s source.',
    ],
    [
      'Reviews matter.\n\n[^1]: A note.',
      'line 3: the note "[^1]:" is referred to nowhere (or another note has its label): write [^1] after the words it explains, or remove the note',
    ],
    [
      'Reviews[^1].\n\n[^1]: One.\n[^1]: Two.',
      'line 4: the note "[^1]:" is referred to nowhere (or another note has its label)',
    ],
    [
      'Reviews[^1] and stars[^1].\n\n[^1]: One.',
      'line 1: footnote "[^1]" is referred to a second time: give each place a note of its own',
    ],
    [
      'Reviews[^1].\n\n[^1]: See [this](javascript:alert(1)).',
      'line 3: link "javascript:alert(1)" uses a scheme other than https',
    ],
    ['Reviews[^1].\n\n[^1]: See <b>this</b>.', 'line 3: HTML "<b>" would show on the page as text'],
  ])('refuses %j, naming the line', (source, message) => {
    expect(() => renderMarkdown(`${source}\n`)).toThrow(message);
  });

  it('writes the next body as it should after one refused, and names the same line in the same body every time', () => {
    expect(() => renderMarkdown('Reviews[^1] and stars[^1].\n\n[^1]: One.\n')).toThrow(RefusedMarkdownError);
    expect(renderMarkdown(note).html).toContain('<li id="footnote-survey">');
    expect(renderMarkdown('No notes here.\n').html).toBe('<p>No notes here.</p>\n');
    // Each body as the file gives it, after the front matter's blank line: the line is the same every time.
    for (let body = 0; body < 3; body += 1)
      expect(() => renderMarkdown('\nIntro.\n\n### Deep\n', 15)).toThrow('line 18: heading "### Deep" skips a level');
  });
});
