module.exports = ({ env }) => ({
  autoOpen: false,
  auth: { secret: env('ADMIN_JWT_SECRET', 'demo-admin-jwt-secret') },
  apiToken: { salt: env('API_TOKEN_SALT', 'demo-api-token-salt') },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT', 'demo-transfer-token-salt') } },
  secrets: { encryptionKey: env('ENCRYPTION_KEY', 'demo-encryption-key-0123456789abcdef') },
});
