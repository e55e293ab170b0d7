// Neither package ships type declarations: these are the parts the seo gate uses (src/check/json-ld.ts), as their READMEs describe them.
declare module '@marbec/web-auto-extractor' {
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: readonly ('rdfa' | 'microdata')[] });
    /** Structured data found in a page, by format and then by root type. */
    parse(html: string): Record<'jsonld' | 'microdata' | 'rdfa', Record<string, unknown[]>>;
  }
}

declare module '@adobe/structured-data-validator' {
  import type WebAutoExtractor from '@marbec/web-auto-extractor';
  export interface ValidationIssue {
    issueMessage: string;
    /** ERROR: a property Google requires; WARNING: one it recommends. */
    severity: 'ERROR' | 'WARNING';
    rootType?: string;
    /** Where in the data: the root node's type, then the properties down to the node at fault. */
    path?: { type?: string; property?: string }[];
  }
  export default class Validator {
    /** With schema.org's vocabulary it also checks every property exists; without it (no internet here), Google's rules only. */
    constructor(schemaOrgJson?: unknown);
    validate(data: ReturnType<WebAutoExtractor['parse']>): Promise<ValidationIssue[]>;
  }
}
