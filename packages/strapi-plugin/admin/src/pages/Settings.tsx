import { Page } from '@strapi/strapi/admin';
import { PERMISSIONS } from '../plugin/permissions';
import { SettingsPage } from './SettingsPage';

/** The settings link's page (Settings → Agent Ready); needs the read permission. */
export default function Settings() {
  return (
    <Page.Protect permissions={PERMISSIONS.read}>
      <SettingsPage />
    </Page.Protect>
  );
}
