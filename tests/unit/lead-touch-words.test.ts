/**
 * How a touch reads to the agency (attribution.ts's describeTouch), in the notification's "Found us" and `sitegen
 * leads`' Source: an advert by name, a campaign's tags as tagged, a search engine or social network by the name the
 * agency knows it by, any other site by its address.
 */
import { describe, expect, it } from 'vitest';
import { describeTouch, type Touch } from '../../supabase/functions/_shared/attribution.ts';
import { adClick } from '../support/touches';

describe('how a touch reads to the agency', () => {
  it('names the advert, the source and medium as tagged, the referring site, or a direct visit', () => {
    const reads = (touch: Touch | null) => describeTouch(touch);
    expect(reads(adClick)).toBe('Google Ads, campaign plumbers-derby');
    expect(reads({ utm_source: 'Google', utm_medium: 'CPC' })).toBe('Google Ads');
    expect(reads({ utm_source: 'google', utm_medium: 'paid-search' })).toBe('Google Ads');
    expect(reads({ utm_source: 'google', utm_medium: 'organic' })).toBe('google (organic)');
    expect(reads({ utm_source: 'newsletter', utm_medium: 'email' })).toBe('newsletter (email)');
    expect(reads({ utm_medium: 'email', utm_campaign: 'dec' })).toBe('email, campaign dec');
    expect(reads({ utm_campaign: 'dec', landing_path: '/' })).toBe('campaign dec');
    expect(reads({ referrer_origin: 'https://www.bing.com', landing_path: '/' })).toBe('Bing search');
    expect(reads({ referrer_origin: 'https://example-builders.co.uk' })).toBe('example-builders.co.uk');
    expect(reads({ referrer_origin: 'http://localhost:8080' })).toBe('localhost:8080');
    expect(reads({ landing_path: '/', arrived_on: '2026-01-05' })).toBe('a direct visit');
    expect(reads(null)).toBe('not known');
  });

  it('names a search engine or a social network by the name the agency knows it by, not its address', () => {
    const from = (origin: string) => describeTouch({ referrer_origin: origin, landing_path: '/' });
    const named = {
      'Google search': ['https://www.google.com', 'https://www.google.co.uk', 'https://google.com'],
      'Bing search': ['https://www.bing.com', 'https://cn.bing.com'],
      'DuckDuckGo search': ['https://duckduckgo.com'],
      'Yahoo search': ['https://uk.search.yahoo.com', 'https://search.yahoo.com'],
      'Ecosia search': ['https://www.ecosia.org'],
      Facebook: [
        'https://www.facebook.com',
        'https://m.facebook.com',
        'https://l.facebook.com',
        'https://lm.facebook.com',
      ],
      Instagram: ['https://www.instagram.com', 'https://l.instagram.com'],
      LinkedIn: ['https://www.linkedin.com', 'https://lnkd.in'],
    };
    for (const [name, origins] of Object.entries(named)) {
      for (const origin of origins) expect(from(origin), origin).toBe(name);
    }
    // Google's other sites are no search, and a look-alike is no Google: each is named by its address.
    expect(from('https://mail.google.com')).toBe('mail.google.com');
    expect(from('https://www.google.evil.example')).toBe('www.google.evil.example');
    expect(from('https://notfacebook.com')).toBe('notfacebook.com');
    // A medium tagged without a source is said of the site, which stands for the source: not "social" alone.
    expect(describeTouch({ referrer_origin: 'https://l.facebook.com', utm_medium: 'social' })).toBe(
      'Facebook (social)',
    );
    // A paid medium from Google's results, its source untagged, is an advert there.
    expect(describeTouch({ referrer_origin: 'https://www.google.co.uk', utm_medium: 'cpc' })).toBe('Google Ads');
    // The campaign goes with it, and an address's own utm_source still says how it was tagged.
    expect(describeTouch({ referrer_origin: 'https://www.facebook.com', utm_campaign: 'spring' })).toBe(
      'Facebook, campaign spring',
    );
    expect(describeTouch({ referrer_origin: 'https://www.google.com', utm_source: 'gbp', utm_medium: 'organic' })).toBe(
      'gbp (organic)',
    );
  });
});
