/**
 * The entry point bundled twice by templates.js: as written (Preact), and for
 * React with 'preact' and 'preact-render-to-string' replaced by the shims in
 * react-shim/. One source for both, so both render exactly the same
 * components with the same props.
 *
 * An article page costs the generator two renders (src/render/render-page.ts):
 * the page's <main> (the Article template) and its <head> (DocumentHead); the
 * header and footer are rendered once per build, so they are left out here.
 */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { Article } from '../../templates/pages/Article.tsx';
import { DocumentHead } from '../../templates/layout/Document.tsx';

/** One article page: `page` is { props, head } as src/routes.ts builds them; layout and assets are the same for every page. */
export function renderArticle(page, layout, assets) {
  return {
    main: renderToString(h(Article, page.props)),
    head: renderToString(h(DocumentHead, { head: page.head, layout, assets })),
  };
}
