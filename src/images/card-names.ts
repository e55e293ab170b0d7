/**
 * Where a page's social card is published: named by a hash of what it shows and of what draws it (cardsVersion,
 * social-cards.ts), so a card is drawn once and cached for a year. Apart from the drawing, which needs takumi: the
 * route table names cards, and runs in the editor too.
 */
import { createHash } from 'node:crypto';
import type { SocialCardProps } from '../../templates/social/SocialCard';
import { urlName } from './image-names';

/** The folders of templates/ a card is drawn from, whose files name every card (site-images.ts): the card template and the helpers it may use. */
export const cardTemplateFolders = ['social', 'lib'];

/** What a route says of its card: the logo is the generator's to add. */
export type CardContent = Omit<SocialCardProps, 'logo'>;

export type SocialCard = ReturnType<typeof socialCard>;

export function socialCard(version: string, name: string, content: CardContent) {
  const key = createHash('sha256').update(version).update(JSON.stringify(content)).digest('hex').slice(0, 12);
  return { path: `assets/cards/${urlName(name)}-${key}.png`, content };
}
