// qs-esm is qs (the same code and options) without the polyfills qs drags in (side-channel, object-inspect,
// get-intrinsic): about 15 KB gzipped of the app's first load (issue #15).
import { parse, stringify } from 'qs-esm';
import { QUERY_LIMITS } from '@/config';

/** A parsed query string: nested objects and arrays of strings. */
export type QueryValue = string | QueryValue[] | { [key: string]: QueryValue | undefined };
export type Query = Record<string, QueryValue | undefined>;

/**
 * Serialises parameters as bracketed nested query strings, the form Strapi reads
 * (`filters[slug][$eq]=x&populate[0]=cover`).
 * @returns the query string without a leading `?` (empty when there is nothing to send)
 */
export function stringifyQuery(params: Record<string, unknown>): string {
  return stringify(params, { encodeValuesOnly: true, arrayFormat: 'indices', skipNulls: true });
}

/**
 * Parses a query string with the spec's limits (depth 5, 20 array items, 1000 parameters), so that a hostile URL
 * cannot make the parser build huge objects. Deeper keys stay as literal text; extra array items become object keys.
 * @param search the query string, with or without a leading `?`
 */
export function parseQuery(search: string): Query {
  return parse(search, {
    ignoreQueryPrefix: true,
    depth: QUERY_LIMITS.depth,
    arrayLimit: QUERY_LIMITS.arrayLimit,
    parameterLimit: QUERY_LIMITS.parameterLimit,
    allowPrototypes: false,
  });
}
