/** Where the settings in force come from (the admin API's overview and settings page show it). */
export interface SettingsStatus {
  /** `file`: config/plugins only; `admin`: settings saved in the admin panel laid over it. */
  source: 'file' | 'admin';
  updatedAt?: string;
  updatedBy?: string;
  /** Saved settings that do not fit this Strapi (e.g. a removed content type): why they are ignored. */
  ignored?: string;
}
