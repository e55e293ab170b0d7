import { h, hydrate, type ComponentType } from 'preact';

/**
 * Brings every server-rendered copy of an island to life with the props the
 * build wrote beside it. The markup is already there: nothing moves.
 */
export function hydrateIslands<P extends object>(
  name: string,
  Component: ComponentType<P>,
  marker: 'data-island' | 'data-island-on-form-use' = 'data-island',
): void {
  for (const element of document.querySelectorAll<HTMLElement>(`[${marker}="${name}"]`)) {
    hydrate(h(Component, JSON.parse(element.dataset.props ?? '{}') as P), element);
  }
}
