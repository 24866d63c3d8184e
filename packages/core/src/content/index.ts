export * from './content-tree';
