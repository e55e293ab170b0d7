/**
 * The toasts' island, hydrated when a form is first used (Island's
 * hydrate="on-form-use"): its live regions are in the page from the first
 * paint, so screen readers watch them already, and nothing shows in them
 * before a form is sent. Loaded with the code that sends a lead, not at load.
 */
import { Toaster } from './Toaster';
import { hydrateIsland } from './hydrate';

const hydrateToaster = () => {
  for (const element of document.querySelectorAll<HTMLElement>('[data-island-on-form-use="Toaster"]'))
    hydrateIsland(element, Toaster);
};
hydrateToaster();
// A body swapped in place (sitegen dev, after an edit) holds a new island, which this module, loaded once, hydrates too.
new MutationObserver(hydrateToaster).observe(document.documentElement, { childList: true });
