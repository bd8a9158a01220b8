/** Whether a name holds every word of a search (in any case), as the server searches people's names. */
export function nameMatches(name: string, query: string): boolean {
  const lowered = name.toLocaleLowerCase();
  return query
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => lowered.includes(word));
}
