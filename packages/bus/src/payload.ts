import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

/**
 * What a process reads off the bus is checked where it enters: the returned function answers the
 * payload's value if it is JSON of the schema's shape, and `undefined` for anything else.
 */
export function busPayloadReader<T extends TSchema>(schema: T): (payload: string) => Static<T> | undefined {
  const validator = Compile(schema);
  return (payload) => {
    let value: unknown;
    try {
      value = JSON.parse(payload);
    } catch {
      return undefined;
    }
    return validator.Check(value) ? value : undefined;
  };
}
