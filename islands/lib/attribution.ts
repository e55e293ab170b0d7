/**
 * How the visitor found the site, as a lead carries it (a touch:
 * supabase/functions/_shared/attribution.ts). After an accept, each arrival
 * by a link, an advert or another site is kept as the last touch, the first
 * one kept too, for 90 days from the latest; a direct visit keeps what came
 * before. Without an accept, a lead carries only what its own page knows.
 * Loaded when there is something to keep, or a lead to send: never at load.
 */
import { cleanTouch, touchFields, type Touch } from '../../supabase/functions/_shared/attribution.ts';
import { attributionKey, keep, readKept, storedChoice } from './consent';

interface Kept {
  first: Touch;
  last: Touch;
}

/** The touch's fields an address carries in its query: every field but those the page itself knows. */
const campaignParameters = touchFields.filter(
  (field) => !['landing_path', 'referrer_origin', 'arrived_on'].includes(field),
);
const keepDays = 90;
const otherClicks = { fbclid: 'facebook', msclkid: 'bing' };

/** The referrer's origin, if it is another site's web page (never its path or query, nor a `javascript:` URL). */
function referringSite(): string | undefined {
  try {
    const { origin, protocol } = new URL(document.referrer);
    return /^https?:$/.test(protocol) && origin !== location.origin ? origin : undefined;
  } catch {
    return undefined;
  }
}

/** Facebook's and Microsoft's click identifiers, not kept: they name the site that sent the visitor, whose app often sends no referrer. */
const clickedFrom = (query: URLSearchParams) => Object.entries(otherClicks).find(([name]) => query.has(name))?.[1];
const tagged = (query: URLSearchParams) =>
  Boolean(clickedFrom(query)) || campaignParameters.some((name) => query.has(name));

/**
 * This page as an arrival: null when it was opened from another page of the
 * site; `campaign` when a link, an advert or another site brought the visitor
 * (not a typed address or a bookmark). Opened from the page an advert or a
 * tagged link opened, that page is the arrival: a visitor who answers the
 * cookie question on the next page, or sends its form, came by the advert.
 */
function arrival(): { touch: Touch | null; campaign: boolean } | null {
  // Only a page of this site as the referrer means a move within it: an app's `android-app://` address is an arrival.
  const within = document.referrer.startsWith(`${location.origin}/`);
  const here = new URLSearchParams(location.search);
  const page = within && !tagged(here) ? new URL(document.referrer) : location;
  const query = new URLSearchParams(page.search);
  const fromCampaign = tagged(query);
  if (!fromCampaign && within) return null;
  const referrer = page === location ? referringSite() : undefined;
  const raw = Object.fromEntries(campaignParameters.map((name) => [name, query.get(name)]));
  raw.utm_source ||= clickedFrom(query) ?? null;
  return {
    // The day, for Google Ads, which takes a conversion only within 90 days of its click.
    touch: cleanTouch({ ...raw, landing_path: page.pathname, referrer_origin: referrer, arrived_on: today() }),
    campaign: Boolean(referrer) || fromCampaign,
  };
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Keeps this page's arrival, after an accept: as the visitor accepts, or as the page loads for one who has, unless it
 * was reloaded or returned to by Back or Forward, which is no arrival though its address may say so (the startup code
 * every page loads leaves that to this one, loaded only for an arrival).
 */
export function recordTouch(onLoad?: true): void {
  const opened = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
  if (onLoad && (opened === 'reload' || opened === 'back_forward')) return;
  const page = arrival();
  if (!page?.touch) return;
  const kept = readKept<Kept>(attributionKey);
  if (kept && !page.campaign) return;
  keep(attributionKey, { first: kept?.first ?? page.touch, last: page.touch }, Date.now() + keepDays * 86_400_000);
}

/** What a lead sent from this page carries. */
export function leadAttribution(): { first: Touch | null; last: Touch | null } {
  const kept = storedChoice() === 'accepted' ? readKept<Kept>(attributionKey) : null;
  // Cleaned as the schema takes it: what another version of the site, or an extension, left must not cost the enquiry.
  return kept
    ? { first: cleanTouch(kept.first), last: cleanTouch(kept.last) }
    : { first: null, last: arrival()?.touch ?? null };
}
