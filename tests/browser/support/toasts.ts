/**
 * The toasts as a visitor meets them: the region they show in, and the times,
 * by the page's own clock (a fake one, moved on by the test), at which a
 * toast showed, was pointed at, was let go and went.
 */
import type { Locator, Page } from 'playwright-core';

/** Where toasts show (errors in an alert region, successes in a status region): always in the page, empty (and so without a box) when no toast shows. */
export function toast(page: Page) {
  return page.getByRole('region', { name: 'Notifications', includeHidden: true });
}

export interface ToastTimes {
  /** When `region` first showed a toast. */
  shown?: number;
  /** When the pointer last came onto a toast, and left it. */
  pointed?: number;
  unpointed?: number;
  /** When `region` was empty again, after `shown`. */
  gone?: number;
}

/** Starts noting the times of the first toast in `region` (an alert or status region); the function returned reads them. */
export async function noteToastTimes(region: Locator): Promise<() => Promise<ToastTimes>> {
  const times = await region.evaluateHandle((element) => {
    const noted: ToastTimes = {};
    new MutationObserver(() => {
      if (element.textContent) noted.shown ??= Date.now();
      else if (noted.shown !== undefined) noted.gone ??= Date.now();
    }).observe(element, { childList: true, subtree: true, characterData: true });
    // Enter and leave events do not bubble; a listener of the capture phase still hears them.
    const onToast = (event: Event) => (event.target as Element).parentElement === element;
    element.addEventListener('pointerenter', (event) => onToast(event) && (noted.pointed = Date.now()), true);
    element.addEventListener('pointerleave', (event) => onToast(event) && (noted.unpointed = Date.now()), true);
    return noted;
  });
  return () => times.jsonValue();
}

/**
 * `read`, for expect.poll on a page whose clock the test has paused: the clock moved on a little before each look, as
 * a page's code may wait for a frame or a timer before it draws what the test waits for.
 */
export function steppingClock<T>(page: Page, read: () => Promise<T>): () => Promise<T> {
  return async () => {
    await page.clock.runFor(50);
    return read();
  };
}
