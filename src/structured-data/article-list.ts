/** A page of the blog index as search engines read it: the list of the articles it links to, in its order. */
import type { ItemList } from 'schema-dts';
import { absoluteUrl } from '../paths';
import type { GraphNode } from './site-nodes';

/** The articles with a page of their own (one announced as Coming Soon has nothing to point at), from `first` on. */
export function articleList(
  siteUrl: string,
  path: string,
  articles: readonly { title: string; href?: string | undefined }[],
  first: number,
): GraphNode<ItemList> {
  const linked = articles.filter((article) => article.href !== undefined);
  return {
    '@type': 'ItemList',
    '@id': `${absoluteUrl(siteUrl, path)}#articles`,
    itemListElement: linked.map((article, index) => ({
      '@type': 'ListItem',
      position: first + index,
      name: article.title,
      url: absoluteUrl(siteUrl, article.href!),
    })),
  };
}
