import type { Locator, Page } from 'playwright-core';

/** How many leads the page sends to the contact-form function while `action` runs, and a moment after. */
export async function leadRequests(page: Page, action: () => Promise<void>): Promise<number> {
  let count = 0;
  const listener = (request: { url(): string }) => {
    if (request.url().endsWith('/functions/v1/contact-form')) count += 1;
  };
  page.on('request', listener);
  await action();
  await page.waitForTimeout(300);
  page.off('request', listener);
  return count;
}

/** What a screen reader reads after an element's name and role: Chromium's own accessibility tree's description. */
export async function accessibleDescription(page: Page, selector: string): Promise<string | undefined> {
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
  await cdp.detach();
  return nodes[0]?.description?.value as string | undefined;
}

/** Fills in what the contact form requires, as an electrician and heating engineer would; nothing else. */
export async function fillContactRequired(form: Locator): Promise<void> {
  await form.getByLabel('Full name').fill('Sarah Okafor');
  await form.getByLabel('Email address').fill('sarah@okaforelectrical.co.uk');
  await form.getByLabel('Phone number').fill('0115 496 0321');
  await form.getByLabel('Your trade').selectOption('heating');
}
