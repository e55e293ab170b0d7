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
 * A "/>" is rewritten only where it closes a void element's tag: text may hold "/>" too.
 */
const voidElements = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

export function asHtml5(markup: string): string {
  let html = '';
  let copied = 0;
  for (let end = markup.indexOf('/>'); end !== -1; end = markup.indexOf('/>', end + 2)) {
    const open = markup.lastIndexOf('<', end);
    // The tag must end at this "/>", with no ">" before it (which would mean "/>" is text after the tag).
    if (open < copied || markup.indexOf('>', open) !== end + 1) continue;
    const name = /^[a-z]+/.exec(markup.slice(open + 1, open + 8))?.[0];
    if (!name || !voidElements.has(name)) continue;
    let cut = end;
    while (markup[cut - 1] === ' ') cut -= 1;
    html += markup.slice(copied, cut);
    copied = end + 1;
  }
  return copied === 0 ? markup : html + markup.slice(copied);
}
