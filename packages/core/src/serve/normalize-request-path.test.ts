import fc from 'fast-check';
import { normalizeRequestPath } from './normalize-request-path';

describe('normalizeRequestPath', () => {
  it.each([
    ['/blog/post/llm.json', '/blog/post/llm.json'],
    ['/caf%c3%a9/llm.json?x=1', '/caf%C3%A9/llm.json'],
    ['/%7Euser/llm.json', '/~user/llm.json'],
    ['/a%2Fb/llm.json', '/a%2Fb/llm.json'],
  ])('%s → %s', (target, path) => expect(normalizeRequestPath(target)).toEqual({ ok: true, path }));

  it.each([
    ['/../etc/passwd', 404],
    ['/a/%2e%2e/llm.json', 404],
    ['/a/./llm.json', 404],
    ['/a/%zz/llm.json', 400],
    ['relative/llm.json', 400],
  ])('rejects %s with %i', (target, status) =>
    expect(normalizeRequestPath(target)).toMatchObject({ ok: false, status }),
  );

  it('never throws, whatever the target', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => void normalizeRequestPath(`/${s}`)),
    );
  });
});
