import type { IdReference, Thing } from 'schema-dts';

/** A schema.org object with the @id other nodes point at it by: not the bare text schema-dts allows for most types. */
export type GraphNode<T extends Thing = Thing> = Exclude<T, string> & IdReference;
