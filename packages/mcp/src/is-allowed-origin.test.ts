import { isAllowedOrigin, originOf } from './is-allowed-origin';

const site = 'https://shop.example';
const none = new Set<string>();
const loopback = { localAddress: '127.0.0.1', localPort: 1337 };

describe('isAllowedOrigin', () => {
  it("allows the site's origin and the configured ones, normalized", () => {
    expect(isAllowedOrigin('https://SHOP.example:443', site, none, undefined)).toBe(true);
    expect(
      isAllowedOrigin(
        'https://cms.example',
        site,
        new Set([originOf('https://cms.example')]),
        undefined,
      ),
    ).toBe(true);
    expect(isAllowedOrigin('https://evil.example', site, none, loopback)).toBe(false);
  });

  it('allows a loopback page of the same port, over loopback only', () => {
    expect(isAllowedOrigin('http://localhost:1337', site, none, loopback)).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:1337', site, none, loopback)).toBe(true);
    expect(
      isAllowedOrigin('http://[::1]:1337', site, none, { localAddress: '::1', localPort: 1337 }),
    ).toBe(true);
    expect(
      isAllowedOrigin('http://localhost:1337', site, none, {
        localAddress: '::ffff:127.0.0.1',
        localPort: 1337,
      }),
    ).toBe(true);
    // Another port is another server's page; a request from the network is not loopback's.
    expect(isAllowedOrigin('http://localhost:3000', site, none, loopback)).toBe(false);
    expect(
      isAllowedOrigin('http://localhost:1337', site, none, {
        localAddress: '10.0.0.5',
        localPort: 1337,
      }),
    ).toBe(false);
    // A rebinding attack's page keeps its own host name, whatever address it resolves to.
    expect(isAllowedOrigin('http://rebind.evil.example:1337', site, none, loopback)).toBe(false);
    expect(isAllowedOrigin('null', site, none, loopback)).toBe(false);
  });
});
