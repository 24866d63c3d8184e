export * from './verify-signature-agent';
