import { createHash } from 'node:crypto';

const statementNames = new Map<string, string>();

/**
 * The name a parameterized query is prepared under: the same for the same SQL text, in every
 * connection. The texts are the code's own, so the names are few; they name their columns, so a
 * migration never changes the rows a prepared statement returns.
 */
export function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) statementNames.set(sql, (name = `chat_${createHash('sha256').update(sql).digest('hex').slice(0, 16)}`));
  return name;
}
