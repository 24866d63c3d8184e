export {
  formatContentUsage,
  usagePreferencesSchema,
  validateUsagePreferences,
  type UsagePreferences,
} from './content-usage';
