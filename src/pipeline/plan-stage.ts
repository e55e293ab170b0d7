/**
 * The plan and its checks: the site planned from what the content stage read
 * (plan/plan-site.ts), then validated, once, before anything is bundled or
 * written: the plan's own checks, and no file of public/ where the build
 * writes one of its own.
 */
import { planSettings } from '../config';
import { cardsVersionOf } from '../images/site-images';
import { listFiles } from '../list-files';
import { planSite, type SitePlan } from '../plan/plan-site';
import { validatePlan } from '../plan/validate-plan';
import type { BuildRun } from './build-run';
import type { ReadContent } from './content-stage';

export function planStage({ config, publishing }: BuildRun, { content, catalog }: ReadContent): SitePlan {
  const settings = { ...planSettings(config), cardsVersion: cardsVersionOf(config.templatesDir, content, catalog) };
  return planSite({ content, images: catalog.descriptors, settings }, publishing);
}

/** `writes`: the paths of the output the build writes besides its pages. */
export function validate({ config }: BuildRun, plan: SitePlan, writes: readonly string[]): void {
  validatePlan(plan, listFiles(config.publicDir, { hidden: true }), { writes });
}
