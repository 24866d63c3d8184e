import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { ClientOptionError } from '../errors/client-errors';
import { connectUrl, parseConnectTo, parseConnectToList } from './connect-to';

describe('connectUrl', () => {
  const connectTo = { origin: 'https://example.com', via: 'http://127.0.0.1:1337' };

  it('sends a URL of the public origin to the other server, path and query kept', () => {
    expect(connectUrl(new URL('https://example.com/a/llm.json?x=1'), connectTo).href).toBe(
      'http://127.0.0.1:1337/a/llm.json?x=1',
    );
    expect(connectUrl(new URL('https://EXAMPLE.com:443/b'), connectTo).href).toBe(
      'http://127.0.0.1:1337/b',
    );
  });

  it('leaves URLs of other origins, and every URL without connectTo, as they are', () => {
    const other = new URL('https://other.example/a');
    expect(connectUrl(other, connectTo)).toBe(other);
    expect(connectUrl(new URL('http://example.com/a'), connectTo).href).toBe(
      'http://example.com/a',
    );
    expect(connectUrl(new URL('https://example.com/a'), undefined).href).toBe(
      'https://example.com/a',
    );
  });

  it('picks the mapping of the URL’s origin among several', () => {
    const list = [connectTo, { origin: 'https://cms.example.com', via: 'http://127.0.0.1:1338' }];
    expect(connectUrl(new URL('https://cms.example.com/uploads/a.png'), list).href).toBe(
      'http://127.0.0.1:1338/uploads/a.png',
    );
    expect(connectUrl(new URL('https://example.com/'), list).href).toBe('http://127.0.0.1:1337/');
  });
});

describe('parseConnectTo', () => {
  const origin = 'https://example.com';

  it('reads PUBLIC=LOCAL, and LOCAL alone for the origin checked', () => {
    expect(parseConnectTo('https://www.example.com=http://127.0.0.1:3000', origin)).toEqual({
      origin: 'https://www.example.com',
      via: 'http://127.0.0.1:3000',
    });
    expect(parseConnectTo('http://localhost:1337', origin)).toEqual({
      origin,
      via: 'http://localhost:1337',
    });
    expect(parseConnectTo('http://[::1]:1337/', origin).via).toBe('http://[::1]:1337');
  });

  it('gives a LOCAL without a scheme the public one, as curl does; a PUBLIC without one is https', () => {
    expect(parseConnectTo('example.com=127.0.0.1:8443', origin)).toEqual({
      origin,
      via: 'https://127.0.0.1:8443',
    });
    expect(parseConnectTo('http://example.com=127.0.0.1:8080', origin).via).toBe(
      'http://127.0.0.1:8080',
    );
  });

  it.each([
    ['a=b=c'],
    ['=http://127.0.0.1:1'],
    ['https://example.com='],
    [''],
    ['ftp://127.0.0.1'],
    ['https://example.com=http://127.0.0.1:1/path'],
    ['https://example.com/blog=http://127.0.0.1:1'],
    ['https://example.com=http://exa mple'],
  ])('refuses %p with a typed error', (value) => {
    expect(() => parseConnectTo(value, origin)).toThrow(ClientOptionError);
  });

  it('refuses one public origin sent to two servers', () => {
    expect(() =>
      parseConnectToList(['http://127.0.0.1:1', 'https://example.com=http://127.0.0.1:2'], origin),
    ).toThrow(/https:\/\/example\.com is sent to two servers/);
    expect(
      parseConnectToList(
        ['http://127.0.0.1:1', 'https://cms.example.com=http://127.0.0.1:2'],
        origin,
      ),
    ).toHaveLength(2);
  });
});

describe('parseConnectTo on any input', () => {
  it('gives two origins, or a typed error, never anything else', () => {
    const part = fc.oneof(
      fc.string(),
      fc.webUrl(),
      fc.webUrl().map((url) => new URL(url).origin),
      fc.domain(),
      fc.constantFrom('127.0.0.1:1337', 'http://[::1]:80', 'localhost', '='),
    );
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 3 }), (parts) => {
        const value = parts.join('=');
        try {
          const { origin, via } = parseConnectTo(value, 'https://example.com');
          expect(new URL(origin).origin).toBe(origin);
          expect(new URL(via).origin).toBe(via);
        } catch (error) {
          expect(error).toBeInstanceOf(ClientOptionError);
        }
      }),
      propertyRuns(300),
    );
  });
});
