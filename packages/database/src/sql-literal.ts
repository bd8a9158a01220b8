/**
 * A value written as a SQL literal, for the arguments of an `EXECUTE` (a utility statement takes
 * no protocol parameters). Strings are quoted as standard_conforming_strings reads them (on since
 * Postgres 9.1, and in PGlite): a quote is doubled, nothing else is special. The literal is untyped:
 * Postgres gives it the type of the prepared statement's parameter.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  return quoted(text(value));
}

const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The value's text form, as the extended protocol would send it. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  if (Array.isArray(value)) return arrayText(value);
  if (typeof value === 'object') return JSON.stringify(value);
  throw new TypeError(`a ${typeof value} cannot be a query parameter`);
}

/** Postgres's array input form: every element double-quoted (a quote and a backslash escaped by a backslash), NULL bare. */
function arrayText(values: readonly unknown[]): string {
  const elements = values.map((element) => {
    if (element === null || element === undefined) return 'NULL';
    if (Array.isArray(element)) return arrayText(element);
    return `"${text(element).replace(/["\\]/g, (character) => `\\${character}`)}"`;
  });
  return `{${elements.join(',')}}`;
}
