/**
 * The page left at an old path for hosts that read no _redirects file
 * (GitHub Pages, S3): it sends the browser on at once (by `script`, with the
 * address's query and fragment; with JavaScript off, by the refresh), tells
 * search engines where the page is now and not to index this one, and says
 * so to anyone whose browser does not follow.
 */
export function RedirectDocument({
  to,
  script,
  title,
  text,
}: {
  to: string;
  script: string;
  title: string;
  text: string;
}) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="robots" content="noindex" />
        <link rel="canonical" href={to} />
        <script dangerouslySetInnerHTML={{ __html: script }} />
        <meta httpEquiv="refresh" content={`0; url=${to}`} />
      </head>
      <body>
        <main>
          <p>
            {text} <a href={to}>{to}</a>
          </p>
        </main>
      </body>
    </html>
  );
}
