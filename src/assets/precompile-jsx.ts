/**
 * Precompiled JSX: wherever an element's markup is known when the templates
 * compile, it becomes a string then, the way Deno's "precompile" JSX
 * transform does it. A static element costs nothing per page, a dynamic one
 * only its values' escaping, and the renderer walks far fewer virtual-DOM
 * nodes. What stays a node is what must: components (each renders its own
 * template) and the elements whose markup the renderer decides from context
 * (<select>'s value, style objects, spread props).
 *
 * It runs on esbuild's output for the templates (JSX compiled with the
 * automatic runtime: jsx("div", { className, children })) and emits Preact's
 * jsxTemplate(strings, ...values), which preact-render-to-string renders by
 * joining them. The markup must be byte for byte what preact-render-to-string
 * writes for the same element: the attribute rules below are its serializer's
 * (preact-render-to-string 6), and tests/precompile-jsx.test.ts renders every
 * page of the site both ways and compares them.
 */
import { parse, type AnyNode, type CallExpression, type Expression, type Node, type Program, type SpreadElement } from 'acorn';

type Piece = { static: string } | { code: string };

/** Void elements: written `<img …>`, as HTML5 has them (what asHtml5 makes of the renderer's `<img …/>`), when they have no content. */
const selfClosing = new Set(['area', 'base', 'br', 'col', 'command', 'embed', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Elements whose value the renderer places from context (<select value> marks an option): left to it. */
const contextual = new Set(['select', 'option', 'textarea']);
/** SVG's own elements, whose attribute names depend on being inside an <svg>; an HTML element's do not (it cannot be there). */
const svgElements = new Set([
  'svg', 'g', 'path', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'rect', 'text', 'tspan', 'textPath', 'defs', 'use', 'symbol', 'marker', 'mask',
  'pattern', 'clipPath', 'linearGradient', 'radialGradient', 'stop', 'filter', 'image', 'foreignObject', 'desc', 'title', 'metadata', 'switch', 'view',
]);

// preact-render-to-string's attribute naming, in HTML and in SVG.
const unsafeName = /[\s\n\\/='"\0<>]/;
const namespaced = /^(xlink|xmlns|xml)([A-Z])/;
const htmlLowerCase = /^(?:accessK|auto[A-Z]|cell|ch|col|cont|cross|dateT|encT|form[A-Z]|frame|hrefL|inputM|maxL|minL|noV|playsI|popoverT|readO|rowS|src[A-Z]|tabI|useM|item[A-Z])/;
const svgCamelCase =
  /^ac|^ali|arabic|basel|cap|clipPath$|clipRule$|color|dominant|enable|fill|flood|font|glyph[^R]|horiz|image|letter|lighting|marker[^WUH]|overline|panose|pointe|paint|rendering|shape|stop|strikethrough|stroke|text[^L]|transform|underline|unicode|units|^v[^i]|^w|^xH/;
const enumerated = new Set(['draggable', 'spellcheck']);
const renamed: Record<string, string> = { htmlFor: 'for', className: 'class', defaultChecked: 'checked', defaultSelected: 'selected', defaultValue: 'value', acceptCharset: 'accept-charset', httpEquiv: 'http-equiv' };
const dropped = new Set(['children', 'key', 'ref', '__self', '__source']);

/** How a value is written: as is; as a string even when it is a boolean (aria-*, data-*); or as is, functions too (class). */
const enum ValueKind {
  Plain = 0,
  Stringified = 1,
  Class = 2,
}

/** The helpers the emitted code calls, put at the top of the module: they write values as preact-render-to-string does. */
function runtime(prefix: string): string {
  return `import { jsxTemplate as ${prefix}template } from "preact/jsx-runtime";
import { isValidElement as ${prefix}isElement } from "preact";
const ${prefix}special = /["&<]/;
function ${prefix}escape(text) {
  if (text.length === 0 || !${prefix}special.test(text)) return text;
  let out = "", last = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const entity = code === 34 ? "&quot;" : code === 38 ? "&amp;" : code === 60 ? "&lt;" : "";
    if (entity) { out += text.slice(last, i) + entity; last = i + 1; }
  }
  return out + text.slice(last);
}
function ${prefix}attr(name, value, kind) {
  if (typeof value === "function" && kind !== ${ValueKind.Class}) return "";
  if (kind === ${ValueKind.Stringified} && value != null) value = value + "";
  if (value == null || value === false) return "";
  if (value === true || value === "") return " " + name;
  return " " + name + '="' + ${prefix}escape(value + "") + '"';
}
function ${prefix}child(value) {
  if (value == null || typeof value === "boolean" || typeof value === "function") return null;
  if (typeof value === "object") return Array.isArray(value) || ${prefix}isElement(value) ? value : null;
  return typeof value === "string" ? ${prefix}escape(value) : value + "";
}
function ${prefix}html(value) {
  return (value && value.__html) || "";
}
`;
}

export function precompileJsx(code: string): string {
  const program = parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
  const runtimeNames = jsxRuntimeNames(program);
  if (runtimeNames.size === 0) return code;
  // A prefix no name in the module starts with.
  let prefix = '$$jsx_';
  while (code.includes(prefix)) prefix = `$${prefix}`;
  const templates: string[] = [];

  const isJsxCall = (node: AnyNode | SpreadElement): node is CallExpression =>
    node.type === 'CallExpression' && node.callee.type === 'Identifier' && ['jsx', 'jsxs'].includes(runtimeNames.get(node.callee.name) ?? '');

  /** The source of `node` with every JSX call inside it that can be a template made one. */
  const emit = (node: Node): string => {
    let out = '';
    let at = node.start;
    for (const { start, end, text } of templatesWithin(node)) {
      out += code.slice(at, start) + text;
      at = end;
    }
    return out + code.slice(at, node.end);
  };

  /** The outermost JSX calls within `node` (itself included) that become templates, with their code. */
  const templatesWithin = (node: Node): { start: number; end: number; text: string }[] => {
    if (isJsxCall(node as AnyNode)) {
      const pieces = elementPieces(node as CallExpression, undefined);
      if (pieces) return [{ start: node.start, end: node.end, text: templateCall(pieces) }];
    }
    return childNodes(node).flatMap(templatesWithin);
  };

  const templateCall = (pieces: Piece[]): string => {
    const strings = [''];
    const values: string[] = [];
    for (const piece of pieces) {
      if ('static' in piece) strings[strings.length - 1] += piece.static;
      else {
        values.push(`, ${piece.code}`);
        strings.push('');
      }
    }
    const name = `${prefix}t${templates.length}`;
    templates.push(`const ${name} = ${JSON.stringify(strings)};`);
    return `${prefix}template(${name}${values.join('')})`;
  };

  /**
   * An element or fragment and everything in it as pieces of markup, or
   * undefined when the renderer must write it itself. `svg` says whether it is
   * inside an <svg>, where some attribute names are written differently;
   * undefined when that is up to where its component is used.
   */
  const elementPieces = (call: CallExpression, svg: boolean | undefined): Piece[] | undefined => {
    const [type, props] = call.arguments;
    if (props?.type !== 'ObjectExpression') return undefined;
    const entries = new Map<string, Expression>();
    for (const property of props.properties) {
      const key = property.type === 'Property' ? propertyName(property) : undefined;
      if (key === undefined || entries.has(key)) return undefined;
      entries.set(key, (property as { value: Expression }).value);
    }
    const children = entries.get('children');
    if (type?.type === 'Identifier' && runtimeNames.get(type.name) === 'Fragment') return entries.size === (children ? 1 : 0) ? childPieces(children, svg) : undefined;
    if (type?.type !== 'Literal' || typeof type.value !== 'string') return undefined;
    const tag = type.value;
    if (unsafeName.test(tag) || contextual.has(tag)) return undefined;

    const pieces: Piece[] = [{ static: `<${tag}` }];
    for (const [key, value] of entries) {
      if (dropped.has(key) || key === 'dangerouslySetInnerHTML') continue;
      if ((key === 'htmlFor' && entries.has('for')) || (key === 'className' && entries.has('class'))) continue;
      const known = staticValue(value);
      if (key === 'style' && !(known.known && typeof known.value === 'string')) return undefined;
      const name = attributeName(key, svg ?? (svgElements.has(tag) ? undefined : false));
      if (name === undefined) return undefined;
      if (name === null) continue;
      const kind = key === 'class' || key === 'className' ? ValueKind.Class : key[4] === '-' || enumerated.has(key) ? ValueKind.Stringified : ValueKind.Plain;
      pieces.push(known.known ? { static: attribute(name, known.value, kind) } : { code: `${prefix}attr(${JSON.stringify(name)}, ${emit(value)}, ${kind})` });
    }

    const html = entries.get('dangerouslySetInnerHTML');
    let content: Piece[] | undefined;
    if (html) content = children ? undefined : [{ code: `${prefix}html(${emit(html)})` }];
    else content = childPieces(children, tag === 'svg' ? true : tag === 'foreignObject' ? false : svg);
    if (!content) return undefined;
    if (selfClosing.has(tag)) {
      // Written without a closing tag only when empty, which only static content can promise.
      if (content.some((piece) => !('static' in piece))) return undefined;
      if (content.every((piece) => 'static' in piece && piece.static === '')) return [...pieces, { static: '>' }];
    }
    return [...pieces, { static: '>' }, ...content, { static: `</${tag}>` }];
  };

  /** A children prop as pieces: static text escaped now, elements inlined, anything else written at render time. */
  const childPieces = (children: Expression | undefined, svg: boolean | undefined): Piece[] | undefined => {
    if (!children) return [];
    const pieces: Piece[] = [];
    for (const child of children.type === 'ArrayExpression' ? children.elements : [children]) {
      if (!child || child.type === 'SpreadElement') return undefined;
      const known = staticValue(child);
      const element = known.known ? undefined : isJsxCall(child) ? elementPieces(child, svg) : undefined;
      if (known.known) pieces.push({ static: textOf(known.value) });
      else if (element) pieces.push(...element);
      else pieces.push({ code: `${prefix}child(${emit(child)})` });
    }
    return pieces;
  };

  const body = emit(program);
  return `${runtime(prefix)}${templates.join('\n')}\n${body}`;
}

/** Local names bound to preact/jsx-runtime's jsx, jsxs and Fragment. */
function jsxRuntimeNames(program: Program): Map<string, string> {
  const names = new Map<string, string>();
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration' || statement.source.value !== 'preact/jsx-runtime') continue;
    for (const specifier of statement.specifiers) {
      if (specifier.type === 'ImportSpecifier' && specifier.imported.type === 'Identifier') names.set(specifier.local.name, specifier.imported.name);
    }
  }
  return names;
}

/** A plain `key: value` property's name; undefined for a computed key, a method or an accessor. */
function propertyName(property: { key: Expression | { type: string }; computed: boolean; kind: string; method: boolean }): string | undefined {
  const { key } = property;
  if (property.computed || property.kind !== 'init' || property.method) return undefined;
  if (key.type === 'Identifier') return (key as { name: string }).name;
  const value = (key as { value?: unknown }).value;
  return key.type === 'Literal' && typeof value === 'string' ? value : undefined;
}

/**
 * The attribute's name as the renderer writes it; null when the renderer
 * drops it; undefined when it is written differently inside an <svg> and
 * `svg` does not say whether the element is.
 */
function attributeName(key: string, svg: boolean | undefined): string | null | undefined {
  if (key in renamed) return renamed[key]!;
  if (unsafeName.test(key)) return null;
  if (namespaced.test(key)) return key.replace(namespaced, '$1:$2').toLowerCase();
  if (key[4] === '-' || enumerated.has(key)) return key;
  const inSvg = svgCamelCase.test(key) ? (key === 'panose1' ? 'panose-1' : key.replace(/([A-Z])/g, '-$1').toLowerCase()) : key;
  const inHtml = htmlLowerCase.test(key) ? key.toLowerCase() : key;
  if (svg === undefined) return inSvg === inHtml ? inHtml : undefined;
  return svg ? inSvg : inHtml;
}

/** A literal's value, where the code spells one out: strings, numbers, booleans, null, undefined, template strings without values. */
function staticValue(node: Expression): { known: true; value: unknown } | { known: false } {
  if (node.type === 'Literal' && !node.regex) return { known: true, value: node.value };
  if (node.type === 'Identifier' && node.name === 'undefined') return { known: true, value: undefined };
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return { known: true, value: node.quasis[0]!.value.cooked };
  return { known: false };
}

/** An attribute written now, exactly as the runtime's attr() would write it. */
function attribute(name: string, value: unknown, kind: ValueKind): string {
  if (kind === ValueKind.Stringified && value != null) value = String(value);
  if (value == null || value === false) return '';
  if (value === true || value === '') return ` ${name}`;
  return ` ${name}="${escape(String(value))}"`;
}

/** A static child as the renderer writes it. */
function textOf(value: unknown): string {
  if (value == null || typeof value === 'boolean') return '';
  return typeof value === 'string' ? escape(value) : String(value);
}

/** preact-render-to-string's escaping: ", & and < (not >). */
function escape(text: string): string {
  return text.replace(/["&<]/g, (char) => (char === '"' ? '&quot;' : char === '&' ? '&amp;' : '&lt;'));
}

/** The AST nodes directly inside `node`, in source order. */
function childNodes(node: Node): Node[] {
  const children: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end' || !value || typeof value !== 'object') continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item && typeof item === 'object' && typeof (item as Node).type === 'string') children.push(item as Node);
    }
  }
  return children.sort((a, b) => a.start - b.start);
}
