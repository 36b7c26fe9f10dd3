import type { ApiRouteEntry } from '@server/http/guards';
import type { JsonSchema } from './schema';

/** One /api route as the hostile-input tests see it: the guard's route table joined with the OpenAPI document. */
export interface RouteInfo extends ApiRouteEntry {
  /** Path parameter names in URL order; '*' for a wildcard. */
  params: string[];
  paramSchemas: Record<string, JsonSchema>;
  query: Record<string, JsonSchema>;
  body?: JsonSchema;
  changesState: boolean;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every route of the app's own table (so a new route is covered at once), with what the docs say it takes. */
export function describeRoutes(table: readonly ApiRouteEntry[], doc: OpenApiDocument): RouteInfo[] {
  return table.map((route) => {
    const docPath = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const op = doc.paths[docPath]?.[route.method.toLowerCase()] ?? {};
    const of = (where: string) =>
      Object.fromEntries((op.parameters ?? []).filter((p) => p.in === where).map((p) => [p.name, p.schema]));
    const params = [...route.url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((m) => m[1] ?? '*');
    return {
      ...route,
      params,
      paramSchemas: of('path'),
      query: of('query'),
      body: op.requestBody?.content?.['application/json']?.schema,
      changesState: STATE_CHANGING.has(route.method),
    };
  });
}

/** The route's URL with each parameter replaced by an already URL-encoded value. */
export function fillPath(route: RouteInfo, values: readonly string[]): string {
  let i = 0;
  return route.url.replace(/:([A-Za-z0-9_]+)|\*/g, () => values[i++] ?? 'x');
}
