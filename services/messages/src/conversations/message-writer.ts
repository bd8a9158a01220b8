import { BATCHED_WRITES_IN_FLIGHT, type Queryable } from '@chat/database';
import { batchPerTurn } from '@chat/kernel';
import { insertMessages, type InsertResult, type NewMessage } from './messages.js';

export interface MessageWriter {
  /** Stores one message, or says it was stored already or has no known receiver. */
  insert(message: NewMessage): Promise<InsertResult>;
}

/** The sends of one turn, or of the time the INSERTs before them took, stored by one INSERT. */
export function createMessageWriter(db: Queryable): MessageWriter {
  return {
    insert: batchPerTurn((messages: NewMessage[]) => insertMessages(db, messages), {
      inFlight: BATCHED_WRITES_IN_FLIGHT,
      allOrNothing: true,
    }),
  };
}
