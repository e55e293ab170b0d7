export function generateArticle(index: number, seed?: number): { slug: string; text: string };
export function writeArticles(dir: string, count: number, seed?: number): Promise<string[]>;
