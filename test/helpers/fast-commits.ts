import { createDb } from '../../src/db/index.ts';

/**
 * Commits on a test database return before their WAL reaches the disk (`synchronous_commit = off`
 * for every connection to it, the CLI's and servers' a test starts included). A test database
 * never outlives a crash of its server, and each commit's fsync was a large part of the suite's
 * time on a slow disk; what one session commits is visible to the others at once, as before.
 */
export async function withFastCommits(server: string, name: string): Promise<void> {
  const db = createDb({ url: server, pool: { max: 1 } });
  try {
    await db.raw(`alter database "${name.replaceAll('"', '""')}" set synchronous_commit = off`);
  } finally {
    await db.destroy();
  }
}
