import { ConsentBanner } from '../components/ConsentBanner';
import { Icon } from '../components/Icon';
import { Picture } from '../components/Picture';
import { nonBreaking } from '../components/TelLink';
import { useEnhancement } from '../lib/page-uses';
import type { Layout, Link } from './types';

// The link to the page itself (aria-current, render/render-page.ts) is drawn in the brand's colour and underlined.
const linkClass =
  'rounded-md px-2 py-2 font-medium text-slate-700 hover:text-brand focus-visible:outline-2 focus-visible:outline-brand aria-[current=page]:text-brand aria-[current=page]:underline underline-offset-4';
const summaryClass = `${linkClass} flex cursor-pointer list-none items-center gap-1 [&::-webkit-details-marker]:hidden`;

// The menus list 32 links twice (desktop and mobile): styled once from the list, not on every link.
const menuLinks =
  '[&_a]:block [&_a]:rounded [&_a]:px-2 [&_a]:py-1.5 [&_a]:text-slate-700 [&_a:hover]:bg-brand-light [&_a:hover]:text-brand [&_[aria-current]]:text-brand [&_[aria-current]]:underline [&_a]:underline-offset-4';

function LinkList({ links, className = '' }: { links: readonly Link[]; className?: string }) {
  return (
    <ul className={`${menuLinks} ${className}`}>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href}>{link.label}</a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The Services menu as a <details> disclosure: every link is in the HTML and
 * opens by click or keyboard with JavaScript off, and a click on the page
 * closes it (styles.css); the menu script adds hover, Escape and closing on
 * focus elsewhere.
 */
function ServicesMenu({ menu, variant }: { menu: Layout['header']['servicesMenu']; variant: 'desktop' | 'mobile' }) {
  const desktop = variant === 'desktop';
  return (
    <details data-menu="services" className={desktop ? 'group relative' : 'group'}>
      <summary className={summaryClass}>
        {menu.label}
        <Icon name="chevron-down" className="size-4 group-open:rotate-180 motion-safe:transition-transform" />
      </summary>
      {desktop ? (
        // The space between the word and the panel is the wrapper's padding, not a margin: a mouse crossing it to a link
        // stays inside the menu, which closes when the mouse leaves it. A high-contrast theme (forced colours) draws no
        // shadow: a border is the panel's edge there.
        <div className="absolute left-1/2 top-full z-50 w-[min(46rem,90vw)] -translate-x-1/2 pt-2">
          <div className="grid max-h-[calc(100vh-5rem)] grid-cols-[1fr_2fr] gap-6 overflow-y-auto rounded-xl bg-white p-6 shadow-xl card-edge">
            <MenuLists menu={menu} desktop />
          </div>
        </div>
      ) : (
        <div className="space-y-4 pb-2 pl-3">
          <MenuLists menu={menu} desktop={false} />
        </div>
      )}
    </details>
  );
}

/**
 * Each list is in a group named by the line above it, so a screen reader entering it, by the arrow keys or the Tab key,
 * says which list it is: the checks (html-validate) refuse a name on the list itself, and the group is named by the
 * line's words rather than by its id, as every id on every page must be kept from articles' headings
 * (src/content/markdown.ts).
 */
function MenuLists({ menu, desktop }: { menu: Layout['header']['servicesMenu']; desktop: boolean }) {
  return (
    <>
      <div role="group" aria-label={menu.servicesHeading}>
        <p className="mb-2 px-2 text-xs font-bold tracking-wide text-slate-600 uppercase">{menu.servicesHeading}</p>
        <LinkList links={menu.services} />
      </div>
      <div role="group" aria-label={menu.tradesHeading}>
        <p className="mb-2 px-2 text-xs font-bold tracking-wide text-slate-600 uppercase">{menu.tradesHeading}</p>
        <LinkList
          links={menu.trades}
          className={desktop ? 'grid grid-cols-2 gap-x-4 text-sm' : 'grid text-sm sm:grid-cols-2'}
        />
      </div>
    </>
  );
}

function NavItems({ header, variant }: { header: Layout['header']; variant: 'desktop' | 'mobile' }) {
  // Closer below 1280 px: where the visitor spaces the text out (WCAG 1.4.12), the bar's words are wider than a 1024 px
  // window with the wider gaps, and it pushes the page sideways, Get Quote cut off at the window's edge.
  return (
    <ul className={variant === 'desktop' ? 'flex items-center gap-1 xl:gap-4' : 'flex flex-col gap-1'}>
      {header.links.map((item) => (
        <li key={item.label}>
          {'menu' in item ? (
            <ServicesMenu menu={header.servicesMenu} variant={variant} />
          ) : (
            <a href={item.href} className={`block ${linkClass}`}>
              {item.label}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * Every page's top: the consent question first in the page's order (after the
 * skip link), so keyboard and screen reader meet it before anything else, then
 * the site's header.
 */
export function Header({ layout }: { layout: Layout }) {
  return (
    <>
      <ConsentBanner consent={layout.consent} />
      <SiteHeader layout={layout} />
    </>
  );
}

function SiteHeader({ layout }: { layout: Layout }) {
  const { site, header } = layout;
  const menus = useEnhancement('menus');
  return (
    // Kept at the top while the window is tall enough to spare it: zoomed to 400% (320 by 256 px), it would take a
    // quarter of the window, and the consent question another half.
    <header
      {...menus}
      className="top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur [@media(min-height:30rem)]:sticky"
    >
      {/* The nav follows the logo and the right-hand group pushes itself right (ml-auto), so on a slow
          machine that paints the header half-parsed nothing already drawn moves when the rest arrives: the group is
          drawn once its last item (the menu's button, to its words) has come. Chromium holds the first frame till the
          footer (rel="expect"); Firefox drew the phone number alone at the bar's right, then moved it left for Get Quote.
          Where a minimum font size (a browser's setting) makes the desktop bar's words wider than the window, the
          right-hand group wraps to a second row rather than push Get Quote out of the window. */}
      <div className="relative mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 lg:h-auto lg:min-h-16 lg:flex-wrap lg:py-2">
        {/* On a phone the bar holds the logo, the phone icon, Get Quote and the menu: the name is read, not shown, where it
            would push Get Quote off the bar. */}
        <a href="/" className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-slate-900 md:text-xl">
          {/* A logo is a flat drawing, which WebP holds in as few bytes as AVIF at this size: no AVIF to make or name. */}
          <Picture
            image={site.logo}
            width={36}
            height={36}
            sizes="36px"
            eager
            decorative
            // Its height follows its width: where the bar has no room for it at full size (text at 200% on a 320 px phone),
            // it is drawn smaller, not squashed.
            className="aspect-square h-auto w-9"
            formats={['webp']}
          />
          <span className="sr-only min-[30rem]:not-sr-only">{site.name}</span>
        </a>
        <nav aria-label="Main" className="hidden lg:ml-6 lg:block print:hidden">
          <NavItems header={header} variant="desktop" />
        </nav>
        <div className="ml-auto flex items-center gap-2 sm:gap-4 [&:not(:has(>details>summary>.sr-only))]:invisible">
          <a
            href={site.phoneHref}
            className="flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg font-semibold text-brand hover:text-brand-dark"
          >
            <Icon name="phone" className="size-5" />
            <span className="sr-only sm:not-sr-only">
              {/* A plain space between: a non-breaking one in the hidden words was read after the space Chromium adds. */}
              <span className="sr-only">{nonBreaking(header.phoneLabel)}</span> {nonBreaking(site.phone)}
            </span>
          </a>{' '}
          {/* With text so large that the bar cannot hold all four (a window under 14rem wide: a phone's text at 200%), Get
              Quote gives way, rather than push the menu out of the window and squeeze the logo to nothing: the menu's
              Contact leads where it does. Get Quote and the menu have a border in a high-contrast theme (forced colours), which
              draws neither the one's fill nor the other's ring: still buttons. On paper, where neither can be used, the bar
              keeps the logo and the phone number alone. */}
          <a
            href={header.quoteButton.href}
            className="inline-flex min-h-11 items-center rounded-lg bg-accent px-3 text-sm font-semibold whitespace-nowrap text-white hover:bg-accent-dark forced-colors:border max-[14rem]:hidden sm:px-4 sm:text-base print:hidden"
          >
            {header.quoteButton.label}
          </a>{' '}
          <details data-menu="mobile" className="lg:hidden print:hidden">
            <summary className="flex size-11 cursor-pointer list-none items-center justify-center rounded-lg text-slate-800 ring-1 ring-slate-300 forced-colors:border [&::-webkit-details-marker]:hidden">
              <Icon name="menu" className="size-6" />
              <span className="sr-only">{header.menuButton}</span>
            </summary>
            {/* Said "Main menu navigation": what it holds, as the bar's "Main" is, not the device it is drawn for. Not "Main"
                itself, though the two are never drawn at once: the HTML checks refuse two landmarks of one name. */}
            <nav
              aria-label="Main menu"
              className="absolute inset-x-0 top-full max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 py-4 shadow-lg"
            >
              <NavItems header={header} variant="mobile" />
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
