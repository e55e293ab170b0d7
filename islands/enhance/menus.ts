/**
 * The header's menus are <details> disclosures that work with no script at
 * all. This adds what people expect on top: hover on wide screens, closing on
 * a link click, Escape (focus back to the toggle when it was in the menu), a
 * click or focus elsewhere, and aria-expanded kept true to the state; and
 * keeps a field that takes the focus clear of the sticky header. Plain DOM
 * code: every page loads it, and Preact would make it many times larger.
 */
const menus = [...document.querySelectorAll<HTMLDetailsElement>('details[data-menu]')];
const hoverable = matchMedia('(hover: hover) and (min-width: 1024px)');

const summaryOf = (menu: HTMLDetailsElement) => menu.querySelector('summary')!;

function close(menu: HTMLDetailsElement, returnFocus?: true): void {
  if (!menu.open) return;
  menu.open = false;
  if (returnFocus) summaryOf(menu).focus();
}

for (const menu of menus) {
  const summary = summaryOf(menu);
  summary.ariaExpanded = String(menu.open);
  menu.addEventListener('toggle', () => {
    summary.ariaExpanded = String(menu.open);
    // One menu open at a time, except a menu inside the one just opened.
    if (menu.open) for (const other of menus) if (other !== menu && !other.contains(menu)) close(other);
  });
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) close(menu);
  });
  menu.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && menu.open) {
      event.stopPropagation();
      close(menu, true);
    }
  });
  // Services in the phone's menu stays open while focus is anywhere in that menu: shut when a link below it is pressed,
  // which takes focus, it would move that link from under the finger before the tap ends.
  const scope = menu.closest<HTMLDetailsElement>('[data-menu="mobile"]') ?? menu;
  menu.addEventListener('focusout', (event) => {
    const next = event.relatedTarget as Node | null;
    if (next && !scope.contains(next)) close(menu);
  });
  if (menu.dataset.menu === 'services' && scope === menu) {
    // Opened by the mouse arriving: the click it then makes on the word, as on any menu, leaves it open; the next closes it.
    // Shut a moment after the mouse leaves: a straight line from the word to a link near the wide panel's edge leaves
    // the word by its side, just above the panel (WCAG 1.4.13: what hover shows can be moved onto).
    let hovered = false;
    let leaving: ReturnType<typeof setTimeout> | undefined;
    menu.addEventListener('pointerenter', (event) => {
      clearTimeout(leaving);
      if (event.pointerType === 'mouse' && hoverable.matches) hovered = menu.open = true;
    });
    menu.addEventListener('pointerleave', (event) => {
      hovered = false;
      // Not while the keyboard is in it, even if it came in since: shut, it would drop the focus to the page.
      if (event.pointerType === 'mouse' && hoverable.matches)
        leaving = setTimeout(() => menu.querySelector(':focus-visible') || close(menu), 300);
    });
    summary.addEventListener('click', (event) => {
      if (hovered && event.detail) event.preventDefault();
      hovered = false;
    });
  }
}

// Escape from anywhere else: a menu the mouse opened is shut without moving the focus (WCAG 1.4.13).
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') for (const menu of menus) close(menu);
});

document.addEventListener('click', (event) => {
  for (const menu of menus) if (!menu.contains(event.target as Node)) close(menu);
});

// WebKit scrolls what takes the focus (by Tab, by script, by its own check of a form) as the page's scroll-padding asks
// but heedless of its scroll-margin: a field comes to rest just under the sticky header, its label behind it. Scroll
// such a field as both ask, once WebKit has scrolled (in the frame after the next: its own comes after the next frame's
// callbacks); not while a pointer is pressed, which would move what it pressed from under it.
let pressing = false;
addEventListener('pointerdown', () => (pressing = true), true);
for (const type of ['pointerup', 'pointercancel']) addEventListener(type, () => (pressing = false), true);
document.addEventListener('focusin', ({ target }) => {
  const focused = target as HTMLElement;
  const margin = parseFloat(getComputedStyle(focused).scrollMarginTop);
  if (pressing || !(margin > 0)) return;
  const clear = () => {
    const room = focused.getBoundingClientRect().top - margin;
    if (room >= 0 && room < parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop))
      focused.scrollIntoView({ block: 'nearest' });
  };
  requestAnimationFrame(() => requestAnimationFrame(clear));
});
