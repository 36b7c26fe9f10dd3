import { TOKEN_PROGRAM } from '@chain/safety/token-bytes';
import { ErrorCode } from '@shared/api/errors';
import type { OrderPlaceBody } from '@shared/api/orders';
import type { OrderLane } from '@shared/domain-values';
import { addressBytes } from '@shared/keys/base58';
import { seedAddressProblem } from '@shared/seed-address/seed-address';
import { basePointText, checkBasePoint, type BasePointProblem } from '@shared/split-key/base-point';
import { badRequest } from '../../http/app-error';
import type { GrindLane } from './grind-lanes';

/** What a placed order of each lane stores about its inputs (DESIGN.md §14). */
export interface LaneInputs {
  lane: OrderLane;
  basePoint: string | null;
  seedBase: string | null;
  seedOwner: string | null;
}

const BASE_POINT_WORDS: Record<BasePointProblem, string> = {
  INVALID_ENCODING: 'is not 32 bytes of base58',
  NOT_ON_CURVE: 'is not a point on the ed25519 curve',
  SMALL_ORDER: 'is a small-order point, whose tweaked key anyone could compute',
  MIXED_ORDER: 'has a small-order component: no a·G from a browser looks like this',
};

const laneInput = (message: string) => badRequest(ErrorCode.INVALID_LANE_INPUT, message);

/**
 * The lane's inputs checked, each refusal a 400 naming the field: a split-key order needs a prime-order `basePoint`
 * (P = a·G; the never-seen-before rule is the database's unique index); a seed-derived order takes `base` (the
 * session's wallet by default) and `owner` (the Token program by default). A field of another lane is refused
 * rather than ignored, so a client that mixed lanes up hears about it.
 */
export function laneInputsOf(body: OrderPlaceBody, sessionWallet: string): LaneInputs {
  const lane = body.lane ?? 'wallet';
  const stray = (field: 'basePoint' | 'base' | 'owner') =>
    laneInput(
      `${field} belongs to ${field === 'basePoint' ? 'a split-key' : 'a seed-derived'} order, not a ${lane} one`,
    );
  if (lane !== 'split-key' && body.basePoint !== undefined) throw stray('basePoint');
  if (lane !== 'seed-derived' && body.base !== undefined) throw stray('base');
  if (lane !== 'seed-derived' && body.owner !== undefined) throw stray('owner');
  if (lane === 'split-key') {
    if (body.basePoint === undefined) throw laneInput('basePoint is required for a split-key order: P = a·G, base58');
    const check = checkBasePoint(body.basePoint);
    if (!check.ok) {
      throw badRequest(ErrorCode.INVALID_BASE_POINT, `basePoint ${BASE_POINT_WORDS[check.problem]}`);
    }
    return { lane, basePoint: basePointText(check.point), seedBase: null, seedOwner: null };
  }
  if (lane === 'seed-derived') {
    const base = body.base ?? sessionWallet;
    const owner = body.owner ?? TOKEN_PROGRAM;
    const problem = seedAddressProblem(addressBytes(base)!, '', addressBytes(owner)!);
    if (problem === 'OWNER_IS_PDA_MARKER') {
      throw laneInput('owner ends in "ProgramDerivedAddress": Solana refuses such an owner for a seed-derived account');
    }
    return { lane, basePoint: null, seedBase: base, seedOwner: owner };
  }
  return { lane, basePoint: null, seedBase: null, seedOwner: null };
}

/** The grinder's lane for a stored order. */
export function grindLaneOf(order: LaneInputs): GrindLane {
  switch (order.lane) {
    case 'split-key':
      return { kind: 'split-key', basePoint: addressBytes(order.basePoint!)! };
    case 'seed-derived':
      return { kind: 'seed-derived', base: addressBytes(order.seedBase!)!, owner: addressBytes(order.seedOwner!)! };
    default:
      return { kind: 'wallet' };
  }
}
