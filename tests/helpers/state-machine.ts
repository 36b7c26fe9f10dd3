import { expect } from 'vitest';
import type { Queryable } from '@server/db/database';
import type { StateMachine } from '@server/db/state-machine';

/** A database handle that fails the test if anything touches it: a refused move must throw before any SQL. */
export const untouchableDb = new Proxy(
  {},
  {
    get() {
      throw new Error('the database was used');
    },
  },
) as Queryable;

/**
 * `machine` (named `name` in its errors) has exactly the `allowed` moves (from → the statuses it may go to), each with a reason,
 * over every one of `statuses`; every other move is refused by name, and so is a set of moves with one bad move in it.
 * With `stayingPut`, a status may also move to itself.
 */
export function expectExactMoves<S extends string>(
  machine: StateMachine<S>,
  name: string,
  statuses: readonly S[],
  allowedTo: Partial<Record<S, readonly S[]>>,
  { stayingPut = false } = {},
): void {
  const { assertMoves, transitions } = machine;
  const allowed = Object.entries(allowedTo).flatMap(([from, tos]) => (tos as S[]).map((to) => `${from} → ${to}`));
  const moves = Object.entries(transitions).flatMap(([from, tos]) =>
    Object.entries(tos as Record<string, string>).map(([to, why]) => {
      expect(why, `${from} → ${to}`).toMatch(/\w{4}/);
      return `${from} → ${to}`;
    }),
  );
  expect(moves.sort()).toEqual([...allowed].sort());
  expect(Object.keys(transitions).sort()).toEqual([...statuses].sort());
  const refused: [S, S][] = [];
  const check = (moves: Partial<Record<S, S>>) => () => assertMoves(moves);
  for (const from of statuses) {
    for (const to of statuses) {
      const move = { [from]: to } as Partial<Record<S, S>>;
      if (allowed.includes(`${from} → ${to}`) || (stayingPut && from === to)) {
        expect(check(move), `${from} → ${to}`).not.toThrow();
        continue;
      }
      refused.push([from, to]);
      expect(check(move), `${from} → ${to}`).toThrow(
        expect.objectContaining({ name: 'IllegalMoveError', machine: name, from, to }),
      );
    }
  }
  const [goodFrom, goodTo] = allowed[0]!.split(' → ') as [S, S];
  const [badFrom, badTo] = refused.find(([from]) => from !== goodFrom)!;
  expect(check({ [goodFrom]: goodTo, [badFrom]: badTo } as Partial<Record<S, S>>)).toThrow(
    expect.objectContaining({ from: badFrom, to: badTo }),
  );
}
