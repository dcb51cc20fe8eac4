/**
 * serve with an app's dealer: its codes on the deal routes, the deal text the page opens them
 * from (`/api/v1/dealt`), and curated lists in the app's codes.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allDealers } from '../../src/games/dealers.js';
import { loadDealers } from '../../src/plugins/dealerModules.js';
import type { Server } from '../../src/serve/app.js';
import { cardsolve, ROOT } from '../support/cli.js';
import { tempDir } from '../support/tempDir.js';
import { ask, startServer, stopServer } from './helpers.js';

const ACME = join(ROOT, 'examples', 'dealers', 'acme.js');

describe('serve --dealer', () => {
  let folder: { dir: string; cleanup: () => void };
  let server: Server | undefined;

  beforeAll(async () => {
    folder = tempDir();
    const db = join(folder.dir, 'acme.sqlite');
    const batch = cardsolve(['batch', 'ACME-2..ACME-5', '--dealer', ACME, '--db', db, '--workers', '1']);
    expect(batch.status, batch.stderr).toBe(0);
    // As the command line does: registered here, and named to the solver threads through the environment.
    await loadDealers([ACME]);
    server = await startServer(db);
  }, 60_000);

  afterAll(async () => {
    await stopServer(server);
    folder?.cleanup();
  });

  it('gives the deal text of a code its dealer deals, checked, and 404 for any other code', async () => {
    const acme = allDealers().find((d) => d.name === 'acme')!;
    const dealt = await ask(server!, '/api/v1/dealt?code=ACME-7');
    expect(dealt.status).toBe(200);
    expect(dealt.body).toEqual({ code: 'ACME-7', dealer: 'acme', game: 'pyramide', text: acme.deal('ACME-7') });
    const other = await ask(server!, '/api/v1/dealt?code=PY1-N-AAAAAAA');
    expect(other.status).toBe(404);
    expect(other.body).toEqual({
      statusCode: 404,
      error: 'no dealer of this server deals PY1-N-AAAAAAA (dealers are given to serve with --dealer FILE)',
    });
  });

  it('answers the deal routes under the app code', async () => {
    const analysis = await ask(server!, '/api/v1/analysis?deal=ACME-5');
    expect(analysis.status).toBe(200);
    expect(analysis.body).toMatchObject({ code: 'ACME-5', game: 'pyramide', verdict: 'unwinnable', maxRemoved: 13 });
  });

  it('curates in the app codes, in number order, and refuses a dealer it was not given', async () => {
    const codes = await ask(server!, '/api/v1/curate?dealer=acme&order=code&format=codes');
    expect([codes.status, codes.text]).toEqual([200, 'ACME-2\nACME-3\nACME-4\nACME-5\n']);
    const none = await ask(server!, '/api/v1/curate?dealer=zeta');
    expect([none.status, none.body]).toEqual([
      400,
      { statusCode: 400, error: 'dealer "zeta": this server has no such dealer (its dealers: acme)' },
    ]);
  });
});
