/**
 * The calendar of content/publishing.ts, which every build and sitegen dev
 * publish by: an article goes live at the start of its day in London, a
 * draft never does unless drafts are shown, a job stays on the site to the
 * end of its closing day, and the next day the clock alone changes the
 * site is named.
 */
import { describe, expect, it } from 'vitest';
import {
  isOpen,
  isPublished,
  londonDay,
  londonEndOfDay,
  londonMidnight,
  londonOffset,
  londonTime,
  nextChange,
  nextScheduled,
  publicationStatus,
} from '../../src/content/publishing';
describe('isPublished (content/publishing.ts)', () => {
  it('publishes an article from the start of its day in London, in winter and in summer time', () => {
    const now = (instant: string) => ({ today: londonDay(new Date(instant)), drafts: false });
    const article = { date: '2026-06-01' };
    // 23:30 UTC on 31 May is 00:30 on 1 June in London (BST).
    expect(isPublished(article, now('2026-05-31T22:59:59Z'))).toBe(false);
    expect(isPublished(article, now('2026-05-31T23:00:00Z'))).toBe(true);
    expect(isPublished({ date: '2026-01-15' }, now('2026-01-14T23:59:59Z'))).toBe(false);
    expect(isPublished({ date: '2026-01-15' }, now('2026-01-15T00:00:00Z'))).toBe(true);
    expect(londonMidnight('2026-06-01').toISOString()).toBe('2026-05-31T23:00:00.000Z');
    expect(londonMidnight('2026-01-15').toISOString()).toBe('2026-01-15T00:00:00.000Z');
  });

  it('never publishes a draft, whatever its date, unless drafts are shown; names the next scheduled article', () => {
    const today = '2026-03-02';
    const articles = [
      { date: '2026-03-10', title: 'later' },
      { date: '2026-01-01', draft: true, title: 'draft' },
      { date: '2026-03-03', title: 'next' },
      { date: '2026-03-01', draft: true, title: 'scheduled draft' },
      { date: '2026-02-01', title: 'live' },
    ];
    expect(articles.map((article) => publicationStatus(article, today))).toEqual([
      'scheduled',
      'draft',
      'scheduled',
      'draft',
      'published',
    ]);
    expect(articles.filter((article) => isPublished(article, { today, drafts: false })).map((a) => a.title)).toEqual([
      'live',
    ]);
    expect(articles.every((article) => isPublished(article, { today, drafts: true }))).toBe(true);
    expect(nextScheduled(articles, today)?.title).toBe('next');
  });

  it('keeps a job on the site from the day it is posted to the end of its closing day; names the first day the clock alone changes the site', () => {
    const posted = '2026-01-05';
    const jobs = [
      { datePosted: posted, validThrough: '2026-03-02' },
      { datePosted: posted, validThrough: '2026-02-28' },
      { datePosted: posted, validThrough: '2026-12-31' },
      { datePosted: '2026-03-06', validThrough: '2026-04-30' },
    ];
    expect(jobs.map((job) => isOpen(job, '2026-03-02'))).toEqual([true, false, true, false]);
    expect(isOpen(jobs[3]!, '2026-03-06')).toBe(true);
    // Its JobPosting's validThrough: the last second of its closing day, at London's offset that day.
    expect(['2027-01-31', '2026-07-31'].map(londonEndOfDay)).toEqual([
      '2027-01-31T23:59:59+00:00',
      '2026-07-31T23:59:59+01:00',
    ]);
    const articles = [{ date: '2026-03-10' }, { date: '2026-03-01' }];
    // The day after the first open job closes, before a job's posting and the next article's day; a closed job changes nothing more.
    expect(nextChange({ articles, jobs }, '2026-03-02')).toBe('2026-03-03');
    expect(nextChange({ articles, jobs: jobs.slice(2) }, '2026-03-02')).toBe('2026-03-06');
    expect(nextChange({ articles, jobs: jobs.slice(2, 3) }, '2026-03-02')).toBe('2026-03-10');
    expect(nextChange({ articles: [], jobs: jobs.slice(2, 3) }, '2026-03-02')).toBe('2027-01-01');
    expect(nextChange({ articles: articles.slice(1), jobs: jobs.slice(1, 2) }, '2026-03-02')).toBeUndefined();
  });
});

describe("London's clock (content/publishing.ts)", () => {
  // The time zone database Node carries, through Intl, is the rule's reference: should the law move the clocks' days,
  // a Node with the new data fails here, and the rule in publishing.ts changes with it.
  const zone = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    ...{ year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' },
    hourCycle: 'h23',
    timeZoneName: 'shortOffset',
  });
  const fromZone = (instant: Date) => {
    const part = Object.fromEntries(zone.formatToParts(instant).map(({ type, value }) => [type, value]));
    const clock = `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}`;
    const offsets: Record<string, number> = { GMT: 0, 'GMT+0': 0, 'GMT+1': 1 };
    return { clock, offset: offsets[part.timeZoneName!] ?? part.timeZoneName };
  };

  it('reads the time and offset the time zone database gives: every 15 minutes of a Sunday in March or October, every 12 hours else, 2000 to 2040', () => {
    const differences: string[] = [];
    for (let time = Date.UTC(2000, 0, 1); time < Date.UTC(2040, 0, 1);) {
      const instant = new Date(time);
      const expected = fromZone(instant);
      const actual = { clock: londonTime(instant), offset: londonOffset(time) };
      if (actual.clock !== expected.clock || actual.offset !== expected.offset)
        differences.push(`${instant.toISOString()}: ${JSON.stringify(actual)}, not ${JSON.stringify(expected)}`);
      const changeDay = [2, 9].includes(instant.getUTCMonth()) && instant.getUTCDay() === 0;
      time += changeDay ? 900_000 : 43_200_000;
    }
    expect(differences).toEqual([]);
  });

  it("begins and ends every day from 2000 to 2040 at London's midnight", () => {
    const differences: string[] = [];
    for (let time = Date.UTC(2000, 0, 1); time < Date.UTC(2040, 0, 1); time += 86_400_000) {
      const day = new Date(time).toISOString().slice(0, 10);
      const start = londonMidnight(day).getTime();
      const end = Date.parse(londonEndOfDay(day));
      const days = [start - 1, start, end, end + 1000].map((at) => londonDay(new Date(at)));
      const dayBefore = new Date(time - 86_400_000).toISOString().slice(0, 10);
      const dayAfter = new Date(time + 86_400_000).toISOString().slice(0, 10);
      if (days.join() !== [dayBefore, day, day, dayAfter].join()) differences.push(`${day}: ${days.join(', ')}`);
    }
    expect(differences).toEqual([]);
  });
});
