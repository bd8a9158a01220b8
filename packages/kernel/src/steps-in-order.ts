/**
 * A queue of asynchronous steps: each starts once the one before has settled, in the order they
 * were asked for; one that fails answers its failure to its caller and does not stop the next.
 */
export function stepsInOrder() {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(step: () => Promise<T>): Promise<T> => {
    const next = queue.then(step);
    queue = next.catch(() => undefined);
    return next;
  };
}
