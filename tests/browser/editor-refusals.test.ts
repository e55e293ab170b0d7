/**
 * Saves the editor at /admin refuses for what Decap CMS made of what a marketer did in its form, in words that say what
 * happened and what to do instead: a link typed as Markdown in the rich-text Body, which Decap saves escaped. The real
 * `sitegen dev` in a copy of the project, its real local backend and Decap in Chromium (support/editor-session.ts);
 * nothing written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { photo } from '../support/test-images';
import { notification, publish, uploadPhoto, writeArticle } from './support/editor';
import { edited, editor, useEditedProject } from './support/editor-session';

let van: Buffer;

beforeAll(async () => {
  van = await photo({ width: 2400, height: 1350, hue: 30 });
});
useEditedProject();

describe('the editor at /admin in sitegen dev', { timeout: 60_000 }, () => {
  it('refuses a link typed as Markdown in the rich-text Body, which Decap saves escaped, and writes nothing', async () => {
    const { page, problems } = await editor.at('/collections/articles/new');
    await writeArticle(page, { slug: 'typed-link' });
    // Typed after the Body's sentence, as a marketer who knows Markdown types a link.
    await page.keyboard.insertText(' See [our services](/services) for the rest.');
    await uploadPhoto(page, { name: 'typed-link.jpg', photo: van });
    await publish(page);
    expect(await notification(page)).toBe(
      'Failed to persist entry: content/blog/typed-link.md: Body: line 1: "\\[our services](/services)" is shown as written, not as a link: use the editor\'s link button, or write it in Markdown mode without the backslash',
    );
    expect(await edited.git('status', '--porcelain', '--', 'content')).toBe('');
    expect(problems().filter((problem) => !problem.startsWith('error: Error: content/blog'))).toEqual([]);
  });
});
