import { Type, type Static, type TSchema } from 'typebox';
import type { API_BASE } from './api.js';
import { ErrorBody } from './errors.js';

/**
 * One call of the API, written once: the server registers its route from it (method, url,
 * schema, hence the OpenAPI document), the web and the simulator call it and take their types
 * from it. Paths are Fastify's (`/assets/:id`), relative to the base.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type EndpointSchema = {
  tags?: string[];
  summary?: string;
  description?: string;
  /** `[]` for the calls made without a credential (sign-in, refresh, client config). */
  security?: Record<string, string[]>[];
  /** Content types of the body other than JSON (an upload's multipart/form-data). */
  consumes?: string[];
  /** Left out of the OpenAPI document (an alias of a documented call). */
  hide?: boolean;
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  response: Record<number, TSchema>;
};

/** The bases of spec §7 (API_BASE) and the device API's (DEVICE_API_BASE). */
export type EndpointBase = keyof typeof API_BASE | 'device';

export type Endpoint<
  M extends Method = Method,
  P extends string = string,
  S extends EndpointSchema = EndpointSchema,
> = {
  method: M;
  path: P;
  base: EndpointBase;
  schema: S;
};

/** The answer of a call that answers nothing (204). */
export const NoContent = Type.Null();

/** The answer of a call that sends a file (a download, a thumbnail). */
export const Binary = Type.String({ format: 'binary' });

type Definition = Omit<EndpointSchema, 'response'> & {
  base?: EndpointBase;
  /** The answer when the call succeeds, by status (200, 201 or 204). */
  ok: Record<number, TSchema>;
  /** The statuses of its `{code, message}` answers. */
  errors?: readonly number[];
};

/**
 * The schema a definition gives, typed by its parts and its success answers only (the error
 * answers are all `{code, message}`); its words keep plain types, as Fastify's schema has them.
 */
type Words = 'tags' | 'summary' | 'description' | 'security' | 'consumes' | 'hide';
type SchemaOfDefinition<D extends Definition> = Omit<D, 'ok' | 'errors' | 'base' | Words> &
  Pick<EndpointSchema, Words> & { response: D['ok'] };

/** Defines one call; pure, so a bundler drops the calls a page does not use. */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<
  const M extends Method,
  const P extends string,
  const D extends Definition,
>(
  method: M,
  path: P,
  { base = 'main', ok, errors = [], ...schema }: D,
): Endpoint<M, P, SchemaOfDefinition<D>> {
  const failures = Object.fromEntries(errors.map((status) => [status, ErrorBody]));
  return {
    method,
    path,
    base,
    // Typed by the success answers only; the error answers are the same `{code, message}`.
    schema: { ...schema, response: { ...ok, ...failures } } as SchemaOfDefinition<D>,
  };
}

type SchemaOf<E extends Endpoint, K extends keyof EndpointSchema> = E['schema'][K];
type StaticOr<S, Otherwise> = S extends TSchema ? Static<S> : Otherwise;

export type EndpointParams<E extends Endpoint> = StaticOr<SchemaOf<E, 'params'>, undefined>;
export type EndpointQuery<E extends Endpoint> = StaticOr<SchemaOf<E, 'querystring'>, undefined>;
export type EndpointBody<E extends Endpoint> = StaticOr<SchemaOf<E, 'body'>, undefined>;

type SuccessStatus = 200 | 201 | 202 | 204;
/** What the call answers when it succeeds. */
export type EndpointResponse<E extends Endpoint> = Static<
  E['schema']['response'][Extract<keyof E['schema']['response'], SuccessStatus>]
>;

/**
 * A part a caller gives: required when the call has it, absent when it has not, optional and
 * loosely typed for an endpoint not known precisely (a screen that serves several resources).
 */
type Part<S, Name extends string, Required extends boolean> = [S] extends [TSchema]
  ? Required extends true
    ? { [K in Name]: Static<S> }
    : { [K in Name]?: Static<S> }
  : [S] extends [undefined]
    ? { [K in Name]?: undefined }
    : { [K in Name]?: StaticOr<S, undefined> };

/** What a caller gives: only the parts the call has (the query is always optional). */
export type EndpointInput<E extends Endpoint> = Part<SchemaOf<E, 'params'>, 'params', true> &
  Part<SchemaOf<E, 'querystring'>, 'query', false> &
  Part<SchemaOf<E, 'body'>, 'body', true>;

/** The path with its parameters filled in: `/assets/:id` with `{id: 3}` is `assets/3`. */
export function endpointPath(path: string, params: object | undefined): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return path
    .replace(/:([A-Za-z]\w*)/g, (_, name: string) => encodeURIComponent(String(values[name])))
    .replace(/^\//, '');
}
