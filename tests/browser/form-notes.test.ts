/**
 * What the forms say around them, in a real browser against the real preview
 * server: the privacy policy under each, and, where the script is off or never
 * comes, how to reach the agency instead.
 */
import { describe, expect, it } from 'vitest';
import { narrow, openPage, reusedPage, speedUpAnimations, wide } from './support/browser';
import { sharedTestPreview } from './support/preview';

const preview = sharedTestPreview();
const wideVisitor = reusedPage(wide);
const narrowVisitor = reusedPage(narrow);
const visitorWithoutJavaScript = reusedPage({ ...wide, javaScript: false });

const waiting =
  'Still waiting? If this form does not send, call us on 0808 157 0192 or email hello@example.com and we will take your details.';

describe('privacy policy', () => {
  it('under every form, once it is ready: a link to the privacy policy, which says what is done with the details', async () => {
    const { page, problems } = await narrowVisitor();
    const note = 'Our privacy policy explains how we use your details and the rights you have over them.';
    for (const [path, buttons] of [
      ['/', ['Get My Free Quote', 'Send My Enquiry']],
      ['/contact', ['Send My Enquiry']],
      ['/blog', ['Subscribe']],
      ['/blog/category/seo', ['Subscribe']],
    ] as const) {
      await page.goto(`${preview.url}${path}`);
      await expect.poll(() => page.getByRole('button', { name: buttons[0] }).isEnabled()).toBe(true);
      const notes = page.getByText(note, { exact: true });
      expect(await notes.count(), path).toBe(buttons.length);
      for (const [index, name] of buttons.entries()) {
        const [button, text] = [page.getByRole('button', { name }), notes.nth(index)];
        const [buttonBox, noteBox] = [await button.boundingBox(), await text.boundingBox()];
        expect(noteBox!.y, `${path} ${name}`).toBeGreaterThanOrEqual(buttonBox!.y + buttonBox!.height);
        expect(await text.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy-policy');
      }
    }
    await page.getByRole('link', { name: 'privacy policy', exact: true }).click();
    await page.waitForURL(/\/privacy-policy$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Privacy Policy');
    expect(await page.getByRole('heading', { name: 'Enquiry forms' }).count()).toBe(1);
    expect(problems).toEqual([]);
  });
});

describe('without JavaScript', () => {
  it('the forms cannot be sent, and say above them how to reach the agency instead, by links: nothing typed goes into the address', async () => {
    const { page } = await visitorWithoutJavaScript();
    const note =
      'Sending this form needs JavaScript, which is off in this browser. Call us on 0808 157 0192 or email hello@example.com and we will take your details.';
    for (const [path, buttons] of [
      ['/', ['Get My Free Quote', 'Send My Enquiry']],
      ['/contact', ['Send My Enquiry']],
      ['/contact', ['Send My Enquiry']],
      ['/blog', ['Subscribe']],
    ] as const) {
      await page.goto(`${preview.url}${path}`);
      for (const name of buttons)
        expect(await page.getByRole('button', { name }).isDisabled(), `${path} ${name}`).toBe(true);
      const notes = page.getByText(note, { exact: true });
      expect(await notes.count(), path).toBe(buttons.length);
      // Above the form, before anything is typed into it; the number and the address ready to tap.
      const [noteBox, formBox] = [await notes.first().boundingBox(), await page.locator('form').first().boundingBox()];
      expect(noteBox!.y + noteBox!.height, path).toBeLessThanOrEqual(formBox!.y);
      expect(await notes.first().getByRole('link', { name: '0808 157 0192' }).getAttribute('href')).toBe(
        'tel:+448081570192',
      );
      expect(await notes.first().getByRole('link', { name: 'hello@example.com' }).getAttribute('href')).toBe(
        'mailto:hello@example.com',
      );
    }
    await page.goto(`${preview.url}/`);
    const form = page.locator('#home form');
    await form.getByLabel('Full name').fill('Dave Hughes');
    await form.getByLabel('Email address').fill('dave@hughesplumbing.co.uk');
    await form.getByLabel('Email address').press('Enter');
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${preview.url}/`);
  });

  it('a form whose script never comes (a lost connection, a blocker) says below its button, after five seconds, to call or e-mail if it does not send, by links', async () => {
    const { page } = await openPage(wide);
    await page.route('**/assets/*.js', (script) => script.abort());
    await speedUpAnimations(page);
    for (const [path, buttons] of [
      ['/', ['Get My Free Quote', 'Send My Enquiry']],
      ['/contact', ['Send My Enquiry']],
      ['/blog', ['Subscribe']],
    ] as const) {
      await page.goto(`${preview.url}${path}`);
      const notes = page.getByText(waiting, { exact: true });
      await expect.poll(() => notes.first().isVisible(), { message: path }).toBe(true);
      expect(await notes.count(), path).toBe(buttons.length);
      for (const [index, name] of buttons.entries()) {
        const button = page.getByRole('button', { name });
        expect(await button.isDisabled(), `${path} ${name}`).toBe(true);
        const [buttonBox, noteBox] = [await button.boundingBox(), await notes.nth(index).boundingBox()];
        expect(noteBox!.y, `${path} ${name}`).toBeGreaterThanOrEqual(buttonBox!.y + buttonBox!.height);
      }
      expect(await notes.first().getByRole('link', { name: '0808 157 0192' }).getAttribute('href')).toBe(
        'tel:+448081570192',
      );
      expect(await notes.first().getByRole('link', { name: 'hello@example.com' }).getAttribute('href')).toBe(
        'mailto:hello@example.com',
      );
    }
    // Where the script comes, the note never shows, however long the page stays open.
    await page.unroute('**/assets/*.js');
    await page.goto(`${preview.url}/`);
    await expect.poll(() => page.getByRole('button', { name: 'Get My Free Quote' }).isEnabled()).toBe(true);
    await page.waitForTimeout(200);
    expect(await page.getByText(waiting, { exact: true }).first().isVisible()).toBe(false);
    expect(await page.getByText(waiting, { exact: true }).count()).toBe(2);

    // With JavaScript off, the note above the form says how to reach the agency (below): this one is not said as well.
    const withoutScript = await openPage({ ...wide, javaScript: false });
    await speedUpAnimations(withoutScript.page);
    await withoutScript.page.goto(`${preview.url}/`);
    await withoutScript.page.waitForTimeout(300);
    expect(await withoutScript.page.getByText(waiting, { exact: true }).first().isVisible()).toBe(false);
  });

  it('without the stylesheet too (a lost connection, a reader that ignores it), no form says it is sending while none is', async () => {
    for (const javaScript of [false, true]) {
      const { page } = await openPage({ ...wide, javaScript });
      await page.route('**/*.css', (stylesheet) => stylesheet.abort());
      for (const path of ['/', '/contact', '/blog']) {
        await page.goto(`${preview.url}${path}`);
        expect(await page.getByText('Submitting...').count(), `${path} ${javaScript}`).toBeGreaterThan(0);
        expect(await page.getByText('Submitting...').filter({ visible: true }).count(), `${path} ${javaScript}`).toBe(
          0,
        );
      }
    }
  });

  it('a screen reader says the note when it shows: it shows in a live region that was in the page before, on every form', async () => {
    const { page } = await openPage(wide);
    await page.route('**/assets/*.js', (script) => script.abort());
    await speedUpAnimations(page);
    for (const [path, count] of [
      ['/', 2],
      ['/blog', 1],
    ] as const) {
      await page.goto(`${preview.url}${path}`);
      const notes = page.getByText(waiting, { exact: true });
      await expect.poll(() => notes.first().isVisible(), { message: path }).toBe(true);
      const inLiveRegion = await notes.evaluateAll((all) =>
        all.map((note) => {
          const region = note.parentElement?.closest('[aria-live="polite"], [role="status"]');
          // Its region's own box is there while the note is not: a region the browser does not draw is not listened to.
          return region !== null && region !== undefined && getComputedStyle(region).display !== 'none';
        }),
      );
      expect(inLiveRegion, path).toEqual(Array(count).fill(true));
      // The note alone: the button waits for a script that never came, and nothing is being sent.
      const said = await notes.evaluateAll((all) => all.map((note) => note.parentElement?.innerText));
      expect(said, path).toEqual(Array(count).fill(waiting));
    }
  });

  it('with JavaScript on, the note is not shown and the buttons are ready once the page has loaded', async () => {
    const { page } = await wideVisitor();
    await page.goto(`${preview.url}/`);
    expect(await page.getByText('Sending this form needs JavaScript', { exact: false }).first().isVisible()).toBe(
      false,
    );
    await expect.poll(() => page.getByRole('button', { name: 'Get My Free Quote' }).isEnabled()).toBe(true);
  });
});
