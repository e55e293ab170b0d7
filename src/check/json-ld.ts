/** A page's JSON-LD as search engines read it: one schema.org @graph, its nodes linked to the page's WebPage node. */
import type { CheerioAPI } from 'cheerio';
import { pageTypes as sitePageTypes } from '../structured-data/page-graph';
import type { PageProblem } from './types';

export type JsonObject = Record<string, unknown>;

/** A page's graph: its top-level nodes, and every node with an @id (nested ones too) by that @id. */
export type Graph = { nodes: JsonObject[]; byId: ReadonlyMap<string, JsonObject> };

const fieldsFix =
  'add the properties Google requires for this type (developers.google.com/search/docs/appearance/structured-data/search-gallery)';

const pageTypes = new Set<string>(sitePageTypes);

/** What Google requires of the types Adobe's validator has no rules for; a dotted path follows references. */
const requiredProperties: Record<string, readonly string[]> = {
  ProfessionalService: ['name', 'url', 'logo', 'address'],
  WebSite: ['name', 'url', 'publisher.name'],
  BlogPosting: ['headline', 'image', 'datePublished', 'author.name', 'publisher.name'],
  Service: ['name', 'provider.name'],
  ...Object.fromEntries([...pageTypes].map((type) => [type, ['url', 'name', 'isPartOf.name']])),
};

export function readGraph($: CheerioAPI): Graph | PageProblem {
  const scripts = $('script[type="application/ld+json"]');
  if (scripts.length === 0)
    return {
      rule: 'json-ld-missing',
      message: 'the page has no JSON-LD',
      fix: 'give the page its structured data (src/structured-data/): a route without `schema` has none',
    };
  if (scripts.length > 1)
    return {
      rule: 'json-ld-count',
      message: `the page has ${scripts.length} JSON-LD blocks`,
      fix: 'put every node in the one @graph of the page',
    };
  let data: unknown;
  try {
    data = JSON.parse(scripts.first().html() ?? '');
  } catch (error) {
    return {
      rule: 'json-ld-parse',
      message: `the JSON-LD is not valid JSON (${(error as Error).message})`,
      fix: 'fix the structured data',
    };
  }
  const nodes = isObject(data) && data['@context'] === 'https://schema.org' ? data['@graph'] : undefined;
  if (!Array.isArray(nodes) || !nodes.every(isObject))
    return {
      rule: 'json-ld-graph',
      message: 'the JSON-LD is not a schema.org graph ({ "@context": "https://schema.org", "@graph": [nodes] })',
      fix: "write the page's nodes as one @graph",
    };
  const byId = new Map<string, JsonObject>();
  for (const object of objectsIn(nodes))
    if (typeof object['@id'] === 'string' && object['@type'] !== undefined) byId.set(object['@id'], object);
  return { nodes, byId };
}

/** Everything wrong with a page's graph but what Adobe's validator finds (richResultProblems). */
export function graphProblems(graph: Graph, pageUrl: string): PageProblem[] {
  const problems: PageProblem[] = [];
  const page = graph.byId.get(pageUrl);
  if (!page || !typesOf(page).some((type) => pageTypes.has(type)))
    problems.push({
      rule: 'json-ld-page-node',
      message: `the graph has no WebPage node whose @id is the page's URL, ${pageUrl}`,
      fix: 'describe the page itself in its graph, with its canonical URL as @id',
    });
  for (const node of graph.nodes)
    for (const id of referencesIn(node))
      if (!graph.byId.has(id))
        problems.push({
          rule: 'json-ld-reference',
          message: `${describe(node)} points at ${id}, which is no node of the page's graph`,
          fix: 'point only at nodes of the same graph, by their @id',
        });
  // Without the page's node, its own finding above says all: no node is linked to what is not there.
  const linked = page ? linkedTo(graph, page) : new Set(graph.nodes);
  for (const node of graph.nodes.filter((node) => !linked.has(node)))
    problems.push({
      rule: 'json-ld-disconnected',
      message: `${describe(node)} is not linked to the page's node`,
      fix: 'link every node to the page by @id (isPartOf, mainEntity, publisher…)',
    });
  for (const object of objectsIn(graph.nodes))
    for (const type of typesOf(object))
      for (const path of requiredProperties[type] ?? [])
        if (isEmpty(valueAt(graph, object, path)))
          problems.push({
            rule: 'json-ld-fields',
            message: `${type}: required property "${path}" is missing`,
            fix: fieldsFix,
          });
  return problems;
}

