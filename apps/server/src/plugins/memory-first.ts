/**
 * Ends a callback hook from what this process holds in memory when it has it (no promise for
 * the request to wait on), else from the database: `decide` turns the value into the hook's
 * refusal, or undefined to let the request go on.
 */
export function answerMemoryFirst<T>(
  kept: T | undefined,
  read: () => Promise<T>,
  decide: (value: T) => Error | undefined,
  done: (err?: Error) => void,
): void {
  if (kept !== undefined) return done(decide(kept));
  read().then((value) => done(decide(value)), done);
}
