/**
 * Whether an article or a job is on the site, decided in one place as Hugo does: every route, list, feed, sitemap entry
 * and structured-data list asks isPublished (or isOpen), so a draft cannot leak into one and not the others. Days are
 * London's, where the agency works, so a scheduled article goes live on its day with no edit. The clock is an input
 * like a file: it comes from the configuration (SITEGEN_NOW or the real time), never from a stage.
 */
import type { Article, Job } from './model';

export const siteTimeZone = 'Europe/London';

export interface Publishing {
  /** An ISO date: an article dated after it is scheduled. */
  today: string;
  /** Drafts and scheduled articles are on the site too, marked as such (sitegen dev, build --drafts). */
  drafts: boolean;
}

type Dated = Pick<Article, 'draft' | 'date'>;

export const publicationStatus = (article: Dated, today: string): 'published' | 'draft' | 'scheduled' =>
  article.draft ? 'draft' : article.date > today ? 'scheduled' : 'published';

export const isPublished = (article: Dated, now: Publishing): boolean =>
  now.drafts || publicationStatus(article, now.today) === 'published';

/** The scheduled article that goes live first (drafts wait for an edit, not a date), if any. */
export function nextScheduled<T extends Dated>(articles: readonly T[], today: string): T | undefined {
  let next: T | undefined;
  for (const article of articles)
    if (publicationStatus(article, today) === 'scheduled' && (!next || article.date < next.date)) next = article;
  return next;
}

type Posting = Pick<Job, 'datePosted' | 'validThrough'>;

/** Why the editor keeps a live article on the site (a draft, a date to come, a delete): a live URL never just vanishes. */
export const liveArticleStays = `its visitors and search rankings would be lost. A live article leaves the site only with a redirect from its address, which a developer adds to content/redirects.json`;

/** From the start of its datePosted to the end of its validThrough, in London. */
export const isOpen = (job: Posting, today: string): boolean => jobStatus(job, today) === 'open';

export type JobStatus = 'open' | 'closed' | 'waiting';

export const jobStatus = (job: Posting, today: string): JobStatus =>
  today > job.validThrough ? 'closed' : today < job.datePosted ? 'waiting' : 'open';

/** The first day after `today` on which the clock alone changes the site. */
export function nextChange(content: { articles: readonly Dated[]; jobs: readonly Posting[] }, today: string) {
  const days = [
    nextScheduled(content.articles, today)?.date,
    ...content.jobs.map((job) =>
      job.datePosted > today ? job.datePosted : isOpen(job, today) ? dayAfter(job.validThrough) : undefined,
    ),
  ];
  return days.filter((day) => day !== undefined).sort()[0];
}

export function dayAfter(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + 1)).toISOString().slice(0, 10);
}

const hour = 3_600_000;

/**
 * London's offset from UTC in hours at an instant (or at a London wall-clock time read as UTC: no day starts or ends in
 * the hour of a change): summer time from 01:00 UTC on March's last Sunday to October's. A rule, not Intl, whose first
 * time-zone formatter would keep every build waiting for ICU's zone data; a test holds it to that data, for a new law.
 */
export function londonOffset(time: number): 0 | 1 {
  const lastSunday = (month: number, last = Date.UTC(new Date(time).getUTCFullYear(), month + 1, 0, 1)) =>
    last - new Date(last).getUTCDay() * 24 * hour;
  return time >= lastSunday(2) && time < lastSunday(9) ? 1 : 0;
}

/** London's wall-clock time at an instant, as an ISO date and time without a zone. */
export const londonTime = (instant: Date) =>
  new Date(instant.getTime() + londonOffset(instant.getTime()) * hour).toISOString().slice(0, 19);

export const londonDay = (instant: Date) => londonTime(instant).slice(0, 10);

/** The last second of an ISO date in London, with London's offset that day: when a job closing that day closes. */
export const londonEndOfDay = (isoDate: string): string =>
  `${isoDate}T23:59:59+0${londonOffset(Date.parse(`${isoDate}T23:59:59Z`))}:00`;

/** The instant an ISO date begins in London: when an article dated that day goes live. */
export function londonMidnight(isoDate: string): Date {
  const wallClock = Date.parse(`${isoDate}T00:00:00Z`);
  return new Date(wallClock - londonOffset(wallClock) * hour);
}
