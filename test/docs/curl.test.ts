/** The docs check reads the documentation's curl lines as curl would. */
import { describe, expect, it } from 'vitest';
import { parseCurl, shellWords } from '../../scripts/docs-check/curl.js';

describe('curl lines of the documentation', () => {
  it('splits words as sh does: quotes, escapes, spaces', () => {
    expect(shellWords(`curl -s 'a b' "c \\"d\\"" e\\ f`)).toEqual(['curl', '-s', 'a b', 'c "d"', 'e f']);
    expect(() => shellWords(`curl 'open`)).toThrow(/unclosed/);
  });

  it('a GET with the query encoded by -G --data-urlencode', () => {
    const r = parseCurl(
      `curl -s -G http://127.0.0.1:8080/api/v1/hint --data-urlencode 'deal=PY1-N-AAAAAAA' --data-urlencode 'moves=J♦ + 2♦; draw'`,
    );
    expect(r).toEqual({
      method: 'GET',
      url: 'http://127.0.0.1:8080/api/v1/hint?deal=PY1-N-AAAAAAA&moves=J%E2%99%A6%20%2B%202%E2%99%A6%3B%20draw',
      headers: {},
      body: null,
      include: false,
    });
  });

  it('a POST with a JSON body and a header, and -i', () => {
    const r = parseCurl(
      `curl -s -i -X POST -H 'Content-Type: application/json' -d '{"deal":"PY1-N-AAAAAAA"}' http://127.0.0.1:8080/api/v1/play`,
    );
    expect(r).toEqual({
      method: 'POST',
      url: 'http://127.0.0.1:8080/api/v1/play',
      headers: { 'content-type': 'application/json' },
      body: '{"deal":"PY1-N-AAAAAAA"}',
      include: true,
    });
  });

  it('refuses an option it does not know, rather than run another request', () => {
    expect(() => parseCurl('curl -s -o out.json http://127.0.0.1:8080/')).toThrow(/does not know curl's -o/);
    expect(() => parseCurl('curl -s')).toThrow(/no URL/);
  });
});
