import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { ListingStatus } from '@shared/domain-values';
import { addresses } from './schema';
import { guardedMove, IllegalMoveError, stateMachine } from './state-machine';

type Light = 'red' | 'green' | 'amber';
const transitions = { red: { green: 'go' }, green: { amber: 'slow' }, amber: { red: 'stop' } } as const;

describe('stateMachine', () => {
  it('allows the moves of its table, refuses the others by name, and checks every move of a set', () => {
    const light = stateMachine<Light>('light', transitions);
    expect(light.canMove('red', 'green')).toBe(true);
    expect(light.canMove('green', 'red')).toBe(false);
    expect(() => light.assertMoves({ red: 'green', amber: 'red' })).not.toThrow();
    expect(() => light.assertMoves({ red: 'green', green: 'red' })).toThrow(
      expect.objectContaining({ name: 'IllegalMoveError', machine: 'light', from: 'green', to: 'red' }),
    );
    expect(() => light.assertMoves({ amber: 'amber' })).toThrow('A light cannot go from amber to amber');
  });

  it('lets a row stay put only when the machine says so', () => {
    const light = stateMachine<Light>('light', transitions, { stayingPut: true });
    expect(() => light.assertMoves({ amber: 'amber' })).not.toThrow();
    expect(() => light.assertMoves({ amber: 'green' })).toThrow(IllegalMoveError);
  });
});

describe('guardedMove', () => {
  const render = (query: Parameters<PgDialect['sqlToQuery']>[0]) => new PgDialect().sqlToQuery(query);

  it("sets the one target, and matches a row still in any of the moves' from-statuses", () => {
    const { status, inFrom } = guardedMove<ListingStatus>(addresses.status, { available: 'sold', pending: 'sold' });
    expect(status).toBe('sold');
    expect(render(inFrom)).toMatchObject({
      sql: '"addresses"."status" in ($1, $2)',
      params: ['available', 'pending'],
    });
  });

  it('sets each row its own target when the moves go to different statuses', () => {
    const { status } = guardedMove<ListingStatus>(addresses.status, { available: 'pending', pending: 'available' });
    expect(typeof status).not.toBe('string');
    expect(render(status as Exclude<typeof status, string>)).toMatchObject({
      sql: 'case "addresses"."status" when $1::text then $2::text when $3::text then $4::text end',
      params: ['available', 'pending', 'pending', 'available'],
    });
  });

  it('refuses an empty set of moves', () => {
    expect(() => guardedMove(addresses.status, {})).toThrow('at least one move');
  });
});