/** Google's rich-result rules, as Adobe's validator has them, on the structured data that @marbec/web-auto-extractor finds in the page. */
export async function richResultProblems(html: string): Promise<PageProblem[]> {
  const [{ default: Validator }, { default: WebAutoExtractor }] = await Promise.all([
    import('@adobe/structured-data-validator'),
    import('@marbec/web-auto-extractor'),
  ]);
  const extractor = new WebAutoExtractor({ addLocation: true, embedSource: ['rdfa', 'microdata'] });
  return (await new Validator().validate(extractor.parse(html)))
    .filter((issue) => issue.severity === 'ERROR')
    .map((issue) => ({
      rule: 'json-ld-fields',
      message: `${(issue.path ?? []).map((step) => step.type ?? step.property).join(' › ') || issue.rootType}: ${issue.issueMessage}`,
      fix: fieldsFix,
    }));
}

/** The nodes linked to `start`, following references both ways: one connected graph holds every node. */
function linkedTo(graph: Graph, start: JsonObject): Set<JsonObject> {
  // Each object, nested ones too, by the top-level node it is part of.
  const topLevel = new Map<JsonObject, JsonObject>();
  for (const node of graph.nodes) for (const object of objectsIn(node)) topLevel.set(object, node);
  const neighbours = new Map<JsonObject, Set<JsonObject>>(graph.nodes.map((node) => [node, new Set()]));
  for (const node of graph.nodes)
    for (const id of referencesIn(node)) {
      const referenced = graph.byId.get(id);
      const target = referenced && topLevel.get(referenced);
      if (!target) continue;
      neighbours.get(node)!.add(target);
      neighbours.get(target)!.add(node);
    }
  const seen = new Set<JsonObject>([topLevel.get(start) ?? start]);
  for (const node of seen) for (const next of neighbours.get(node) ?? []) seen.add(next);
  return seen;
}

/** The @ids a node points at: every object of it that is nothing but an @id. */
function referencesIn(node: JsonObject): string[] {
  return [...objectsIn(node)].flatMap((object) => {
    const keys = Object.keys(object);
    return keys.length === 1 && keys[0] === '@id' && typeof object['@id'] === 'string' ? [object['@id']] : [];
  });
}

/** A property by its dotted path, following references to the nodes they name. */
function valueAt(graph: Graph, node: JsonObject, path: string): unknown {
  let value: unknown = node;
  for (const key of path.split('.')) {
    if (Array.isArray(value)) value = value[0];
    if (!isObject(value)) return undefined;
    const id = value['@id'];
    const target = typeof id === 'string' && Object.keys(value).length === 1 ? graph.byId.get(id) : value;
    value = target?.[key];
  }
  return value;
}

/** Every object in `value`, nested ones too, each before those inside it. */
function* objectsIn(value: unknown): Generator<JsonObject> {
  if (Array.isArray(value)) for (const item of value) yield* objectsIn(item);
  else if (isObject(value)) {
    yield value;
    for (const [key, item] of Object.entries(value)) if (key !== '@context') yield* objectsIn(item);
  }
}

export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return value && typeof value === 'object' ? Object.values(value).flatMap(stringsIn) : [];
}

function typesOf(node: JsonObject): string[] {
  const type = node['@type'];
  return (Array.isArray(type) ? type : [type]).filter((item): item is string => typeof item === 'string');
}

const describe = (node: JsonObject): string =>
  `${typesOf(node).join('/') || 'a node without @type'} ${typeof node['@id'] === 'string' ? node['@id'] : '(no @id)'}`;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
