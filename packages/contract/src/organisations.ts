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

/**
 * PUT organisations/{id}: rename (name) and/or move under another parent (parentId) within the
 * caller's subtree. Not the caller's own organisation's parent: nobody moves their own.
 */
export const UpdateOrganisationBody = Type.Object(
  {
    name: Type.Optional(CreateOrganisationBody.properties.name),
    parentId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type UpdateOrganisationBody = Static<typeof UpdateOrganisationBody>;

/**
 * DELETE organisations/{id}?confirm=<name> and DELETE organisations/{id}/data?confirm=<name>:
 * the organisation's name, as the person typed it to confirm (surrounding spaces aside).
 */
export const DeleteOrganisationQuery = Type.Object(
  { confirm: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export type DeleteOrganisationQuery = Static<typeof DeleteOrganisationQuery>;
