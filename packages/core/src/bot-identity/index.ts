export * from './verify-signature-agent';
export * from './identify-agent';
