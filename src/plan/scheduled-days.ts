/**
 * The site as it will stand on each day a scheduled article goes live, checked today as the build will check it then:
 * the build of that day (CI's daily one) runs with no edit, and a link or a redirect accepted today must not stop it.
 */
import { publicationStatus } from '../content/publishing';
import { ContentError } from '../errors';
import { pathOfLink } from '../paths';
import { formatDate } from '../../templates/lib/format';
import { planSite, type SitePlan } from './plan-site';
import { validatePlan } from './validate-plan';

/**
 * After validatePlan. A day is a whole plan, so few are made: a link to an article that goes live later fails until it
 * does (checked on its own article's day); all else a day brings stays, so the last day shows it, halving finds when.
 */
export function refuseOnScheduledDays({ sources, publishing, routes }: SitePlan, publicFiles: readonly string[]) {
  if (publishing.drafts) return;
  const scheduled = sources.content.articles.filter(
    (article) => publicationStatus(article, publishing.today) === 'scheduled',
  );
  const failure = (day: string) => {
    try {
      // Without the routes kept for today's plans (sitegen dev's): a day to come would crowd them out.
      validatePlan(planSite({ ...sources, kept: undefined }, { today: day, drafts: false }), publicFiles);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      const going = scheduled.filter((article) => article.date === day).map((article) => article.file);
      const goes = `${going.join(' and ')} ${going.length > 1 ? 'go' : 'goes'} live`;
      const when = `on ${formatDate(day)}, when ${goes}, the build that day would stop`;
      return new ContentError(error.file, error.field, `${error.problem} (${when})`, { cause: error });
    }
  };
  const later = (day: string) => (href: string) => {
    const target = routes.unpublished.get(pathOfLink(href));
    return target !== undefined && (target.draft === true || target.date > day);
  };
  const linkingAhead = scheduled.filter(({ body, date }) => body.links.some(({ href }) => later(date)(href)));
  const linkFailure = [...new Set(linkingAhead.map((article) => article.date))].sort().map(failure).find(Boolean);
  if (linkFailure) throw linkFailure;
  const days = [...new Set(scheduled.map((article) => article.date))].sort();
  if (days.length === 0 || !failure(days.at(-1)!)) return;
  let [passes, fails] = [-1, days.length - 1];
  while (fails - passes > 1) {
    const middle = Math.floor((passes + fails) / 2);
    if (failure(days[middle]!)) fails = middle;
    else passes = middle;
  }
  throw failure(days[fails]!);
}
