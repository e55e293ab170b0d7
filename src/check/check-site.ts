/** `sitegen check`: the gates in turn on the site as a static host serves it; browser gates need the machine alone. */
import { join } from 'node:path';
import { SitegenError } from '../errors';
import { builtSite, diskSource } from '../server/disk-source';
import { startSiteServer } from '../server/site-server';
import type { SiteSource } from '../server/static-site';
import { readBuiltPages } from './built-site';
import { checkA11y } from './gates/a11y';
import { checkBudgets } from './gates/budgets';
import { checkHtml } from './gates/html';
import { barePageHtml, barePagePath, checkLighthouse } from './gates/lighthouse';
import { checkLinks } from './gates/links';
import { checkSeo } from './gates/seo';
import { gateNames, type CheckContext, type GateName, type GateResult } from './types';

const gates: Record<GateName, (context: CheckContext) => Promise<GateResult>> = {
  links: checkLinks,
  html: checkHtml,
  a11y: checkA11y,
  seo: checkSeo,
  budgets: checkBudgets,
  lighthouse: checkLighthouse,
};

export type CheckOptions = Partial<Pick<CheckContext, 'external' | 'since' | 'lighthousePages'>> & {
  root?: string;
  dir?: string;
  content?: string;
  only?: readonly GateName[];
  /** Called as each gate finishes, so a report can print while the next one runs. */
  onGate?: (result: GateResult) => void;
};

export function parseGates(list: string): GateName[] {
  const names = list.split(',').flatMap((name) => name.trim() || []);
  const unknown = names.find((name) => !gateNames.includes(name as GateName));
  if (names.length === 0 || unknown !== undefined) {
    const found = unknown === undefined ? 'none' : `"${unknown}"`;
    throw new SitegenError(`--only: expected gates from ${gateNames.join(', ')}, found ${found}`);
  }
  return [...new Set(names)] as GateName[];
}

export async function checkSite(options: CheckOptions): Promise<GateResult[]> {
  const { root, dir } = builtSite(options);
  if (options.since === '') throw new SitegenError('--since: expected a sitemap.xml, its file or its URL, found ""');
  if (options.since && options.only?.length && !options.only.includes('links'))
    throw new SitegenError('--since: the links gate compares the site with the sitemap: add links to --only');
  const built = await readBuiltPages(dir, join(root, 'public'));
  const server = await startSiteServer({ source: withBarePage(diskSource(dir)), port: 0, host: '127.0.0.1' });
  const results: GateResult[] = [];
  try {
    const context: CheckContext = {
      dir,
      root,
      contentDir: options.content ?? 'content',
      ...built,
      origin: server.url,
      since: options.since,
      external: options.external ?? false,
      lighthousePages: options.lighthousePages,
    };
    for (const name of options.only?.length ? options.only : gateNames) {
      const result = await gates[name](context);
      results.push(result);
      options.onGate?.(result);
    }
  } finally {
    await server.close();
  }
  return results;
}

function withBarePage(source: SiteSource): SiteSource {
  const bare = new TextEncoder().encode(barePageHtml);
  const file = `${barePagePath.slice(1)}.html`;
  return { read: (path) => (path === file ? Promise.resolve(bare) : source.read(path)) };
}
