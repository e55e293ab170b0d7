import { h, hydrate, type ComponentType } from 'preact';

/**
 * Brings a server-rendered island to life with the props the build wrote
 * beside it. The markup is already there: nothing moves.
 */
export function hydrateIsland<P extends object>(element: HTMLElement, Component: ComponentType<P>): void {
  hydrate(h(Component, JSON.parse(element.dataset.props ?? '{}') as P), element);
}
