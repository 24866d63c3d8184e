import { connectUrl } from './connect-to';

describe('connectUrl', () => {
  const connectTo = { origin: 'https://example.com', via: 'http://127.0.0.1:1337' };

  it('sends a URL of the public origin to the other server, path and query kept', () => {
    expect(connectUrl(new URL('https://example.com/a/llm.json?x=1'), connectTo).href).toBe(
      'http://127.0.0.1:1337/a/llm.json?x=1',
    );
  });

  it('leaves URLs of other origins, and every URL without connectTo, as they are', () => {
    expect(connectUrl(new URL('https://other.example/a'), connectTo).href).toBe(
      'https://other.example/a',
    );
    expect(connectUrl(new URL('https://example.com/a'), undefined).href).toBe(
      'https://example.com/a',
    );
  });
});
