import type { IdReference, Thing } from 'schema-dts';

/**
 * A node of a page's graph: a schema.org object of type T (schema-dts also
 * allows a bare text for most types, which a node cannot be) with the @id
 * other nodes point at it by.
 */
export type GraphNode<T extends Thing = Thing> = Exclude<T, string> & IdReference;
