// Steps of one transaction sent without waiting for each other's answers. postgres.js writes the
// statements of steps started together in one go and Postgres runs them in the order they were
// issued, so a step may rely on an earlier step's effect, never on its answer; PGlite runs them
// in turn. Saves a round trip per step on a busy path.

type Steps<T extends unknown[]> = { [K in keyof T]: () => PromiseLike<T[K]> };

/**
 * Starts the steps in the order given (a query builder is started too: its `then` is called at
 * once), and gives each one's result once every step has settled; the first failure, in the order
 * given, is thrown only then, so that no statement of a step still running is issued after its
 * transaction has ended.
 */
export async function concurrently<T extends unknown[]>(...steps: Steps<T>): Promise<T> {
  const settled = steps.map((step) => step().then(
    (value) => ({ ok: true as const, value }),
    (reason: unknown) => ({ ok: false as const, reason }),
  ));
  const outcomes = await Promise.all(settled);
  for (const outcome of outcomes) if (!outcome.ok) throw outcome.reason;
  return outcomes.map((outcome) => (outcome as { value: unknown }).value) as T;
}
