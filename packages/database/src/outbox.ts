import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '@chat/bus';
import { Gauge, stepsInOrder, type Registry } from '@chat/kernel';
import type { Database, Queryable } from './database.js';
import type { Migration } from './migrations.js';

export interface Outbox {
  /** Creates the table; part of the owning service's migrations. */
  migration(version: number): Migration;
  /** Records an event in the caller's transaction: it is published if, and only if, the change commits. */
  enqueue(tx: Queryable, subject: string, payload: unknown): Promise<void>;
  /** Records events in the caller's transaction, in order, in one statement however many. */
  enqueueAll(tx: Queryable, events: readonly { subject: string; payload: unknown }[]): Promise<void>;
  startRelay(db: Database, bus: Bus, log: FastifyBaseLogger, intervalMs?: number): OutboxRelay;
}

export interface OutboxRelay {
  /** Publishes every waiting event, oldest first; resolves once they are on the bus or one failed. */
  flush(): Promise<void>;
  /** How long the oldest event has waited, in seconds (0 when none waits): the bus's lag behind. */
  oldestWaitSeconds(): Promise<number>;
  stop(): void;
}

const BATCH = 100;

/**
 * A service's table of events waiting between its transactions and the bus (the outbox pattern:
 * a change and its event commit together, so no event is lost to a bus that was down, or to a
 * process that stopped between the commit and the publish). Its events are kept by the bus's stream
 * until each consumer has them; with `live`, they go to whoever listens at the moment (sockets'
 * subjects, which no stream keeps), and a row two replicas relay at once is heard twice, so such
 * events must mean the same heard again.
 */
export function outbox(table: string, { live = false }: { live?: boolean } = {}): Outbox {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`);
  return {
    migration: (version) => ({
      version,
      sql: `CREATE TABLE ${table} (
        id bigserial PRIMARY KEY,
        subject text NOT NULL,
        payload text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );`,
    }),
    async enqueue(tx, subject, payload) {
      await tx.query(`INSERT INTO ${table} (subject, payload) VALUES ($1, $2)`, [subject, JSON.stringify(payload)]);
    },
    async enqueueAll(tx, events) {
      if (events.length === 0) return;
      // Ids follow the arrays' order, so the relay publishes them in it.
      await tx.query(
        `INSERT INTO ${table} (subject, payload) SELECT s, p FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS e (s, p, n) ORDER BY n`,
        [events.map((event) => event.subject), events.map((event) => JSON.stringify(event.payload))],
      );
    },
    startRelay: (db, bus, log, intervalMs) => {
      const publish = live
        ? (subject: string, payload: string) => bus.publish(subject, payload)
        : (subject: string, payload: string, id: string) => bus.publishEvent(subject, payload, `${table}-${id}`);
      return startRelay({ table, db, publish, log, intervalMs });
    },
  };
}

/**
 * Moves events from the outbox to the bus: right after a change (`flush`), and every `intervalMs`
 * for whatever a failed publish left behind. No lock is held while publishing, since an in-process
 * consumer may write to the same database; replicas relaying one row twice publish it under the
 * same event id, which the bus stores once.
 */
function startRelay({
  table,
  db,
  publish,
  log,
  intervalMs = 5_000,
}: {
  table: string;
  db: Database;
  publish(subject: string, payload: string, id: string): Promise<void>;
  log: FastifyBaseLogger;
  intervalMs?: number | undefined;
}): OutboxRelay {
  const inOrder = stepsInOrder();

  const relay = async () => {
    for (;;) {
      const rows = await db.query<{ id: string; subject: string; payload: string }>(
        `SELECT id::text AS id, subject, payload FROM ${table} ORDER BY id LIMIT $1`,
        [BATCH],
      );
      for (const row of rows) {
        await publish(row.subject, row.payload, row.id);
        await db.query(`DELETE FROM ${table} WHERE id = $1`, [row.id]);
      }
      if (rows.length < BATCH) return;
    }
  };

  const flush = () => inOrder(relay);

  const timer = setInterval(() => {
    flush().catch((error: unknown) => log.warn({ err: error }, 'events wait in the outbox: the bus refused them'));
  }, intervalMs);
  timer.unref();

  return {
    flush,
    async oldestWaitSeconds() {
      const [row] = await db.query<{ seconds: number | null }>(
        `SELECT EXTRACT(EPOCH FROM now() - min(created_at))::float8 AS seconds FROM ${table}`,
      );
      return Math.max(0, row?.seconds ?? 0);
    },
    stop: () => clearInterval(timer),
  };
}

/** Shows in `registry`, as the gauge `name`, how long the relay's oldest event has waited: 0 normally, growing while the bus is down. */
export function gaugeOutboxWait(relay: OutboxRelay, registry: Registry, name: string, help: string): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      this.set(await relay.oldestWaitSeconds());
    },
  });
}
