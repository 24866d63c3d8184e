import type { Server } from 'node:http';
import type { Core } from '@strapi/strapi';
import request from 'supertest';

/** Meets Strapi's admin password rules (8+ characters, a digit, upper and lower case). */
export const ADMIN_PASSWORD = 'Agent-ready-2026';

interface RoleService {
  getSuperAdmin(): Promise<{ id: number }>;
  create(attributes: { name: string; description: string }): Promise<{ id: number }>;
  assignPermissions(roleId: number, permissions: object[]): Promise<unknown>;
  findOne(params: { code: string }): Promise<{ id: number } | null>;
}

interface UserService {
  create(attributes: Record<string, unknown>): Promise<{ id: number }>;
}

const roles = (strapi: Core.Strapi) => strapi.service('admin::role') as unknown as RoleService;

/** An active admin user with the given roles (role ids). */
export async function createAdminUser(
  strapi: Core.Strapi,
  email: string,
  roleIds: number[],
): Promise<void> {
  await (strapi.service('admin::user') as unknown as UserService).create({
    email,
    firstname: email.split('@')[0],
    lastname: 'Test',
    password: ADMIN_PASSWORD,
    isActive: true,
    registrationToken: null,
    roles: roleIds,
  });
}

export async function superAdminRoleId(strapi: Core.Strapi): Promise<number> {
  return (await roles(strapi).getSuperAdmin()).id;
}

/** Strapi's built-in Editor role: content management, none of the plugin's actions. */
export async function editorRoleId(strapi: Core.Strapi): Promise<number> {
  const role = await roles(strapi).findOne({ code: 'strapi-editor' });
  if (!role) throw new Error('the Editor role is missing');
  return role.id;
}

/** A role holding exactly these admin actions (no subject, no condition). */
export async function createRole(
  strapi: Core.Strapi,
  name: string,
  actions: string[],
): Promise<number> {
  const role = await roles(strapi).create({ name, description: `${name} (tests)` });
  await roles(strapi).assignPermissions(
    role.id,
    actions.map((action) => ({ action, subject: null, properties: {}, conditions: [] })),
  );
  return role.id;
}

/** Logs in like the admin panel (`POST /admin/login`) and returns the access token (JWT). */
export async function adminJwt(http: Server, email: string): Promise<string> {
  const res = await request(http).post('/admin/login').send({ email, password: ADMIN_PASSWORD });
  if (res.status !== 200) throw new Error(`login of ${email} answered ${res.status}: ${res.text}`);
  return (res.body as { data: { token: string } }).data.token;
}
