/**
 * The toasts' island, hydrated when a form is first used (Island's
 * hydrate="on-form-use"): its live regions are in the page from the first
 * paint, so screen readers watch them already, and nothing shows in them
 * before a form is sent. Loaded with the code that sends a lead, not at load;
 * hydrated by each form as it is first used, not once when loaded: a body
 * swapped in place (sitegen dev) holds a new island the loaded module never saw.
 */
import { Toaster } from './Toaster';
import { hydrateIslands } from './hydrate';

export const hydrateToaster = () => hydrateIslands('Toaster', Toaster, 'data-island-on-form-use');
