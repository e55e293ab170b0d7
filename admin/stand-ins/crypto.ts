/**
 * node:crypto, as the route table's social cards (src/images/card-names.ts)
 * name it: the editor makes its routes without cards (no cardsVersion), so
 * a card's name is never hashed here.
 */
export function createHash(): never {
  throw new Error('the editor draws no social cards');
}
