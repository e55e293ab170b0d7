/**
 * React and Preact write XML-style markup: `<meta/>` and a few attribute
 * names in camelCase (`srcSet`, `dateTime`). Browsers accept both, but the
 * HTML standard's own form is `<meta>` and lowercase names, which is what
 * validators and diff tools expect. This pass rewrites just those two things.
 * It is safe on rendered markup because React and Preact escape ">" inside
 * attribute values, so a tag always ends at the first ">".
 */
const voidElement = /<(area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr)(\s[^<>]*?)?\s*\/>/g;
// The HTML attributes React 19 writes in camelCase; SVG's own camelCase (viewBox) is left alone.
const camelCaseAttribute = /\s(charSet|srcSet|imageSrcSet|imageSizes|fetchPriority|dateTime|crossOrigin|referrerPolicy|hrefLang|encType|formAction|noModule|playsInline)=/g;

export function asHtml5(markup: string): string {
  return markup.replace(voidElement, '<$1$2>').replace(camelCaseAttribute, (_, name: string) => ` ${name.toLowerCase()}=`);
}
