/**
 * The catalogue's shape: English lists the keys; every other language is typed to have every
 * one of them. A text with forms (`one`, `other`) is a plural, its form chosen on `{count}` by
 * the language's `Intl.PluralRules` (Thai has one form).
 */
import type { en } from './en';

/** A text, or a plural's forms as `Intl.PluralRules` names them. */
export type Message = string | { one?: string; two?: string; few?: string; many?: string; other: string };

export type Key = keyof typeof en;

export type Messages = Record<Key, Message>;
