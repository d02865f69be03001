import { Type, type Static } from 'typebox';

export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;

export const Organisation = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  parentId: Type.Union([Type.Integer(), Type.Null()]),
});
export type Organisation = Static<typeof Organisation>;

export const OrganisationList = Type.Array(Organisation);
export type OrganisationList = Static<typeof OrganisationList>;

/** POST organisations/{id}: creates a child organisation under {id}. */
export const CreateOrganisationBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }) },
  { additionalProperties: false },
);
export type CreateOrganisationBody = Static<typeof CreateOrganisationBody>;
