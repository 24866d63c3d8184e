import { describeCheckNowOnFreshInstall } from './support/check-now-on-fresh-install';

// A root page for agents whose Links name the public origin, not Strapi's.
describe('Check now on a fresh install', () => describeCheckNowOnFreshInstall('agent-index'));
