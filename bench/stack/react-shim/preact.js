/**
 * Stands in for 'preact' when the templates are compiled for React: the
 * templates call `h` directly (Icon's SVG children, Island's first paint),
 * and React's createElement takes the same arguments.
 */
import React from 'react';

export const h = React.createElement;
export const createElement = React.createElement;
export const Fragment = React.Fragment;
