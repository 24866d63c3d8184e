import { probeDatabases } from './databases';

export default async function globalSetup(): Promise<void> {
  await probeDatabases();
}
