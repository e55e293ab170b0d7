/**
 * The brand's colours, in one place: brand.json, which the stylesheet's theme is made from too (a class such as
 * bg-brand or text-brand-pale; the build adds them to styles.css's @theme). Here for what is drawn outside the
 * stylesheet: the browser's theme colour, the social cards.
 */
import colours from './brand.json';

export const brandColours = colours;
