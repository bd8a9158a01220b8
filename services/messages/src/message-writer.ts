import type { Queryable } from '@chat/database';
import { batchPerTurn } from '@chat/kernel';
import { insertMessages, type InsertResult, type NewMessage } from './messages.js';

export interface MessageWriter {
  /** Stores one message, or says it was stored already or has no known receiver. */
  insert(message: NewMessage): Promise<InsertResult>;
}

/** The sends of one turn stored by one INSERT. */
export function createMessageWriter(db: Queryable): MessageWriter {
  return { insert: batchPerTurn((messages: NewMessage[]) => insertMessages(db, messages)) };
}
