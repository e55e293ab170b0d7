/** An article as search engines read it: a BlogPosting by its author, published by the organisation. */
import type { BlogPosting } from 'schema-dts';
import type { Article } from '../content/model';
import { ref, siteIds, type GraphNode } from './site-nodes';

export function blogPosting(
  article: Article & { authorUrl?: string },
  pageUrl: string,
  imageUrl: string,
  siteUrl: string,
): GraphNode<BlogPosting> {
  const ids = siteIds(siteUrl);
  const { authorUrl } = article;
  return {
    '@type': 'BlogPosting',
    '@id': `${pageUrl}#article`,
    headline: article.title,
    description: article.description,
    image: [imageUrl],
    datePublished: article.date,
    dateModified: article.updated ?? article.date,
    // A team member's @id is that of their node on the about page (site-nodes.ts).
    author: { '@type': 'Person', ...(authorUrl && { '@id': authorUrl }), name: article.author, url: authorUrl },
    publisher: ref(ids.organization),
    mainEntityOfPage: ref(pageUrl),
    isPartOf: ref(ids.website),
    articleSection: article.category,
    keywords: article.keywords.join(', '),
  };
}
