import { ErrorCode } from '@shared/api/errors';
import type { ChallengeResponse, SignInInput, VerifyBody } from '@shared/api/auth';
import type { Queryable } from '../../db/database';
import { AppError } from '../../http/app-error';
import { usersRepository, type UserRow } from '../users';
import { noncesRepository } from './nonces.repository';
import { newSessionToken } from './session';
import { sessionsRepository } from './sessions.repository';
import {
  bytesEqual,
  buildSignInInput,
  CHALLENGE_TTL_MS,
  isValidSignature,
  newNonce,
  signInMessageText,
  type SignInSite,
} from './siws';

/** Every refused sign-in: 401 INVALID_SIGN_IN with a reason; the browser starts over with a new challenge. */
const refused = (message: string) => new AppError(401, ErrorCode.INVALID_SIGN_IN, message);

export async function issueChallenge(db: Queryable, site: SignInSite, address: string): Promise<ChallengeResponse> {
  await noncesRepository.purgeExpired(db);
  // Whole seconds: the timestamps round-trip through the database and must rebuild the very same text.
  const issuedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
  const expiresAt = new Date(issuedAt.getTime() + CHALLENGE_TTL_MS);
  const nonce = newNonce();
  await noncesRepository.create(db, { nonce, address, issuedAt, expiresAt });
  const input = buildSignInInput(site, { address, nonce, issuedAt, expiresAt });
  return { input, message: signInMessageText(input) };
}

const FIELDS: (keyof SignInInput)[] = [
  'domain',
  'address',
  'statement',
  'uri',
  'version',
  'chainId',
  'nonce',
  'issuedAt',
  'expirationTime',
];

/**
 * Checks a signed challenge (docs/domain.md#sign-in-sessions-and-roles) and, when it holds, burns the nonce, creates
 * the user on first sign-in and opens a session, all in one database transaction. Throws INVALID_SIGN_IN naming the
 * first failed check.
 */
export async function verifySignIn(
  db: Queryable,
  site: SignInSite,
  body: VerifyBody,
  client: { ip: string | null; userAgent: string | null },
): Promise<{ user: UserRow; token: string }> {
  const { input } = body;
  const issued = await noncesRepository.find(db, input.nonce);
  if (!issued) throw refused('This sign-in request was not issued by this server. Request a new one.');
  if (issued.usedAt) throw refused('This sign-in request was already used. Request a new one.');
  if (issued.expiresAt.getTime() <= Date.now()) throw refused('This sign-in request has expired. Request a new one.');
  if (issued.address !== input.address) throw refused('This sign-in request was issued for another wallet.');

  // The server trusts only its own record: rebuild the input it issued and require the client's to match.
  const expected = buildSignInInput(site, issued);
  if (input.domain !== expected.domain) {
    throw refused(`The sign-in message is for ${input.domain}, not ${expected.domain}.`);
  }
  const altered = FIELDS.find((field) => input[field] !== expected[field]);
  if (altered) throw refused(`The sign-in request was altered (${altered}).`);

  const signedMessage = Buffer.from(body.signedMessage, 'base64');
  if (!bytesEqual(signedMessage, new TextEncoder().encode(signInMessageText(expected)))) {
    throw refused('The signed message is not the sign-in message this server issued.');
  }
  if (!isValidSignature(input.address, signedMessage, Buffer.from(body.signature, 'base64'))) {
    throw refused(`The signature is not a valid signature by ${input.address}.`);
  }

  return db.transaction(async (tx) => {
    if (!(await noncesRepository.burn(tx, input.nonce, input.address))) {
      throw refused('This sign-in request was already used or has expired. Request a new one.');
    }
    const user = await usersRepository.upsertByWallet(tx, input.address);
    const { token, tokenHash } = newSessionToken();
    await sessionsRepository.create(tx, { tokenHash, userId: user.id, walletAddress: user.walletAddress, ...client });
    return { user, token };
  });
}
