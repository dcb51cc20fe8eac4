/**
 * The page's texts in English, Hindi and Thai. English is in the page itself (the keys, and
 * the fallback); Hindi and Thai are files of their own, fetched the first time they are needed
 * (the static site's service worker keeps them for offline use, like every file of the build).
 */
import { en } from './en';
import type { Messages } from './types';

export type { Key, Message, Messages } from './types';

export type CatalogueLanguage = 'en' | 'hi' | 'th';

export const CATALOGUES: Record<CatalogueLanguage, () => Promise<Messages>> = {
  en: async () => en,
  hi: () => import('./hi').then((m) => m.hi),
  th: () => import('./th').then((m) => m.th),
};

export { en as ENGLISH };
