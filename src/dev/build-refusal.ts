/**
 * What `sitegen build` would refuse of the site `sitegen dev` shows: dev shows drafts and articles to come, so a link
 * or a redirect to one works there and fails the build; the marketer is told in dev's terminal as they make the edit.
 */
import { isPublished } from '../content/publishing';
import { messageOf } from '../errors';
import { planSite, type SiteSources } from '../plan/plan-site';
import { refuseOnScheduledDays } from '../plan/scheduled-days';
import { validatePlan } from '../plan/validate-plan';

/** Checked only while an article is not yet on the site, so that an edit otherwise costs no more. */
export function buildRefusal(sources: SiteSources, today: string, publicFiles: readonly string[]): string | undefined {
  const published = { today, drafts: false };
  if (sources.content.articles.every((article) => isPublished(article, published))) return undefined;
  try {
    const plan = planSite(sources, published);
    validatePlan(plan, publicFiles);
    refuseOnScheduledDays(plan, publicFiles);
  } catch (error) {
    return messageOf(error);
  }
}
