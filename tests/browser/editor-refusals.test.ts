/**
 * Saves the editor at /admin refuses for what Decap CMS made of what a marketer did in its form, in words that say what
 * happened and what to do instead: a link typed as Markdown in the rich-text Body, which Decap saves escaped, and one
 * photo chosen under two names, which Decap keeps once. The real `sitegen dev` in a copy of the project, its real local
 * backend and Decap in Chromium (support/editor-session.ts); nothing written.
 */
import { readdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { photo } from '../support/test-images';
import { addTestimonial, chooseTestimonialPhotos, uploadPhoto, writeArticle } from './support/editor';
import { contentFile, editor, refused, useEditedProject } from './support/editor-session';

let portrait: Buffer;
let van: Buffer;

beforeAll(async () => {
  portrait = await photo({ width: 1600, height: 1600, hue: 90 });
  van = await photo({ width: 2400, height: 1350, hue: 30 });
});
useEditedProject();

describe('the editor at /admin in sitegen dev', { timeout: 60_000 }, () => {
  it('shows the Body’s hint for a link typed in Markdown as written, and refuses one typed in rich text, which Decap saves escaped, writing nothing', async () => {
    const { page, problems } = await editor.at('/collections/articles/new');
    // The Body's hint says how to type a link in Markdown: shown as written, not made a link itself ("type words").
    const hint = page.getByText(/^\{name\}, \{legalName\}/);
    expect(await hint.innerText()).toContain('or type [words](/address) after switching to Markdown.');
    expect(await hint.getByRole('link').count()).toBe(0);
    await writeArticle(page, { slug: 'typed-link' });
    // Typed after the Body's sentence, as a marketer who knows Markdown types a link.
    await page.keyboard.insertText(' See [our services](/services) for the rest.');
    await uploadPhoto(page, { name: 'typed-link.jpg', photo: van });
    await refused(
      page,
      problems,
      'content/blog/typed-link.md: Body: line 1: "\\[our services](/services)" is shown as written, not as a link: use the editor\'s link button, or write it in Markdown mode without the backslash',
    );
  });

  it('refuses one photo chosen twice in an entry under two names, which Decap would write once, and writes nothing', async () => {
    const { page, problems } = await editor.at('/collections/lists/entries/testimonials');
    await addTestimonial(page);
    // The same photo, saved twice on the computer under two names, chosen for each of the testimonial's photos.
    await chooseTestimonialPhotos(page, [
      { name: 'Gary Hughes.jpg', photo: portrait, alt: 'Portrait of Gary Hughes on a roof' },
      { name: 'Hughes Roofing.jpg', photo: portrait, alt: 'Gary Hughes on a roof again' },
    ]);
    // Decap kept the photo once, under the name it was chosen by last: the testimonial's Image names no file.
    await refused(
      page,
      problems,
      'content/testimonials.json: Testimonials, entry 4 › Image: "images/gary-hughes.jpg" is the same photo as "images/hughes-roofing.jpg", chosen again under another name, and the editor keeps a photo once, under the last name it was given: choose a different photo for one of them',
    );
    expect(await readdir(contentFile('images'))).toEqual(['logo.png']);
  });
});
