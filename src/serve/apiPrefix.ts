/** Where the API's routes are: every route group is a plugin registered under this prefix. */
export const API_PREFIX = '/api/v1';
