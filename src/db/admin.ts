import pg from 'pg';
import { withDatabase } from './knex.ts';

/** Runs one statement on the maintenance database of the server behind url. */
async function onServer(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

export async function createDatabase(
  url: string,
  name: string,
  { template }: { template?: string } = {},
): Promise<string> {
  await onServer(url, `create database ${quoteIdent(name)}${template ? ` template ${quoteIdent(template)}` : ''}`);
  return withDatabase(url, name);
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  await onServer(url, `drop database if exists ${quoteIdent(name)} with (force)`);
}
