/**
 * The consent question (templates/components/ConsentBanner.tsx): shown while
 * no answer is kept, and again from the footer's "Cookie settings"; the answer
 * kept by islands/lib/consent.ts. After an accept, a page the visitor arrived
 * on (from outside, or with campaign parameters) is kept as a touch by the
 * attribution code, loaded only then. Plain DOM code: every page loads it.
 */
import { consentKey, keepChoice, storedChoice, type Choice } from '../lib/consent';

const banner = document.getElementById('consent')!;
let opener: HTMLElement | null = null;

let attribution: Promise<typeof import('../lib/attribution')> | undefined;
/** The attribution code: loaded as the visitor reaches for the banner, so it is there by the time they accept. */
const loadAttribution = () => (attribution ??= import('../lib/attribution'));
const recordTouch = (onLoad?: true) => loadAttribution().then((code) => code.recordTouch(onLoad));
/** Arrived rather than moved within the site: worth loading the attribution code for. */
const arrived = () => location.search !== '' || !document.referrer.startsWith(`${location.origin}/`);

function show(from: HTMLElement | null): void {
  opener = from;
  banner.hidden = false;
  if (from) banner.focus();
}

// Fixed to the window's bottom, the question covers the page's: as long as it is asked the page makes that much
// room below its footer, and scrolls what takes the focus above it (templates/styles.css).
new ResizeObserver(() =>
  document.documentElement.style.setProperty('--consent-height', `${banner.offsetHeight}px`),
).observe(banner);

banner.addEventListener('pointerover', loadAttribution);
banner.addEventListener('focusin', loadAttribution);
/** Answers given so far: an accept waits for the attribution code, and one given meanwhile is the visitor's last word. */
let answers = 0;
banner.addEventListener('click', async (event) => {
  const choice = (event.target as Element).closest<HTMLElement>('[data-choice]')?.dataset.choice as Choice | undefined;
  if (!choice) return;
  const answer = ++answers;
  const last = () => answer === answers;
  // The question goes once this page's arrival is kept: leaving it sooner would lose how the visitor came. Kept before
  // the answer, which another tab hears of and keeps its own arrival by, as the later.
  if (choice === 'accepted')
    await loadAttribution()
      .then((code) => last() && code.recordTouch())
      .catch(() => {});
  if (!last()) return;
  keepChoice(choice);
  hide(true);
});

/**
 * Hides the question. The focus, when it was in it (as after an answer given here), goes back to the link that asked
 * again, or else to the main content (the skip link's target): it would otherwise be left on the page's body, from
 * which a screen reader starts again at the top. The page stays where the visitor left it: scrolled to the main
 * content, its breadcrumbs would slide under the header.
 */
function hide(answeredHere?: true): void {
  const hadFocus = answeredHere || banner.contains(document.activeElement);
  banner.hidden = true;
  if (hadFocus) (opener ?? document.getElementById('main')!).focus({ preventScroll: true });
}

// "Cookie settings" leads to the policy without script; with it, it asks again and goes nowhere: a button, which a
// screen reader calls one and Space presses as Enter does.
for (const link of document.querySelectorAll('[data-consent-settings]')) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = link.className;
  button.textContent = link.textContent;
  button.onclick = () => show(button);
  link.replaceWith(button);
}

/**
 * What the answer kept asks of this page: the question, or, after an accept, keeping how the visitor arrived. Asked
 * again when it was answered on another page while this one asked (in another tab, or while this one waited in the
 * back/forward cache).
 */
function askOrRecord(): void {
  const choice = storedChoice();
  if (!choice) return show(null);
  hide();
  if (choice === 'accepted' && arrived()) void recordTouch(true);
}
addEventListener('pageshow', (event) => event.persisted && !banner.hidden && askOrRecord());
addEventListener('storage', (event) => {
  if (event.key !== consentKey || banner.hidden) return;
  // Given after an accept this page is still keeping (answers, above): the later.
  answers++;
  askOrRecord();
});

// A page prerendered before the visitor answered on the page they were on asks nothing once it is shown.
if ((document as Document & { prerendering?: boolean }).prerendering)
  document.addEventListener('prerenderingchange', askOrRecord, { once: true });
else askOrRecord();
