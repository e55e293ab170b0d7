import type { ReactNode } from 'react';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { brandColours } from '../lib/brand';
import { logoIcons } from '../lib/images';
import { useHeadImages, useRenditionUrl } from '../lib/page-uses';
import { footerId } from './Footer';
import type { Head, Layout } from './types';

/**
 * Escapes JSON for a <script> element: "<" becomes \u003c, so no text in the
 * data (an article title, say) can close the element or open a comment.
 */
export function scriptSafeJson(data: unknown): string {
  return JSON.stringify(data).replace(
    /[<\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The main content's id: the skip link's target. */
const mainId = 'main';

interface HeadProps {
  head: Head;
  layout: Layout;
  /** The stylesheet's URL. */
  stylesheet: string;
  /** The speculation rules every page carries, as JSON: the same bytes on every page, allowed by their hash in the Content-Security-Policy. */
  speculationRules: string;
  /** The opt-in to view transitions between pages, as CSS: the same bytes first in every page's <head>, allowed by its hash. */
  viewTransitionStyle: string;
  /** The page's scripts (PageScripts): known once the page has rendered, so the generator places them. */
  scripts: ReactNode;
}

/**
 * What goes inside <head>. React moves <title>, <meta> and every <link> to
 * the top of <head> (and the hero image's preload with them), and what has a
 * precedence above them: the view transitions' opt-in, which Chromium must
 * read before it first shows the page, then the stylesheet. The scripts come
 * first of what stays in place, so a page reads the same whether they are
 * rendered here or placed afterwards.
 */
function DocumentHead({ head, layout, stylesheet, speculationRules, viewTransitionStyle, scripts }: HeadProps) {
  const { image } = head;
  const logo = layout.site.logo.local;
  const rendition = useRenditionUrl();
  useHeadImages(head.images);
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <style
        href="view-transitions"
        precedence="view-transitions"
        dangerouslySetInnerHTML={{ __html: viewTransitionStyle }}
      />
      <title>{head.title}</title>
      <meta name="description" content={head.description} />
      {head.keywords.length > 0 && <meta name="keywords" content={head.keywords.join(', ')} />}
      {/* An indexed page lets Google show its picture large (Discover, image results): without it, a thumbnail at most. */}
      <meta name="robots" content={head.noindex ? 'noindex' : 'max-image-preview:large'} />
      {!head.atAnyPath && <link rel="canonical" href={head.canonical} />}
      <meta property="og:type" content={head.ogType} />
      <meta property="og:site_name" content={layout.site.name} />
      <meta property="og:locale" content="en_GB" />
      <meta property="og:title" content={head.title} />
      <meta property="og:description" content={head.description} />
      {!head.atAnyPath && <meta property="og:url" content={head.canonical} />}
      {image && <meta property="og:image" content={image.url} />}
      {image && <meta property="og:image:width" content={String(image.width)} />}
      {image && <meta property="og:image:height" content={String(image.height)} />}
      {image && <meta property="og:image:alt" content={image.alt} />}
      {head.article && <meta property="article:published_time" content={head.article.published} />}
      {head.article?.modified && <meta property="article:modified_time" content={head.article.modified} />}
      {/* A wide picture is shown large; the logo, square, small beside the words. */}
      <meta name="twitter:card" content={image && image.width > image.height ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={head.title} />
      <meta name="twitter:description" content={head.description} />
      {image && <meta name="twitter:image" content={image.url} />}
      {image && <meta name="twitter:image:alt" content={image.alt} />}
      <meta name="theme-color" content={brandColours.brand} />
      {logo &&
        [logoIcons.tab, logoIcons.search].map((width) => (
          <link
            key={width}
            rel="icon"
            href={rendition(logo, width, 'png')}
            type="image/png"
            sizes={`${width}x${width}`}
          />
        ))}
      {logo && <link rel="apple-touch-icon" href={rendition(logo, logoIcons.homeScreen, 'png')} />}
      {layout.feeds.map((feed) => (
        <link key={feed.href} rel="alternate" type={feed.type} title={feed.title} href={feed.href} />
      ))}
      {/* The first frame waits for the footer to begin (the header and main content whole): drawn half-arrived over a slow
          connection, the header's right-hand group would grow leftwards, taking the phone number with it, an article's
          read time would wrap to the next line, the blog's centred category links would slide left as more came. */}
      <link rel="expect" href={`#${footerId}`} blocking="render" />
      {scripts}
      <script type="speculationrules" dangerouslySetInnerHTML={{ __html: speculationRules }} />
      {/* Asked for before the scripts: the one file that holds up the first paint, on a host that serves six at a time. */}
      <link rel="stylesheet" href={stylesheet} precedence="default" />
      {head.jsonLd && (
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(head.jsonLd) }} />
      )}
    </head>
  );
}

/** The module scripts a page loads, and the chunks they import, fetched in parallel with them. */
export function PageScripts({ modules, preloads }: { modules: readonly string[]; preloads: readonly string[] }) {
  return (
    <>
      {preloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      {modules.map((src) => (
        <script key={src} type="module" src={src} />
      ))}
    </>
  );
}

interface DocumentProps extends HeadProps {
  /** The header and footer, the same on every page: the generator renders them once and places them. */
  header: ReactNode;
  footer: ReactNode;
  /** The page's own content. */
  children: ReactNode;
}

/** Every page: the document around the page's own content. */
export function Document({
  head,
  layout,
  stylesheet,
  speculationRules,
  viewTransitionStyle,
  scripts,
  header,
  footer,
  children,
}: DocumentProps) {
  return (
    <html lang="en-GB">
      <DocumentHead
        head={head}
        layout={layout}
        stylesheet={stylesheet}
        speculationRules={speculationRules}
        viewTransitionStyle={viewTransitionStyle}
        scripts={scripts}
      />
      <body className="bg-white font-sans text-slate-900 antialiased">
        <a
          href={`#${mainId}`}
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-brand focus:shadow"
        >
          {layout.skipLink}
        </a>
        {header}
        {head.breadcrumbs.length > 1 && (
          <Breadcrumbs label={layout.breadcrumbLabel} trail={head.breadcrumbs} atAnyPath={head.atAnyPath} />
        )}
        <main id={mainId} tabIndex={-1} className="focus:outline-none">
          {children}
        </main>
        {footer}
      </body>
    </html>
  );
}
