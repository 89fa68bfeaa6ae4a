import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSchemaDump, SCHEMA_FILE, writeSchemaDump } from '../../src/db/index.ts';
import { serverUrl } from '../helpers/db.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'reclaim-schema-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

/** Scratch databases this process left on the server (there must be none). */
async function scratchDatabases(): Promise<string[]> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [
      `reclaim_dump_${process.pid}_%`,
    ]);
    return rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
}

describe('the schema dump built from the migrations', () => {
  it('the committed migrations/schema.sql is current; a stale or missing file is not', async () => {
    expect(await checkSchemaDump({ serverUrl: serverUrl() })).toEqual({ file: SCHEMA_FILE, current: true });

    const stale = path.join(dir, 'stale.sql');
    await writeFile(stale, `${await readFile(SCHEMA_FILE, 'utf8')}-- edited by hand\n`);
    expect(await checkSchemaDump({ serverUrl: serverUrl(), file: stale })).toEqual({ file: stale, current: false });

    const missing = path.join(dir, 'missing.sql');
    expect(await checkSchemaDump({ serverUrl: serverUrl(), file: missing })).toEqual({
      file: missing,
      current: false,
    });
    expect(await scratchDatabases()).toEqual([]);
  });

  it('writeSchemaDump writes what the committed file holds, and then it checks as current', async () => {
    const file = path.join(dir, 'schema.sql');
    const committed = await readFile(SCHEMA_FILE, 'utf8');
    expect(await writeSchemaDump({ serverUrl: serverUrl(), file })).toEqual({
      file,
      lines: committed.split('\n').length,
    });
    expect(await readFile(file, 'utf8')).toBe(committed);
    expect((await checkSchemaDump({ serverUrl: serverUrl(), file })).current).toBe(true);
    expect(await scratchDatabases()).toEqual([]);
  });
});
