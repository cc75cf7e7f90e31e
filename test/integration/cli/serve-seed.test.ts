import { describe, expect, it } from 'vitest';
import { startServe } from '../../helpers/browser.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();

describe('cita serve --seed (what npm start runs in browser mode)', () => {
  it('answers at once and loads the shipped data and the demo profile in the background', async () => {
    const serve = await startServe(tempDir(), { CITA_MODEL_DIR: '/nonexistent-model' }, ['--seed']);
    try {
      const status = async () => {
        const response = await fetch(`${serve.url}api/status`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${serve.token}`, 'Content-Type': 'application/json' },
          body: '{}',
        });
        return ((await response.json()) as { value: { corpora: Array<{ corpus: string; rows: number }> } }).value;
      };
      expect((await status()).corpora.length).toBeGreaterThan(0);
      const deadline = Date.now() + 60_000;
      let rows: Record<string, number> = {};
      while (Date.now() < deadline) {
        rows = Object.fromEntries((await status()).corpora.map((corpus) => [corpus.corpus, corpus.rows]));
        if ((rows.foods ?? 0) >= 549 && (rows.catalog ?? 0) > 0 && (rows.kb ?? 0) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      // The shipped foods (542 rows) and the demo profile's 7 packaged foods: a new data directory gets the demo.
      expect(rows).toMatchObject({ foods: 549, catalog: 216, kb: 190 });
    } finally {
      await serve.stop();
    }
  });
});
