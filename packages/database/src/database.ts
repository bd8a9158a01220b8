export interface QueryOptions {
  /**
   * `generic`: the statement's best plan does not depend on its parameters' values (a batch
   * unnested from arrays, lookups by key), so it is planned once and that plan kept, where the
   * adapter can. Every other statement is planned for its values on every run, which for one of
   * several joins can cost more than running it (the inbox's page: 1.5 ms planning, 0.2 running).
   */
  plan?: 'generic';
}

export interface Queryable {
  query<Row>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Row[]>;
}

/** The SQL database port: real Postgres in both modes (PGlite embedded, a server when distributed). */
export interface Database extends Queryable {
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * How many batched writes of one kind (sends, reads) a service keeps under way at once: those
 * arriving meanwhile wait and go together in the next. PGlite runs one statement at a time on its
 * thread, and a batch a turn would hand it one small batch after another, each paying the whole
 * cost of a statement; Postgres commits a few batches in parallel either way.
 */
export const BATCHED_WRITES_IN_FLIGHT = 2;
