/**
 * The brand's colours, in one place: brand.json, which the stylesheet's theme is made from too (a class such as
 * bg-brand or text-brand-pale; the build adds them to styles.css's @theme). Here for what is drawn outside the
 * stylesheet: the browser's theme colour, the social cards.
 */
import colours from './brand.json';

// All three take a colour as written: one mistyped would leave every bg-brand without a colour in dev, unsaid, and stop
// the build in the card drawer's words, which name no file.
for (const [name, value] of Object.entries(colours))
  if (!/^#(?:[\da-f]{3}){1,2}$/i.test(value))
    throw new Error(`brand.json's ${name}: expected a colour written as "#1d4ed8", found ${JSON.stringify(value)}`);

export const brandColours = colours;
