import { isMediaType } from './is-media-type';

describe('isMediaType', () => {
  it.each([
    'text/plain; charset=utf-8',
    'text/markdown; variant="GFM"',
    'application/json',
    'text/plain;charset=utf-8',
    'application/vnd.api+json; a=1; b="x;y"',
  ])('accepts %j', (value) => {
    expect(isMediaType(value)).toBe(true);
  });

  it.each([
    'text',
    'text/plain;',
    'text/plain; charset=',
    ' text/plain',
    'text/plain ',
    'text/',
    '/plain',
    'text/plain; charset="unterminated',
    'text/pl ain',
    '',
    42,
  ])('refuses %j', (value) => {
    expect(isMediaType(value)).toBe(false);
  });
});
