import { API_CONTENT_TYPE } from '@fleet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the versioned JSON content type (spec §7: every call carries it)', () => {
  it('takes a DELETE without a body, as the portal sends it', async () => {
    const organisationId = await t.organisationId('Demo Transport');
    const created = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${organisationId}/assets`,
      headers: { 'content-type': API_CONTENT_TYPE },
      payload: JSON.stringify({ name: 'Versioned truck' }),
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    const deleted = await t.as('manager', {
      method: 'DELETE',
      url: `/api/assets/${id}`,
      headers: { 'content-type': API_CONTENT_TYPE },
    });
    expect(deleted.statusCode).toBe(204);
  });

  it('still refuses a body that is not JSON, and a POST without its body', async () => {
    const organisationId = await t.organisationId('Demo Transport');
    const url = `/api/organisations/${organisationId}/assets`;
    const headers = { 'content-type': API_CONTENT_TYPE };
    const broken = await t.as('manager', { method: 'POST', url, headers, payload: '{"name":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    const empty = await t.as('manager', { method: 'POST', url, headers });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
