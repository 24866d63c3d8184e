import { probeDatabases } from './databases';
import { probeRedis } from './redis';

export default async function globalSetup(): Promise<void> {
  await probeDatabases();
  await probeRedis();
}
