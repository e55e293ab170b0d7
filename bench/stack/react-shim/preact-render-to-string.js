/**
 * Stands in for 'preact-render-to-string' when the templates are compiled for
 * React. renderToStaticMarkup, not renderToString: a static site never
 * hydrates the page with React, so it has no use for React's hydration
 * markers, and the brief names renderToStaticMarkup.
 */
// Default import: react-dom/server is CommonJS, and the default export is what Node guarantees.
import ReactDOMServer from 'react-dom/server';

export const renderToString = ReactDOMServer.renderToStaticMarkup;
export const renderToStaticMarkup = ReactDOMServer.renderToStaticMarkup;
export default renderToString;
