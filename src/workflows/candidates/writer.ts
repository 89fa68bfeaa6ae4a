/**
 * The write side of run-candidates: session advisory locks (per workflow, or per store for its
 * cart and checkout workflows) held on one connection of its own, and a buffer that writes
 * decided candidates of any number of workflows in chunks, one transaction each, so a thousand
 * small workflows cost a few dozen transactions rather than a thousand. */
import { coerceError, type Logger } from '../../app/index.ts';
import { FAILED_TO_CREATE_CONVERSATION } from '../../conversations/index.ts';
import { withTransaction, type Db } from '../../db/index.ts';
import { commitChunk, lockKeyOf, type Planned } from './process.ts';
import { lockName, releaseAllLocks, releaseRunLock, tryRunLock, type LockConnection, type LockKey } from './store.ts';

interface PgConnection extends LockConnection {
  __knex__disposed?: Error;
}

export interface LockSession {
  /** Takes the lock (a workflow's, or a store's cart workflows'); false when another run holds it. */
  tryLock(key: LockKey): Promise<boolean>;
  unlock(key: LockKey): Promise<void>;
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
  const held = new Set<string>();
  return {
    async tryLock(key) {
      const ok = await tryRunLock(connection, key);
      if (ok) held.add(lockName(key));
      return ok;
    },
    async unlock(key) {
      if (!held.delete(lockName(key))) return;
      await releaseRunLock(connection, key);
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
 * Buffers decided candidates and writes them in chunks of about `chunkSize`. Candidates come in
 * units that are written together: every workflow's candidate of one cart (so a cart's choice and
 * the other workflows' other_workflow_chosen land in one transaction), or a single candidate.
 * When a chunk fails, its units are written again one by one, each in its own transaction, so one
 * bad candidate ('Failed to create conversation/message': all of its unit rolled back, decided
 * again next run) does not hold the others back.
 */
export class CandidateWriter {
  private buffer: Planned[][] = [];
  private size = 0;

  constructor(
    private readonly db: Db,
    private readonly options: { now: Date; chunkSize: number; log: Logger; events: WriterEvents },
  ) {}

  /** Run locks (lockName) with candidates still waiting to be written. */
  pendingLocks(): Set<string> {
    return new Set(this.buffer.flatMap((unit) => unit.map((p) => lockName(lockKeyOf(p.plan)))));
  }

  /** Adds units (each written in one transaction with the rest of its chunk). */
  async add(units: Planned[][]): Promise<void> {
    for (const unit of units) {
      if (unit.length === 0) continue;
      this.buffer.push(unit);
      this.size += unit.length;
    }
    while (this.size >= this.options.chunkSize) await this.write(this.take());
  }

  async flush(): Promise<void> {
    while (this.buffer.length > 0) await this.write(this.take());
  }

  /** Whole units from the front of the buffer, up to chunkSize candidates (at least one unit). */
  private take(): Planned[][] {
    const chunk: Planned[][] = [];
    let n = 0;
    while (this.buffer.length > 0 && (chunk.length === 0 || n + this.buffer[0]!.length <= this.options.chunkSize)) {
      const unit = this.buffer.shift()!;
      chunk.push(unit);
      n += unit.length;
    }
    this.size -= n;
    return chunk;
  }

  private async write(units: Planned[][]): Promise<void> {
    try {
      const written = await withTransaction(this.db, (tx) => commitChunk(tx, units.flat(), this.options.now));
      for (const item of written.recorded) this.options.events.recorded(item, written.conversations.get(item));
      return;
    } catch (error) {
      if (units.length === 1) {
        for (const item of units[0]!) this.options.events.failed(item);
        const { plan, candidate } = units[0]![0]!;
        this.options.log.error(
          {
            err: coerceError(error),
            workflow_id: plan.workflow.id,
            event_id: candidate.row.event_id,
            kind: plan.kind,
            unit: units[0]!.length,
          },
          FAILED_TO_CREATE_CONVERSATION,
        );
        return;
      }
      this.options.log.warn(
        { err: coerceError(error), size: units.length },
        'a chunk of candidates failed; writing its units one by one',
      );
    }
    for (const unit of units) await this.write([unit]);
  }
}
