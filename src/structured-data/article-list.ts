/** A page of the blog index as search engines read it: the list of the articles it links to, in its order. */
import type { ItemList } from 'schema-dts';
import { absoluteUrl } from '../paths';
import type { GraphNode } from './site-nodes';

/** Only the articles with a page of their own: one announced as Coming Soon has nothing to point at. */
export function articleList(
  pageUrl: string,
  siteUrl: string,
  articles: readonly { title: string; href?: string | undefined }[],
): GraphNode<ItemList> {
  const linked = articles.filter((article) => article.href !== undefined);
  return {
    '@type': 'ItemList',
    '@id': `${pageUrl}#articles`,
    itemListElement: linked.map((article, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: article.title,
      url: absoluteUrl(siteUrl, article.href!),
    })),
  };
}
