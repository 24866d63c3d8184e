import { strapiServerOrigins } from './strapi-server-origins';

describe('strapiServerOrigins', () => {
  it('is the origin of an absolute server.url', () => {
    expect(strapiServerOrigins({ url: 'https://cms.example.com/strapi' })).toEqual([
      'https://cms.example.com',
    ]);
  });

  it('is nothing for a relative, unset or broken one', () => {
    expect(strapiServerOrigins({ url: '/api' })).toEqual([]);
    expect(strapiServerOrigins({})).toEqual([]);
    expect(strapiServerOrigins(undefined)).toEqual([]);
    expect(strapiServerOrigins({ url: 'http://exa mple.com' })).toEqual([]);
  });
});
