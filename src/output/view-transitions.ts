/**
 * Going from one page of the site to the next cross-fades, rather than
 * flashing white: a cross-document view transition (Chromium and Safari;
 * other browsers just navigate). None for visitors who ask for less motion.
 *
 * The opt-in is one inline <style>, the same bytes first in every page's
 * <head>, allowed by its hash in the Content-Security-Policy; not a rule of
 * the stylesheet. Chromium decides whether the page it is about to show opts
 * in without waiting for the page's stylesheets, render-blocking or not:
 * with the stylesheet still on its way (the first visit after a deploy that
 * changed it, any slow connection) it skips the transition and raises an
 * uncaught error in the new page. Inline, the rule is there with the page.
 */
export const viewTransitionStyle = '@media (prefers-reduced-motion:no-preference){@view-transition{navigation:auto}}';
