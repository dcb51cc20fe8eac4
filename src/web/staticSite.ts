/// <reference types="vite/client" />
/**
 * Whether this is the static site (`vite build --mode static`, dist/site): no server behind
 * it, so the view's path lives in the URL's hash and the views that need the database say so.
 */
export const STATIC_SITE: boolean = import.meta.env.MODE === 'static';
