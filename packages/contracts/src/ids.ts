import { Type } from 'typebox';

/**
 * A message id as a client names one: a positive integer of at most 18 digits, so every id that
 * passes fits Postgres' bigint (whose largest is 19 digits long) and never fails a query.
 */
export const MESSAGE_ID_PATTERN = '^[1-9][0-9]{0,17}$';

/** Where a message id enters: checked by the pattern above, refused with the sentence given. */
export const messageIdSchema = (errorMessage: string) => Type.String({ pattern: MESSAGE_ID_PATTERN, errorMessage });

/**
 * Where a user id (or any UUID) enters: a UUID in any case, turned to lower case by the validator
 * (its `lowercase` keyword), so the same person is the same key in every query, key and room.
 */
export const uuidSchema = (options: { errorMessage?: string } = {}) => Type.String({ format: 'uuid', lowercase: true, ...options });
