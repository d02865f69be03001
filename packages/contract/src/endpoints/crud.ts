import type { TSchema } from 'typebox';
import { endpoint, NoContent } from '../endpoint.js';
import { IdParams } from '../organisations.js';

/**
 * The five calls of a fleet record an organisation owns (assets, drivers, devices, groups,
 * configuration groups, users): its list page and create under the organisation, and get,
 * change and delete by id. Written once; each resource gives its schemas and its words.
 */
type CrudSchemas = {
  listQuery: TSchema;
  listPage: TSchema;
  item: TSchema;
  /** What get answers, when more than the item (a configuration group's detail). */
  detail?: TSchema;
  /** What create answers, when more than the item (a device with its credential). */
  created?: TSchema;
  create: TSchema;
  update: TSchema;
};

type Words = { summary?: string; description?: string };
type CrudWords = {
  list: Words;
  create?: Words;
  get?: Words;
  update?: Words;
  delete: Words;
  /** Where each call may answer 409 (and 429) beyond 400, 401, 403 and 404. */
  conflicts?: Partial<Record<'create' | 'update' | 'delete', readonly number[]>>;
};

const FAILURES = [400, 401, 403, 404] as const;

/* @__NO_SIDE_EFFECTS__ */
export function crudEndpoints<const R extends string, const S extends CrudSchemas>(
  resource: R,
  tag: string,
  schemas: S,
  words: CrudWords,
) {
  const tags = [tag];
  const errors = (call: 'create' | 'update' | 'delete') => [
    ...FAILURES,
    ...(words.conflicts?.[call] ?? []),
  ];
  return {
    list: endpoint('GET', `/organisations/:id/${resource}`, {
      tags,
      ...words.list,
      params: IdParams,
      querystring: schemas.listQuery as S['listQuery'],
      ok: { 200: schemas.listPage as S['listPage'] },
      errors: FAILURES,
    }),
    create: endpoint('POST', `/organisations/:id/${resource}`, {
      tags,
      ...words.create,
      params: IdParams,
      body: schemas.create as S['create'],
      ok: {
        201: (schemas.created ?? schemas.item) as S['created'] extends TSchema
          ? S['created']
          : S['item'],
      },
      errors: errors('create'),
    }),
    get: endpoint('GET', `/${resource}/:id`, {
      tags,
      ...words.get,
      params: IdParams,
      ok: {
        200: (schemas.detail ?? schemas.item) as S['detail'] extends TSchema
          ? S['detail']
          : S['item'],
      },
      errors: FAILURES,
    }),
    update: endpoint('PUT', `/${resource}/:id`, {
      tags,
      ...words.update,
      params: IdParams,
      body: schemas.update as S['update'],
      ok: { 200: schemas.item as S['item'] },
      errors: errors('update'),
    }),
    delete: endpoint('DELETE', `/${resource}/:id`, {
      tags,
      ...words.delete,
      params: IdParams,
      ok: { 204: NoContent },
      errors: errors('delete'),
    }),
  };
}
