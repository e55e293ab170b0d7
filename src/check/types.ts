import type { RedirectRule } from '../server/redirects-file';

export const gateNames = ['links', 'html', 'a11y', 'seo', 'budgets', 'lighthouse'] as const;
export type GateName = (typeof gateNames)[number];

export interface Finding {
  page: string;
  rule: string;
  /** The element (selector), link or file at fault, where there is one. */
  target?: string;
  message: string;
  fix: string;
}

/** What is wrong and how to fix it, before the gate says on which page and where. */
export type PageProblem = Pick<Finding, 'rule' | 'message' | 'fix'>;

export type Report = (rule: string, message: string, fix: string, target?: string) => void;

export function reportTo(findings: Finding[], page: string): Report {
  return (rule, message, fix, target) => findings.push({ page, rule, message, fix, target });
}

export interface GateResult {
  gate: GateName;
  passed: boolean;
  /** One line: what was checked, for the summary. */
  checked: string;
  findings: Finding[];
  /** Things the reader should know that are not failures (external links not fetched, say). */
  notes: string[];
}

export function gateResult(gate: GateName, checked: string, findings: Finding[], notes: string[] = []): GateResult {
  return { gate, passed: findings.length === 0, checked, findings, notes };
}

export interface BuiltPage {
  /** "/about", served from `file` "about.html". */
  path: string;
  file: string;
  html: string;
}

export interface CheckContext {
  dir: string;
  /** The project the site was built from, and its content folder (relative to it): the seo gate reads the route table from them. */
  root: string;
  contentDir: string;
  /** The site's pages; the pages left at redirected paths apart (built-site.ts), checked by the html and links gates. */
  pages: BuiltPage[];
  redirectPages: BuiltPage[];
  /** The site's _redirects, by the path each redirects from. */
  redirects: ReadonlyMap<string, RedirectRule>;
  /** Origin of the local server that serves the site with clean URLs, as a static host would. */
  origin: string;
  /** Fetch external links and let stock photos load (needs internet). */
  external: boolean;
  /** A sitemap (file or URL) of the site as it was: every URL in it must still be a page or a redirect (links gate). */
  since?: string;
  /** The pages Lighthouse measures, one per template; the site's own list unless given. */
  lighthousePages?: readonly { template: string; path: string }[];
}
