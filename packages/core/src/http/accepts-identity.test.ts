import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { acceptsIdentity } from './accepts-identity';

const with_ = (value?: string | string[]) =>
  acceptsIdentity(value === undefined ? {} : { 'accept-encoding': value });

describe('acceptsIdentity (RFC 9110 §12.5.3)', () => {
  it.each([
    [undefined],
    [''],
    ['gzip'],
    ['gzip;q=0'],
    ['br, gzip;q=0.5'],
    ['*;q=0, identity;q=1'],
    ['*;q=0, identity'],
    ['identity;q=0.001'],
    ['identity;q=abc'],
    ['*'],
    [',,,'],
    [['gzip', '*;q=0', 'identity;q=0.5']],
  ])('allows identity for %j', (value) => {
    expect(with_(value)).toBe(true);
  });

  it.each([
    ['identity;q=0'],
    ['IDENTITY;Q=0'],
    ['identity ; q=0.000'],
    ['*;q=0'],
    ['gzip, *;q=0'],
    ['identity;q=0, *'],
    ['br;q=1, identity;q=0'],
    [['gzip', 'identity;q=0']],
  ])('forbids identity for %j', (value) => {
    expect(with_(value)).toBe(false);
  });

  it('never throws, whatever the field says', () => {
    fc.assert(
      fc.property(fc.string(), (value) => typeof with_(value) === 'boolean'),
      propertyRuns(300),
    );
  });
});
