/**
 * Pages cross-fade into the next (a cross-document view transition), unless the visitor asks for less motion. The
 * opt-in is an inline <style>, the same bytes first in every page's <head>, allowed by its hash in the CSP, not a rule
 * of the stylesheet: Chromium decides whether the next page opts in without waiting for its stylesheets, and with the
 * stylesheet still on its way it skips the transition and raises an uncaught error in the new page.
 */
export const viewTransitionStyle = '@media (prefers-reduced-motion:no-preference){@view-transition{navigation:auto}}';
