/**
 * The site as it will stand on each day a scheduled article goes live, checked today as the build will check it then:
 * the build of that day (CI's daily one) runs with no edit, and a link or a redirect accepted today must not stop it.
 */
import { publicationStatus } from '../content/publishing';
import { ContentError } from '../errors';
import { formatDate } from '../../templates/lib/format';
import { planSite, type SitePlan } from './plan-site';
import { validatePlan } from './validate-plan';

/** Checked after `plan` itself is (validatePlan): what this says is new on that day. */
export function refuseOnScheduledDays({ sources, publishing }: SitePlan, publicFiles: readonly string[]): void {
  if (publishing.drafts) return;
  const scheduled = sources.content.articles.filter(
    (article) => publicationStatus(article, publishing.today) === 'scheduled',
  );
  for (const day of [...new Set(scheduled.map((article) => article.date))].sort()) {
    try {
      // Without the routes kept for today's plans (sitegen dev's): a day to come would crowd them out.
      validatePlan(planSite({ ...sources, kept: undefined }, { today: day, drafts: false }), publicFiles);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      const going = scheduled.filter((article) => article.date === day).map((article) => article.file);
      const goes = `${going.join(' and ')} ${going.length > 1 ? 'go' : 'goes'} live`;
      const when = `on ${formatDate(day)}, when ${goes}, the build that day would stop`;
      throw new ContentError(error.file, error.field, `${error.problem} (${when})`, { cause: error });
    }
  }
}
