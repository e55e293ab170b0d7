/**
 * The islands a template can place. Each name is also a browser entry point:
 * the bundler makes one script per island, loaded only by pages that hold it.
 */
import { EnquiryForm } from './EnquiryForm';
import { NewsletterForm } from './NewsletterForm';
import { Toaster } from './lib/Toaster';

export const islands = { EnquiryForm, NewsletterForm, Toaster };

export type IslandName = keyof typeof islands;
export type IslandProps<N extends IslandName> = Parameters<(typeof islands)[N]>[0];
