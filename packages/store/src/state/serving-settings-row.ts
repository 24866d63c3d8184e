import type { Knex } from 'knex';
import { readServingSettings, type ServingSettings } from '@agent-ready/core/serve';
import type { TableNames } from '../schema/table-names';

/** The settings row holding the writer's serving settings (see core's ServingSettings). */
const SERVING_SETTINGS = 'serving';

/**
 * Stores the writer's serving settings, inside the transaction that installs its artifacts:
 * they change with the artifacts, atomically, and readers see them move with the install.
 * Returns whether they changed (or were stored for the first time).
 */
export async function writeServingSettings(
  trx: Knex.Transaction,
  t: TableNames,
  settings: ServingSettings,
): Promise<boolean> {
  const value = JSON.stringify(settings);
  const stored = (await trx(t.settings).where({ name: SERVING_SETTINGS }).first('value')) as
    { value: unknown } | undefined;
  if (stored !== undefined && String(stored.value) === value) return false;
  const updated = await trx(t.settings).where({ name: SERVING_SETTINGS }).update({ value });
  if (updated === 0) await trx(t.settings).insert({ name: SERVING_SETTINGS, value });
  return true;
}

/** The serving settings installed with the artifacts; undefined before any install (or unreadable). */
export async function readStoredServingSettings(
  knex: Knex,
  t: TableNames,
): Promise<ServingSettings | undefined> {
  const row = (await knex(t.settings).where({ name: SERVING_SETTINGS }).first('value')) as
    { value: unknown } | undefined;
  if (!row) return undefined;
  try {
    return readServingSettings(JSON.parse(String(row.value)));
  } catch {
    return undefined;
  }
}
