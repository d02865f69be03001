import {
  CreateOrganisationBody,
  CreateAssetBody,
  CreateConfigurationGroupBody,
  CreateDeviceBody,
  CreateDriverBody,
  CreateGroupBody,
  CreateUserBody,
  UpdateAssetBody,
  UpdateConfigurationGroupBody,
  UpdateDeviceBody,
  UpdateDriverBody,
  UpdateGroupBody,
  UpdateUserBody,
} from '@fleet/contract';
import { Type, type TObject } from 'typebox';
import type { Entity } from '../api/entities';
import type { Field } from '../columns';
import type { Resource } from '../resources';

export type FormField = {
  name: Field;
  /**
   * parent: the organisation above, picked from the caller's subtree; driver: a DRIVER user's
   * driver record (issue 20 §4), shown while the role is DRIVER
   */
  kind: 'text' | 'tel' | 'checkbox' | 'password' | 'role' | 'parent' | 'driver';
  autoComplete?: string;
  /** Only when creating (a user's first password; later through reset). */
  createOnly?: boolean;
};

export type FormSpec = {
  fields: FormField[];
  create: TObject;
  update: TObject;
  /** The field a 409 is about. */
  unique?: Field;
};

const text = (name: Field, autoComplete = 'off'): FormField => ({
  name,
  kind: 'text',
  autoComplete,
});

/**
 * An organisation's form: its name and its parent (a select, so the id comes as text). Sent as
 * POST organisations/{parentId} {name} to create, PUT organisations/{id} {name, parentId} to
 * rename and move (toBody).
 */
const ParentId = Type.String({ pattern: '^[1-9][0-9]{0,9}$' });
const OrganisationForm = Type.Object({
  name: CreateOrganisationBody.properties.name,
  parentId: ParentId,
});
const OrganisationUpdateForm = Type.Object({
  name: CreateOrganisationBody.properties.name,
  parentId: Type.Optional(ParentId),
});

/** A user's form: the body's fields, the driver record as the select's text ('' for none). */
const DriverChoice = Type.Optional(Type.String({ pattern: '^([1-9][0-9]{0,9})?$' }));
const UserForm = Type.Object(
  { ...CreateUserBody.properties, driverId: DriverChoice },
  { additionalProperties: false },
);
const UserUpdateForm = Type.Object(
  { ...UpdateUserBody.properties, driverId: DriverChoice },
  { additionalProperties: false },
);

/** Each resource's edit form, checked with the contract's body schemas. */
export const FORMS: Record<Resource, FormSpec> = {
  assets: {
    fields: [text('name'), text('licencePlate')],
    create: CreateAssetBody,
    update: UpdateAssetBody,
  },
  devices: {
    fields: [text('name'), text('identifier')],
    create: CreateDeviceBody,
    update: UpdateDeviceBody,
    unique: 'identifier',
  },
  drivers: {
    fields: [
      text('firstName'),
      text('lastName'),
      { name: 'phone', kind: 'tel', autoComplete: 'off' },
    ],
    create: CreateDriverBody,
    update: UpdateDriverBody,
  },
  groups: {
    fields: [text('name'), { name: 'active', kind: 'checkbox' }],
    create: CreateGroupBody,
    update: UpdateGroupBody,
    unique: 'name',
  },
  configurationgroups: {
    fields: [text('name')],
    create: CreateConfigurationGroupBody,
    update: UpdateConfigurationGroupBody,
    unique: 'name',
  },
  users: {
    fields: [
      text('name'),
      text('username'),
      { name: 'password', kind: 'password', autoComplete: 'new-password', createOnly: true },
      { name: 'role', kind: 'role' },
      { name: 'driverId', kind: 'driver' },
    ],
    create: UserForm,
    update: UserUpdateForm,
    unique: 'username',
  },
  organisations: {
    fields: [text('name'), { name: 'parentId', kind: 'parent' }],
    create: OrganisationForm,
    update: OrganisationUpdateForm,
    unique: 'name',
  },
};

export type FormValues = Record<string, string | boolean>;

/** The form's starting values: the record's (null as ''), or empty ones for a new record. */
export function initialValues(spec: FormSpec, entity: Entity | undefined, creating: boolean) {
  const values: FormValues = {};
  for (const field of spec.fields) {
    if (field.createOnly && !creating) continue;
    const value = entity?.[field.name];
    if (field.kind === 'checkbox') values[field.name] = entity ? Boolean(value) : true;
    // A user record names its role user_role (as the session does); the bodies call it role.
    else if (field.kind === 'role')
      values[field.name] = typeof entity?.user_role === 'string' ? entity.user_role : 'USER';
    else values[field.name] = value === null || value === undefined ? '' : String(value);
  }
  return values;
}

/** The fields shown: create-only ones when creating; nobody moves their own organisation. */
export const formFields = (spec: FormSpec, creating: boolean, ownOrganisation: boolean) =>
  spec.fields.filter(
    (field) => (creating || !field.createOnly) && !(field.kind === 'parent' && ownOrganisation),
  );

/**
 * The values the form opens with: the record's; a new organisation goes below the one asked for
 * (?parentId), else the one in view; one's own organisation has no parent to change.
 */
export function startValues(
  resource: Resource,
  entity: Entity | undefined,
  place: { askedParent: string | null; organisationId: number; ownOrganisation: boolean },
): Partial<FormValues> {
  const creating = entity === undefined;
  return {
    ...initialValues(FORMS[resource], entity, creating),
    ...(creating && resource === 'organisations'
      ? { parentId: place.askedParent ?? String(place.organisationId) }
      : {}),
    ...(place.ownOrganisation ? { parentId: undefined } : {}),
  };
}

/** The body a form's values are sent as: an organisation's parent as a number, or not at all. */
export function toBody(resource: Resource, values: FormValues): Record<string, unknown> {
  if (resource === 'users') return userBody(values);
  if (resource !== 'organisations') return values;
  const { parentId, ...rest } = values;
  return typeof parentId === 'string' && parentId !== ''
    ? { ...rest, parentId: Number(parentId) }
    : rest;
}

/**
 * A user's body: a DRIVER's driver record as a number (null: none); other roles send none (the
 * server drops a link when the role stops being DRIVER).
 */
function userBody(values: FormValues): Record<string, unknown> {
  const { driverId, ...rest } = values;
  if (rest.role !== 'DRIVER') return rest;
  return {
    ...rest,
    driverId: typeof driverId === 'string' && driverId !== '' ? Number(driverId) : null,
  };
}
