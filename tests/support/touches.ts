/** A visit as the agency's tests meet it most: a click on a Google advert, tagged as the agency tags its campaigns. */
import type { Touch } from '../../supabase/functions/_shared/attribution.ts';

export const adClick = {
  landing_path: '/',
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'plumbers-derby',
  gclid: 'TEST-1',
} as const satisfies Touch;
