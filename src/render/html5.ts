/**
 * Preact writes void elements XML-style (`<meta charset="utf-8"/>`). Browsers
 * accept both, but the HTML standard's own form is `<meta charset="utf-8">`,
 * which is what validators and diff tools expect; this pass rewrites just
 * that. (Attribute names are lowercase already: Preact lowercases the HTML
 * ones it knows, and templates write the rest, such as `fetchpriority`, in
 * lowercase; the html gate of `sitegen check` flags any that are not.)
 *
 * A scan rather than a regular expression: it runs on every page, and
 * finding "/>" with indexOf costs a fraction of matching tag names at every "<".
 * A "/>" is rewritten only where it closes a void element's tag: text and
 * attribute values may hold "/>" too. (Preact escapes "<" in both, so the
 * last "<" before a "/>" opens the tag it may close.)
 */
const voidElements = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

export function asHtml5(markup: string): string {
  let html = '';
  let copied = 0;
  for (let end = markup.indexOf('/>'); end !== -1; end = markup.indexOf('/>', end + 2)) {
    const open = markup.lastIndexOf('<', end);
    if (open < copied || !closesTag(markup, open, end)) continue;
    let nameEnd = open + 1;
    while (nameEnd < end && markup.charCodeAt(nameEnd) >= 97 && markup.charCodeAt(nameEnd) <= 122) nameEnd += 1;
    if (!voidElements.has(markup.slice(open + 1, nameEnd))) continue;
    let cut = end;
    while (markup[cut - 1] === ' ') cut -= 1;
    html += markup.slice(copied, cut);
    copied = end + 1;
  }
  return copied === 0 ? markup : html + markup.slice(copied);
}

/** Whether the "/>" at `end` closes the tag opened at `open`: no ">" before it outside a quoted value, and it is not inside one. */
function closesTag(markup: string, open: number, end: number): boolean {
  let quoted = false;
  for (let at = open + 1; at < end; at += 1) {
    const code = markup.charCodeAt(at);
    if (code === 34) quoted = !quoted;
    else if (code === 62 && !quoted) return false;
  }
  return !quoted;
}
