import { errorResponses } from '@server/http/error-responses';
import { setImmediate as nextTurn } from 'node:timers/promises';
import multipart from '@fastify/multipart';
import { ErrorCode } from '@shared/api/errors';
import { bulkCreateBodySchema, bulkCreateResponseSchema } from '@shared/api/listings';
import { MAX_BULK_FILE_BYTES, parseBulkTextInSlices } from '@shared/bulk';
import { AppError, badRequest, forbidden } from '../../http/app-error';
import type { AppInstance } from '../../types';
import { bulkCreateListings, type AccountCheckFn, type OnListedFn } from './bulk-create.service';
import { ADMIN_ONLY_CREATE, actorOf } from './route-context';
import type { SealPool } from './seal-pool';

/** Room for 100,000 JSON rows (address, 88-character key, pattern, price…: ~200 bytes each) with margin. */
export const BULK_JSON_BODY_LIMIT = 64 * 1024 * 1024;

const errors = errorResponses(400, 401, 403, 413, 415);
const config = { access: 'admin', adminMessage: ADMIN_ONLY_CREATE } as const;

export async function bulkRoutes(
  app: AppInstance,
  opts: { pool: SealPool; accountCheck?: AccountCheckFn | undefined; onListed?: OnListedFn | undefined },
): Promise<void> {
  const deps = { database: app.database, pool: opts.pool, accountCheck: opts.accountCheck, onListed: opts.onListed };
  // After the access guard (it runs first): the seal workers load while the body arrives and is parsed.
  const onRequest = async () => opts.pool.warm?.();

  app.post(
    '/api/bulk-create-listings',
    {
      config,
      onRequest,
      bodyLimit: BULK_JSON_BODY_LIMIT,
      schema: {
        tags: ['listings'],
        summary: 'Create up to 100,000 listings from parsed rows (admin)',
        body: bulkCreateBodySchema,
        response: { 200: bulkCreateResponseSchema, ...errors },
      },
    },
    async (request) => bulkCreateListings(deps, request.body.addressData, actorOf(request)),
  );

  // The raw CSV file, as multipart/form-data with the file in field `file` (and optionally `walletAddress`
  // before it). Multipart is registered in this scope only: every other route stays JSON-only.
  await app.register(async (scope: AppInstance) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_BULK_FILE_BYTES, files: 1, fields: 5, fieldSize: 1024 },
    });
    scope.post(
      '/api/bulk-create-listings/upload',
      {
        config: { ...config, contentTypes: ['multipart/form-data'] },
        onRequest,
        bodyLimit: MAX_BULK_FILE_BYTES + 64 * 1024,
        schema: {
          tags: ['listings'],
          summary: 'Create listings from a .csv file under 50MB (admin; multipart field "file")',
          consumes: ['multipart/form-data'],
          response: { 200: bulkCreateResponseSchema, ...errors },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const text = await readCsvUpload(request, actor.wallet);
        // In slices, yielding to the event loop between them: a 50 MB file must not hold up every other request.
        const { rows, errors: parseErrors } = await parseBulkTextInSlices(text, () => nextTurn());
        if (rows.length === 0 && parseErrors.length === 0)
          throw badRequest(ErrorCode.BULK_EMPTY, 'No Data: the file is empty');
        return bulkCreateListings(deps, rows, actor, { parseErrors });
      },
    );
  });
}

async function readCsvUpload(request: Parameters<typeof actorOf>[0], sessionWallet: string): Promise<string> {
  if (!request.isMultipart())
    throw new AppError(
      415,
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      'Send the CSV file as multipart/form-data (field "file").',
    );
  let file;
  try {
    file = await request.file();
  } catch {
    throw badRequest(ErrorCode.VALIDATION_FAILED, 'The upload could not be read as multipart/form-data');
  }
  if (!file || file.fieldname !== 'file')
    throw badRequest(ErrorCode.BULK_EMPTY, 'No Data: attach the CSV file in field "file"');
  const claimed = file.fields.walletAddress;
  const claimedValue = claimed && !Array.isArray(claimed) && 'value' in claimed ? claimed.value : undefined;
  if (claimedValue !== undefined && String(claimedValue).trim() !== sessionWallet) {
    throw forbidden(ErrorCode.WALLET_MISMATCH, 'The wallet in this request is not the wallet you signed in with.');
  }
  if (!file.filename.toLowerCase().endsWith('.csv')) {
    file.file.resume();
    throw badRequest(ErrorCode.INVALID_FILE_TYPE, 'Invalid File Type: please upload a .csv file');
  }
  let buffer: Buffer;
  try {
    buffer = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, ErrorCode.FILE_TOO_LARGE, 'File Too Large: the file must be under 50MB');
    }
    throw badRequest(ErrorCode.VALIDATION_FAILED, 'The upload could not be read');
  }
  return buffer.toString('utf8');
}
