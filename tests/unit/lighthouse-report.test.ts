/** The Lighthouse gate's report of scores as the terminal shows it (src/check/gates/lighthouse.ts): one column each. */
import { describe, expect, it } from 'vitest';
import { aligned, barePagePath } from '../../src/check/gates/lighthouse';

describe('the Lighthouse report', () => {
  it('sizes the path column to the longest path: an article with a long slug leaves every score in its column', () => {
    const scores = 'performance 97  accessibility 100  best practices 96  SEO 100';
    const lines = aligned([
      ['bare page', barePagePath, 'performance 99, 98, 99 (median 99; limit 96)'],
      ['Home', '/', scores],
      ['Article', '/blog/why-every-plumber-needs-a-google-business-profile', scores],
      ['TradePage', '/services/driveway-paving-specialist', 'not measured: NO_FCP: the page did not paint'],
    ]);
    expect(lines).toEqual([
      'bare page  /__sitegen-bare-page                                     performance 99, 98, 99 (median 99; limit 96)',
      'Home       /                                                        performance 97  accessibility 100  best practices 96  SEO 100',
      'Article    /blog/why-every-plumber-needs-a-google-business-profile  performance 97  accessibility 100  best practices 96  SEO 100',
      'TradePage  /services/driveway-paving-specialist                     not measured: NO_FCP: the page did not paint',
    ]);
    expect(new Set(lines.map((line) => line.search(/performance|not measured/)))).toEqual(new Set([9 + 2 + 55 + 2]));
  });
});
