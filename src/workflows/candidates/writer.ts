/**
 * The write side of run-candidates: a session advisory lock per workflow held on one connection
 * of its own, and a buffer that writes decided candidates of any number of workflows in chunks,
 * one transaction each, so a thousand small workflows cost a few dozen transactions rather than
 * a thousand.
 */
import { coerceError, type Logger } from '../../app/index.ts';
import { FAILED_TO_CREATE_CONVERSATION } from '../../conversations/index.ts';
import { withTransaction, type Db } from '../../db/index.ts';
import { commitChunk, type Planned } from './process.ts';
import { releaseAllLocks, releaseRunLock, tryRunLock, type LockConnection } from './store.ts';

interface PgConnection extends LockConnection {
  __knex__disposed?: Error;
}

export interface LockSession {
  /** Takes the workflow's lock; false when another run holds it. */
  tryLock(workflowId: number): Promise<boolean>;
  unlock(workflowId: number): Promise<void>;
  /** Releases every lock still held and the connection. */
  close(): Promise<void>;
}

/**
 * Session advisory locks on a connection taken from the pool for the run: a process killed
 * mid-run drops its connection and with it every lock it held.
 */
export async function openLockSession(db: Db): Promise<LockSession> {
  const client = db.client as {
    acquireConnection(): Promise<PgConnection>;
    releaseConnection(c: PgConnection): Promise<void>;
  };
  const connection = await client.acquireConnection();
  const held = new Set<number>();
  return {
    async tryLock(workflowId) {
      const ok = await tryRunLock(connection, workflowId);
      if (ok) held.add(workflowId);
      return ok;
    },
    async unlock(workflowId) {
      if (!held.delete(workflowId)) return;
      await releaseRunLock(connection, workflowId);
    },
    async close() {
      try {
        if (held.size > 0) await releaseAllLocks(connection);
        held.clear();
      } catch (error) {
        connection.__knex__disposed = coerceError(error); // never hand a connection holding locks back to the pool
      } finally {
        await client.releaseConnection(connection);
      }
    },
  };
}

export interface WriterEvents {
  /** A candidate whose outcome this run recorded (conversationId when it was texted). */
  recorded(item: Planned, conversationId: number | undefined): void;
  /** A candidate whose conversation could not be created: nothing of it was kept. */
  failed(item: Planned): void;
}

/**
 * Buffers decided candidates and writes them in chunks of `chunkSize`. When a chunk fails, its
 * candidates are written again one by one, each in its own transaction, so one bad candidate
 * ('Failed to create conversation/message': all of it rolled back, retried next run) does not
 * hold the others back.
 */
export class CandidateWriter {
  private buffer: Planned[] = [];

  constructor(
    private readonly db: Db,
    private readonly options: { now: Date; chunkSize: number; log: Logger; events: WriterEvents },
  ) {}

  /** Workflows with candidates still waiting to be written. */
  pendingWorkflows(): Set<number> {
    return new Set(this.buffer.map((p) => p.plan.workflow.id));
  }

  async add(items: Planned[]): Promise<void> {
    this.buffer.push(...items);
    while (this.buffer.length >= this.options.chunkSize)
      await this.write(this.buffer.splice(0, this.options.chunkSize));
  }

  async flush(): Promise<void> {
    while (this.buffer.length > 0) await this.write(this.buffer.splice(0, this.options.chunkSize));
  }

  private async write(chunk: Planned[]): Promise<void> {
    try {
      const written = await withTransaction(this.db, (tx) => commitChunk(tx, chunk, this.options.now));
      for (const item of written.recorded) this.options.events.recorded(item, written.conversations.get(item));
      return;
    } catch (error) {
      if (chunk.length === 1) {
        this.options.events.failed(chunk[0]!);
        const { plan, candidate } = chunk[0]!;
        this.options.log.error(
          { err: coerceError(error), workflow_id: plan.workflow.id, event_id: candidate.row.event_id, kind: plan.kind },
          FAILED_TO_CREATE_CONVERSATION,
        );
        return;
      }
      this.options.log.warn(
        { err: coerceError(error), size: chunk.length },
        'a chunk of candidates failed; writing them one by one',
      );
    }
    for (const item of chunk) await this.write([item]);
  }
}
