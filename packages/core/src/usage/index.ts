export {
  formatContentUsage,
  overlayContentUsage,
  usagePreferencesSchema,
  validateUsagePreferences,
  type UsagePreferences,
} from './content-usage';
