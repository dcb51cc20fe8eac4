/**
 * The page's calls under `serve --token`: a 401 asks for the token once, keeps it in the
 * browser and sends it as `Authorization: Bearer`; a refused token is forgotten. Run in Node
 * with the browser's fetch, localStorage and prompt stood in for.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

interface Api {
  api: { games: () => Promise<unknown> };
  TOKEN_KEY: string;
  hasToken: () => boolean;
  downloadWithToken: (url: string) => Promise<void>;
}

// The page's source itself (not the build the other tests read from dist/).
const load = async (): Promise<Api> => (await import(new URL('../../src/web/api.ts', import.meta.url).href)) as Api;

const TOKEN = 'page-token-0123456789abcdef';

describe('the page and the token', () => {
  let store: Map<string, string>;
  let sent: (string | null)[];
  let prompts: number;
  let answer: string | null;

  beforeEach(() => {
    store = new Map();
    sent = [];
    prompts = 0;
    answer = TOKEN;
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    });
    vi.stubGlobal('window', {
      prompt: () => {
        prompts++;
        return answer;
      },
    });
    vi.stubGlobal('fetch', async (_url: string, init: { headers: Record<string, string> }) => {
      const auth = init.headers.authorization ?? null;
      sent.push(auth);
      const ok = auth === `Bearer ${TOKEN}`;
      return new Response(ok ? '{"games":[]}' : '{"statusCode":401,"error":"this server needs its token"}', {
        status: ok ? 200 : 401,
        headers: { 'content-type': 'application/json' },
      });
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks once on a 401, keeps the token and sends it from then on', async () => {
    const { api, TOKEN_KEY } = await load();
    expect(await api.games()).toEqual({ games: [] });
    expect(sent).toEqual([null, `Bearer ${TOKEN}`]);
    expect(store.get(TOKEN_KEY)).toBe(TOKEN);
    await api.games();
    expect(sent.slice(2)).toEqual([`Bearer ${TOKEN}`]);
    expect(prompts).toBe(1);
  });

  it('a wrong token: the 401 reaches the caller and the token is forgotten', async () => {
    const { api, TOKEN_KEY } = await load();
    answer = 'not-the-token';
    await expect(api.games()).rejects.toMatchObject({ status: 401 });
    expect(store.has(TOKEN_KEY)).toBe(false);
  });

  it('no token given (the prompt cancelled): the 401 reaches the caller, nothing kept', async () => {
    const { api, TOKEN_KEY } = await load();
    answer = null;
    await expect(api.games()).rejects.toMatchObject({ status: 401 });
    expect(sent).toEqual([null]);
    expect(store.has(TOKEN_KEY)).toBe(false);
  });

  it("a download link, with a token kept: fetched with the header and saved under the server's name", async () => {
    const { api, hasToken, downloadWithToken } = await load();
    expect(hasToken()).toBe(false);
    await api.games();
    expect(hasToken()).toBe(true);
    const saved: { href: string; download: string }[] = [];
    vi.stubGlobal('document', {
      createElement: () => {
        const link = { href: '', download: '', click: () => saved.push({ href: link.href, download: link.download }) };
        return link;
      },
    });
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:file';
        static override revokeObjectURL = () => undefined;
      },
    );
    vi.stubGlobal('fetch', async (_url: string, init: { headers: Record<string, string> }) => {
      sent.push(init.headers.authorization ?? null);
      return new Response('code\nPY1-N-AAAAAAA\n', {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="pyramide-app.csv"' },
      });
    });
    await downloadWithToken('/api/v1/export?format=csv');
    expect(sent.at(-1)).toBe(`Bearer ${TOKEN}`);
    expect(saved).toEqual([{ href: 'blob:file', download: 'pyramide-app.csv' }]);
  });
});
