import type { SettingsStatus } from './answer-types';

/** The admin user on a request, as Strapi's admin auth puts it on `ctx.state.user`. */
export interface AdminUserOnRequest {
  id?: number | string;
  firstname?: string | null;
  lastname?: string | null;
  username?: string | null;
  email?: string | null;
}

/**
 * Who saved the settings, as the admin panel names people elsewhere ("Last edited by" shows a
 * name): first and last name, else the username, never the email. Every role that may read the
 * plugin's page sees it, and an email is an admin user's private detail (only roles that may
 * read admin users see those).
 */
export function saverName(user: AdminUserOnRequest | undefined): string | undefined {
  if (!user) return undefined;
  const name = [user.firstname, user.lastname]
    .map((part) => (typeof part === 'string' ? part.trim() : ''))
    .filter((part) => part !== '')
    .join(' ');
  if (name !== '') return name;
  if (typeof user.username === 'string' && user.username.trim() !== '') return user.username.trim();
  return user.id === undefined ? undefined : `admin user ${user.id}`;
}

/** Strapi's action for reading admin users (the Users page of the admin panel). */
export const READ_ADMIN_USERS = 'admin::users.read';

/**
 * The settings status as the requester may see it: a saver recorded by email (settings saved
 * before names were recorded) is shown only to roles that may read admin users.
 */
export function settingsStatusFor(
  status: SettingsStatus,
  mayReadAdminUsers: boolean,
): SettingsStatus {
  if (mayReadAdminUsers || status.updatedBy === undefined || !status.updatedBy.includes('@'))
    return status;
  const { updatedBy: _email, ...shown } = status;
  return shown;
}
