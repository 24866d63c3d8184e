import { describeCheckNowOnFreshInstall } from './support/check-now-on-fresh-install';

// The default root page: Strapi's redirect to the admin panel, with the discovery Links.
describe('Check now on a fresh install', () => describeCheckNowOnFreshInstall('admin-redirect'));
