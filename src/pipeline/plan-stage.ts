/**
 * The plan and its checks: the site planned from what the content stage read
 * (plan/plan-site.ts), then validated, once, before anything is bundled or
 * written: the plan's own checks, and no file of public/ where the build
 * writes one of its own.
 */
import { join, relative } from 'node:path';
import { planSettings } from '../config';
import { SitegenError } from '../errors';
import { cardsVersionOf } from '../images/site-images';
import { listFiles } from '../list-files';
import { planSite, type SitePlan } from '../plan/plan-site';
import { publicFileIn, validatePlan } from '../plan/validate-plan';
import type { BuildRun } from './build-run';
import type { ReadContent } from './content-stage';

export function planStage({ config, publishing }: BuildRun, { content, catalog }: ReadContent): SitePlan {
  const settings = { ...planSettings(config), cardsVersion: cardsVersionOf(config.templatesDir, content, catalog) };
  return planSite({ content, images: catalog.descriptors, settings }, publishing);
}

/** `writes`: the paths of the output the build writes besides its pages. */
export function validate({ config }: BuildRun, plan: SitePlan, writes: readonly string[]): void {
  const publicFiles = listFiles(config.publicDir, { hidden: true });
  validatePlan(plan, publicFiles);
  const taken = publicFileIn(publicFiles, writes);
  if (!taken) return;
  const name = relative(config.root, join(config.publicDir, taken.file)).split('\\').join('/');
  const what = taken.file === taken.path ? 'one of its own' : 'a folder of its own';
  const folder = relative(config.root, config.publicDir);
  throw new SitegenError(
    `${name}: expected no file where the build writes ${what} (${taken.path}); remove it from ${folder}/`,
  );
}
