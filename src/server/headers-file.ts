/** `_headers` as Netlify and Cloudflare Pages read it: `*` matches any characters; every matching rule applies. */
export type HeaderRule = { pattern: RegExp; headers: [string, string][] };

/** A part of a rule's path, matched character for character. */
const literally = (part: string) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const source = line.trim().split('*').map(literally).join('.*');
      rules.push({ pattern: new RegExp(`^${source}$`), headers: [] });
      continue;
    }
    const separator = line.indexOf(':');
    const rule = rules.at(-1);
    if (rule && separator > 0) rule.headers.push([line.slice(0, separator).trim(), line.slice(separator + 1).trim()]);
  }
  return rules;
}

export function headersFor(rules: readonly HeaderRule[], path: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules)
    if (rule.pattern.test(path)) for (const [name, value] of rule.headers) headers[name] = value;
  return headers;
}
