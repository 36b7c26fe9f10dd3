import { errorResponses } from '@server/http/error-responses';

/** The error statuses the purchase routes answer with, between them. */
export const purchaseErrorResponses = errorResponses(400, 401, 403, 404, 409, 410, 415, 422, 429, 503);

export { actorOf } from '@server/http/actor';
