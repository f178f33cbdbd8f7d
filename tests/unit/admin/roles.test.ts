import { describe, expect, it } from 'vitest';
import { allows, can, PERMISSIONS, permissionFor } from '../../../src/lib/admin/roles';
import { ROUTES } from '../../../src/lib/composition/admin-api';

describe('the permission table', () => {
  it('names only routes that exist (a renamed route must be renamed here too)', () => {
    const routes = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));
    expect(Object.keys(PERMISSIONS).filter((k) => !routes.has(k))).toEqual([]);
  });

  it('a route missing from the table is for admins only (default deny)', () => {
    expect(permissionFor('POST', '/not-yet-routed/:id/act')).toEqual({ level: 'admin' });
    expect(can('editor', 'POST', '/not-yet-routed/:id/act')).toBe(false);
    expect(can('editor', 'POST', '/orders/:id/refund')).toBe(false);
    expect(can('editor', 'POST', '/orders/:id/fulfil')).toBe(true);
    expect(can('viewer', 'GET', '/orders')).toBe(true);
    expect(can('viewer', 'GET', '/bounces')).toBe(false);
    expect(can('admin', 'GET', '/bounces')).toBe(true);
    expect(can(null, 'GET', '/waitlist')).toBe(false);
  });

  it('ranks the roles: viewer < editor < admin', () => {
    expect(can('viewer', 'GET', '/waitlist')).toBe(true);
    expect(can('viewer', 'POST', '/exports')).toBe(false);
    expect(can('viewer', 'DELETE', '/waitlist/:id')).toBe(false);
    expect(can('editor', 'DELETE', '/waitlist/:id')).toBe(true);
    expect(can('editor', 'POST', '/campaigns/:id/send')).toBe(true);
    expect(can('editor', 'POST', '/staff')).toBe(false);
    expect(can('admin', 'POST', '/staff')).toBe(true);
    expect(allows('viewer', 'public')).toBe(true);
  });

  it('every state-changing route below admin level is audited', () => {
    const unaudited = ROUTES.filter((r) => r.method !== 'GET')
      .map((r) => `${r.method} ${r.path}`)
      .filter((k) => PERMISSIONS[k] && PERMISSIONS[k].level !== 'public' && !PERMISSIONS[k].audit);
    // Counting an audience and storing the default templates change no data staff own.
    expect(unaudited.sort()).toEqual(['POST /campaigns/audience', 'POST /email-templates/initialize']);
  });
});
