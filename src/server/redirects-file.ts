/**
 * `_redirects` as Netlify and Cloudflare Pages read it: the first rule for a path applies; 301 unless given (302 is
 * Cloudflare's default, but sitegen always writes one); `!` (Netlify's forced rule) read as the status it marks.
 */
export type RedirectRule = { to: string; status: number };

export function parseRedirectsFile(text: string): Map<string, RedirectRule> {
  const rules = new Map<string, RedirectRule>();
  for (const line of text.split('\n')) {
    const [from, to, status = '301'] = line.trim().split(/\s+/);
    if (!from || from.startsWith('#') || !to) continue;
    const code = Number(status.replace(/!$/, ''));
    if (!rules.has(from) && [301, 302, 303, 307, 308].includes(code)) rules.set(from, { to, status: code });
  }
  return rules;
}

/** The rule for a request's path: hosts match it with or without a trailing slash. */
export const redirectFor = (rules: ReadonlyMap<string, RedirectRule>, path: string): RedirectRule | undefined =>
  rules.get(path) ?? (path.length > 1 && path.endsWith('/') ? rules.get(path.slice(0, -1)) : undefined);
