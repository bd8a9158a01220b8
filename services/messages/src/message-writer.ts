import type { Queryable } from '@chat/database';
import { insertMessages, type InsertResult, type NewMessage } from './messages.js';

/** More than this many sends waiting go out at once rather than wait for the loop's turn. */
const MAX_BATCH = 256;

export interface MessageWriter {
  /** Stores one message, or says it was stored already or has no known receiver. */
  insert(message: NewMessage): Promise<InsertResult>;
}

/**
 * Groups the sends that arrive in the same turn of the event loop into one INSERT: under load many
 * requests are parsed in one turn, so they share a round trip and a commit; alone, a send waits for
 * nothing (setImmediate runs right after the I/O that brought it).
 */
export function createMessageWriter(db: Queryable): MessageWriter {
  let waiting: { message: NewMessage; resolve(result: InsertResult): void; reject(error: unknown): void }[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return;
    insertMessages(
      db,
      batch.map((entry) => entry.message),
    ).then(
      (results) => batch.forEach((entry, i) => entry.resolve(results[i]!)),
      (error: unknown) => batch.forEach((entry) => entry.reject(error)),
    );
  };

  return {
    insert(message) {
      return new Promise((resolve, reject) => {
        waiting.push({ message, resolve, reject });
        if (waiting.length >= MAX_BATCH) flush();
        else if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
}
