/** The consent question as a visitor meets it, and the address a Google ad brings them to. */
import type { Page } from 'playwright-core';
import { consentQuestion } from '../../support/site';

/** A landing from a Google ad: its campaign and click in the address. */
export const adLanding = '/?utm_source=google&utm_medium=cpc&utm_campaign=plumbers-derby&gclid=TEST-1';

/** The consent question, found as a screen reader names it. */
export const banner = (page: Page) => page.getByRole('region', { name: consentQuestion });
