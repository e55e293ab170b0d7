/**
 * The words `sitegen new article` writes for the author to write over. An
 * article that is no longer a draft and still holds one is refused: they
 * would be its search result, its listing and its photo's description.
 */
export const draftWords = {
  excerpt: 'One or two sentences for the blog listing: what a tradesperson gets from reading this.',
  description: 'What this article answers, in one sentence for search results: 50 to 160 characters.',
  imageAlt: 'What the photo shows, for people who cannot see it',
} as const;
