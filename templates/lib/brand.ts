/** The brand's colours for what is drawn outside the stylesheet (the browser's theme colour, social cards); styles.css's @theme holds the same. */
export const brandColours = {
  brand: '#1d4ed8',
  brandPale: '#bfdbfe',
  accent: '#c2410c',
} as const;
