import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * One kind of row's state machine: which status may follow which, and why. Each module that owns a status column
 * declares its table with `stateMachine` and has every status UPDATE name its moves (from → to) and call
 * `assertMoves` first, so a move the table lacks throws before anything is written (docs/domain.md#purchase-states,
 * docs/domain.md#listing-states).
 */
export type Transitions<S extends string> = Readonly<Record<S, Readonly<Partial<Record<S, string>>>>>;

/** The status moves one UPDATE may make, by the status the row must be in. */
export type Moves<S extends string> = Partial<Record<S, S>>;

/** A code path asked for a move its state machine does not have: a bug, never a user error. */
export class IllegalMoveError extends Error {
  override readonly name = 'IllegalMoveError';
  constructor(
    readonly machine: string,
    readonly from: string,
    readonly to: string,
  ) {
    super(`A ${machine} cannot go from ${from} to ${to}`);
  }
}

export interface StateMachine<S extends string> {
  readonly transitions: Transitions<S>;
  canMove(from: S, to: S): boolean;
  /** Throws IllegalMoveError for the first move the table lacks. */
  assertMoves(moves: Moves<S>): void;
}

/**
 * `machine` names the row in errors ("A purchase cannot go from failed to pending"). With `stayingPut`, a move from
 * a status to itself passes: such an UPDATE changes the row's other columns, not its state.
 */
export function stateMachine<S extends string>(
  machine: string,
  transitions: Transitions<S>,
  options: { stayingPut?: boolean } = {},
): StateMachine<S> {
  const canMove = (from: S, to: S) =>
    transitions[from][to] !== undefined || (options.stayingPut === true && from === to);
  return {
    transitions,
    canMove,
    assertMoves(moves) {
      for (const [from, to] of Object.entries(moves) as [S, S][]) {
        if (!canMove(from, to)) throw new IllegalMoveError(machine, from, to);
      }
    },
  };
}

/**
 * The two halves of a guarded status UPDATE for `moves`: the status to set (the one target, or a CASE over the row's
 * current status when the moves go to different ones), and the WHERE condition that the row is still in one of the
 * moves' from-statuses, so that of two instances racing, exactly one moves it.
 */
export function guardedMove<S extends string>(column: PgColumn, moves: Moves<S>): { status: S | SQL; inFrom: SQL } {
  const pairs = Object.entries(moves) as [S, S][];
  if (pairs.length === 0) throw new Error('a status update needs at least one move');
  const targets = new Set(pairs.map(([, to]) => to));
  const status =
    targets.size === 1
      ? [...targets][0]!
      : sql`case ${column} ${sql.join(
          pairs.map(([from, to]) => sql`when ${from}::text then ${to}::text`),
          sql` `,
        )} end`;
  return {
    status,
    inFrom: inArray(
      column,
      pairs.map(([from]) => from),
    ),
  };
}
