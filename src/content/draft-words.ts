/**
 * The words `sitegen new article` writes for the author to write over. An article no longer a draft that still holds
 * one is refused: they would be its search result, listing and photo's description, or, for its body, the page itself.
 */
export const draftWords = {
  excerpt: 'One or two sentences for the blog listing: what a tradesperson gets from reading this.',
  description: 'What this article answers, in one sentence for search results: 50 to 160 characters.',
  imageAlt: 'What the photo shows, for people who cannot see it',
} as const;

/** The body `sitegen new article` writes after the front matter, from its blank line on. */
export const draftBody = `
Start with who this is for and what they will be able to do after reading it.

## The first point

Write the first section here. Link to pages of the site with root-relative links, such as [our local SEO service](/services/local-seo).
`;

export const stillDraft = (words: string): string =>
  `still holds the words \`sitegen new article\` wrote ("${words}"): write the article's own, or keep it a draft (draft: true)`;
