/**
 * The templates' entry point for the generator: the document, the header
 * and footer every page shares, the page left at a redirected path, and one
 * component per page kind. The route table names a page kind by its key
 * here. The generator renders with this module's PageUsesContext, the one
 * object the components record into (templates/lib/page-uses.ts).
 */
export { Document, PageScripts } from './layout/Document';
export { Footer } from './layout/Footer';
export { Header } from './layout/Header';
export { PageUsesContext } from './lib/page-uses';
export { RedirectDocument } from './layout/RedirectDocument';
export { SocialCard } from './social/SocialCard';
import { About } from './pages/About';
import { Article } from './pages/Article';
import { Blog } from './pages/Blog';
import { Careers } from './pages/Careers';
import { CaseStudies } from './pages/CaseStudies';
import { Contact } from './pages/Contact';
import { Home } from './pages/Home';
import { Legal } from './pages/Legal';
import { NotFound } from './pages/NotFound';
import { ServicePage } from './pages/ServicePage';
import { TradePage } from './pages/TradePage';

export const pages = {
  Home,
  About,
  CaseStudies,
  Blog,
  Article,
  Careers,
  Contact,
  Legal,
  ServicePage,
  TradePage,
  NotFound,
};

export type PageKind = keyof typeof pages;
export type PageProps<K extends PageKind> = Parameters<(typeof pages)[K]>[0];
