import { Page } from '@strapi/strapi/admin';
import { Route, Routes } from 'react-router-dom';
import { PERMISSIONS } from '../plugin/permissions';
import { HealthPage } from './HealthPage';

/** The plugin page (menu link); without the read permission it shows "no permissions". */
export default function App() {
  return (
    <Page.Protect permissions={PERMISSIONS.read}>
      <Routes>
        <Route index element={<HealthPage />} />
        <Route path="*" element={<Page.Error />} />
      </Routes>
    </Page.Protect>
  );
}
