import { compileCheck } from '@chat/kernel';
import type { Static, TSchema } from 'typebox';

/**
 * Where a page of a list ends, as a cursor of `schema`'s shape: base64url JSON, opaque to clients,
 * which pass it back as it came. Read back, it is checked as any input is (whatever a client makes
 * of it, what reaches SQL is a value of its column's type): null when it is not one of ours.
 */
export function pageCursors<T extends TSchema>(schema: T) {
  const check = compileCheck(schema);
  return {
    encode: (cursor: Static<T>) => Buffer.from(JSON.stringify(cursor)).toString('base64url'),
    decode(text: string): Static<T> | null {
      try {
        const checked = check(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
        if ('value' in checked) return checked.value;
      } catch {
        // Not base64url JSON: not ours.
      }
      return null;
    },
  };
}
