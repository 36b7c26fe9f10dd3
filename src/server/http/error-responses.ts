import { apiErrorSchema } from '@shared/api/errors';

/**
 * A route's error statuses for its `response` schema: each answers `{ error, message }` from the one error handler,
 * so the OpenAPI document lists them and serialisation checks them. `errorResponses(400, 404)` →
 * `{ 400: apiErrorSchema, 404: apiErrorSchema }`.
 */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<S, typeof apiErrorSchema>;
}
