import { describe, expect, it } from 'vitest';
import type { Entity } from '../api/entities';
import type { Resource } from '../resources';
import { FORMS, formFields, initialValues, startValues, toBody, type FormValues } from './forms';

const names = (resource: Resource, creating: boolean, ownOrganisation = false) =>
  formFields(FORMS[resource], creating, ownOrganisation).map((field) => field.name);

describe('formFields', () => {
  it.each<[Resource, boolean, boolean, string[]]>([
    // the driver record shows while the role is DRIVER (issue 20 §4)
    ['users', true, false, ['name', 'username', 'password', 'role', 'driverId']],
    // the password is changed by a reset, not in the edit form
    ['users', false, false, ['name', 'username', 'role', 'driverId']],
    ['organisations', true, false, ['name', 'parentId']],
    ['organisations', false, false, ['name', 'parentId']],
    // nobody moves their own organisation
    ['organisations', false, true, ['name']],
    ['drivers', false, false, ['firstName', 'lastName', 'phone']],
    ['groups', true, false, ['name', 'active']],
  ])('%s (creating %s, own %s) → %j', (resource, creating, own, expected) => {
    expect(names(resource, creating, own)).toEqual(expected);
  });
});

const user: Entity = { id: 7, name: 'Ann', username: 'ann', user_role: 'RESELLER' };
const group: Entity = { id: 3, name: 'North', active: false };
const driver: Entity = { id: 4, firstName: 'Jan', lastName: 'Smit', phone: null };

describe('initialValues', () => {
  it.each<[string, Resource, Entity | undefined, FormValues]>([
    [
      'a new user: empty texts and the USER role',
      'users',
      undefined,
      {
        name: '',
        username: '',
        password: '',
        role: 'USER',
        driverId: '',
      },
    ],
    [
      'a user: its role from user_role, no password',
      'users',
      user,
      {
        name: 'Ann',
        username: 'ann',
        role: 'RESELLER',
        driverId: '',
      },
    ],
    ['a new group is active', 'groups', undefined, { name: '', active: true }],
    ['a group as it is', 'groups', group, { name: 'North', active: false }],
    [
      'a DRIVER user: its driver record as text',
      'users',
      { ...user, user_role: 'DRIVER', driverId: 12 },
      { name: 'Ann', username: 'ann', role: 'DRIVER', driverId: '12' },
    ],
    ['null as empty text', 'drivers', driver, { firstName: 'Jan', lastName: 'Smit', phone: '' }],
  ])('%s', (_, resource, entity, expected) => {
    expect(initialValues(FORMS[resource], entity, entity === undefined)).toEqual(expected);
  });
});

describe('startValues', () => {
  const place: Parameters<typeof startValues>[2] = {
    askedParent: null,
    organisationId: 5,
    ownOrganisation: false,
  };
  it.each<[string, Resource, Entity | undefined, typeof place, Partial<FormValues>]>([
    [
      'a new organisation goes below the one in view',
      'organisations',
      undefined,
      place,
      {
        name: '',
        parentId: '5',
      },
    ],
    [
      'or below the one asked for',
      'organisations',
      undefined,
      { ...place, askedParent: '9' },
      {
        name: '',
        parentId: '9',
      },
    ],
    [
      'an organisation keeps its parent',
      'organisations',
      { id: 8, name: 'B', parentId: 5 },
      place,
      {
        name: 'B',
        parentId: '5',
      },
    ],
    [
      "one's own organisation has no parent to change",
      'organisations',
      { id: 5, name: 'A', parentId: 1 },
      {
        ...place,
        ownOrganisation: true,
      },
      { name: 'A', parentId: undefined },
    ],
    [
      'other resources take no parent',
      'groups',
      undefined,
      { ...place, askedParent: '9' },
      {
        name: '',
        active: true,
      },
    ],
  ])('%s', (_, resource, entity, at, expected) => {
    expect(startValues(resource, entity, at)).toEqual(expected);
  });
});

describe('toBody', () => {
  it.each<[Resource, FormValues, Record<string, unknown>]>([
    ['organisations', { name: 'B', parentId: '12' }, { name: 'B', parentId: 12 }],
    ['organisations', { name: 'B', parentId: '' }, { name: 'B' }],
    ['organisations', { name: 'B' }, { name: 'B' }],
    ['groups', { name: 'North', active: true }, { name: 'North', active: true }],
    // a DRIVER user's driver record as a number, none as null; other roles send none
    [
      'users',
      { name: 'D', role: 'DRIVER', driverId: '7' },
      { name: 'D', role: 'DRIVER', driverId: 7 },
    ],
    [
      'users',
      { name: 'D', role: 'DRIVER', driverId: '' },
      { name: 'D', role: 'DRIVER', driverId: null },
    ],
    ['users', { name: 'D', role: 'USER', driverId: '7' }, { name: 'D', role: 'USER' }],
  ])('%s %j → %j', (resource, values, body) => {
    expect(toBody(resource, values)).toEqual(body);
  });
});
