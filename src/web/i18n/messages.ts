/**
 * The page's texts in English, Hindi and Thai. `{name}` is filled in; card symbols, deal codes
 * and program names stay as they are.
 */
import { en } from './en';
import { hi } from './hi';
import { th } from './th';
import type { Messages } from './types';

export type { Key, Message, Messages } from './types';

export const MESSAGES: Record<'en' | 'hi' | 'th', Messages> = { en, hi, th };
