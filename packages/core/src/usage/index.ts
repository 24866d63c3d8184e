export * from './content-usage';
