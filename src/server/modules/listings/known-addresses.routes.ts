import { ErrorCode, apiErrorSchema } from '@shared/api/errors';
import { knownAddressBodySchema, knownAddressListSchema, knownAddressSchema } from '@shared/api/listings';
import { isSolanaAddress } from '@shared/keys/base58';
import { KNOWN_ADDRESSES, LOOKALIKE_EDGE } from '@shared/lookalike';
import { badRequest, conflict } from '../../http/app-error';
import { recordAudit } from '../audit';
import type { AppInstance } from '../../types';
import { knownAddressesRepository } from './known-addresses.repository';
import { actorOf } from './route-context';

const config = { access: 'admin', adminMessage: 'The look-alike list is managed by admin wallets only' } as const;
const toApi = (r: { id: string; address: string; label: string; createdAt: Date }) => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});

/**
 * The admins' additions to the look-alike list (docs/domain.md#look-alike-protection); the shipped list is in
 * `@shared/lookalike`.
 */
export async function knownAddressRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/known-addresses',
    {
      config,
      schema: {
        tags: ['listings'],
        summary: "Admins' additions to the look-alike list",
        response: { 200: knownAddressListSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () => ({ addresses: (await knownAddressesRepository.list(app.database.db)).map(toApi) }),
  );

  app.post(
    '/api/known-addresses',
    {
      config,
      schema: {
        tags: ['listings'],
        summary: 'Add a well-known address that listings may not imitate',
        body: knownAddressBodySchema,
        response: {
          201: knownAddressSchema,
          ...{ 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema },
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { address, label } = request.body;
      if (!isSolanaAddress(address))
        throw badRequest(ErrorCode.INVALID_ADDRESS, 'The address is not a valid Solana address');
      const exists = () => conflict(ErrorCode.KNOWN_ADDRESS_EXISTS, 'This address is on the look-alike list already');
      if (KNOWN_ADDRESSES.some((k) => k.address === address)) throw exists();
      const row = await app.database.db.transaction(async (tx) => {
        // Another admin's listed address (or one that shares its first and last characters) on
        // the list would read as a look-alike and be refused at sale. Checked inside the insert's transaction; a
        // listing created between the check and the commit is still never its own look-alike (safety.service).
        const listed = await knownAddressesRepository.findListedLookalike(tx, address);
        if (listed) {
          throw conflict(
            ErrorCode.KNOWN_ADDRESS_LISTED,
            listed === address
              ? 'This address is listed in the shop: it cannot be added to the look-alike list'
              : `This address looks like the listed address ${listed} (same first and last ${LOOKALIKE_EDGE} characters): adding it would mark that listing a look-alike`,
          );
        }
        const inserted = await knownAddressesRepository.insert(tx, { address, label, addedBy: actor.userId });
        if (!inserted) throw exists();
        await recordAudit(tx, {
          action: 'known_address.add',
          performedBy: actor.wallet,
          ip: actor.ip ?? null,
          userAgent: actor.userAgent ?? null,
          metadata: { address, label },
        });
        return inserted;
      });
      return reply.code(201).send(toApi(row));
    },
  );
}
