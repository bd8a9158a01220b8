export interface Queryable {
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}

/** The SQL database port: real Postgres in both modes (PGlite embedded, a server when distributed). */
export interface Database extends Queryable {
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
