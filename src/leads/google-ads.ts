/**
 * `sitegen leads --google-ads`: Google Ads' click-conversion import file, so the agency measures its ads by the
 * enquiries they brought without a tag on the site. The last touch's GCLID, else the first's, unless the last was an
 * iOS click: last click wins, as in Google Ads itself. The file names the time zone its times are in.
 */
import { londonOffset, londonTime, siteTimeZone } from '../content/publishing';
import { csvCell, csvText } from './format-leads';
import type { LeadRow } from './pglite-lead-store';

const header = ['Google Click ID', 'Conversion Name', 'Conversion Time', 'Conversion Value', 'Conversion Currency'];

const clickIdOf = (row: LeadRow) => row.last_gclid ?? (row.last_gbraid || row.last_wbraid ? null : row.first_gclid);

/** A newsletter sign-up is no enquiry: counted as one, it would inflate the conversions the agency judges its ads by. */
export const isEnquiry = (row: LeadRow): boolean => row.form_type !== 'newsletter';

/** Sign-ups that came from an ad click, left out of the file. */
export const signUpsFromClicks = (rows: readonly LeadRow[]): number =>
  rows.filter((row) => !isEnquiry(row) && (clickIdOf(row) || hasIosClick(row))).length;

/** Google Ads takes the conversions of clicks at most this old. */
const clickLifetimeMs = 90 * 24 * 60 * 60 * 1000;

/** The start of the click's day (touches are dated); the lead's arrival if earlier, or if its touch has no day. */
function clickedAt(row: LeadRow): number {
  const day = row.last_gclid ? row.last_arrived_on : row.first_arrived_on;
  return Math.min(Date.parse(`${day}T00:00:00Z`) || Infinity, row.created_at.getTime());
}

export const tooOldClickLeads = (rows: readonly LeadRow[], now: Date): LeadRow[] =>
  rows.filter((row) => clickIdOf(row) && now.getTime() - clickedAt(row) > clickLifetimeMs);

/** Value and currency are left blank: the conversion action's own value applies. */
export function formatGoogleAds(rows: readonly LeadRow[], options: { conversionName: string; now: Date }): string {
  const tooOld = new Set(tooOldClickLeads(rows, options.now));
  const lines = [`Parameters:TimeZone=${siteTimeZone}`, header.join(',')];
  for (const row of rows) {
    const click = clickIdOf(row);
    if (click && !tooOld.has(row))
      lines.push([csvCell(click), csvText(options.conversionName), conversionTime(row.created_at), '', ''].join(','));
  }
  return lines.map((line) => `${line}\r\n`).join('');
}

/** London's time and offset, +hhmm as Google's help writes one: the hour the clocks go back comes twice. */
const conversionTime = (instant: Date): string =>
  `${londonTime(instant).replace('T', ' ')}+0${londonOffset(instant.getTime())}00`;

const hasIosClick = (row: LeadRow): boolean =>
  [row.last_gbraid, row.last_wbraid, row.first_gbraid, row.first_wbraid].some(Boolean);

/** Leads from an iOS click (gbraid or wbraid, no GCLID): the file's Google Click ID column cannot carry them. */
export const iosClickLeads = (rows: readonly LeadRow[]): number =>
  rows.filter((row) => !clickIdOf(row) && hasIosClick(row)).length;
