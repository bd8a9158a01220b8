/** A set of values per key; a key whose set empties is dropped. */
export class SetIndex {
  private readonly sets = new Map<string, Set<string>>();

  add(key: string, value: string): void {
    let values = this.sets.get(key);
    if (!values) this.sets.set(key, (values = new Set()));
    values.add(value);
  }

  remove(key: string, value: string): void {
    const values = this.sets.get(key);
    values?.delete(value);
    if (values?.size === 0) this.sets.delete(key);
  }

  get(key: string): ReadonlySet<string> | undefined {
    return this.sets.get(key);
  }

  clear(): void {
    this.sets.clear();
  }
}
