import { OptionsValidationError } from '@agent-ready/core/errors';
import { parseOptions } from '@agent-ready/core/options';
import { DEFAULT_SHARED_MAX_AGE, edgeHeaderSettingsOf, edgeOptionsSchema } from './edge-options';

const varnish = { type: 'varnish' as const, addresses: ['http://127.0.0.1:6081'] };
const cloudflare = { type: 'cloudflare' as const, zoneId: 'z', apiToken: 't' };

describe('the edge option', () => {
  it('defaults: a day of shared lifetime, Surrogate-Key, or Cache-Tag for Cloudflare', () => {
    expect(edgeHeaderSettingsOf({ purger: varnish })).toEqual({
      sharedMaxAge: DEFAULT_SHARED_MAX_AGE,
      tagHeader: 'surrogate-key',
    });
    expect(DEFAULT_SHARED_MAX_AGE).toBe(86_400);
    expect(edgeHeaderSettingsOf({ purger: cloudflare }).tagHeader).toBe('cache-tag');
    expect(
      edgeHeaderSettingsOf({
        purger: cloudflare,
        tagHeader: 'edge-cache-tag',
        sharedMaxAge: 60,
        keyPrefix: 'shop',
      }),
    ).toEqual({ sharedMaxAge: 60, tagHeader: 'edge-cache-tag', keyPrefix: 'shop' });
  });

  it.each([
    [{}, 'purger'],
    [{ purger: varnish, keyPrefix: 'Shop Site' }, 'keyPrefix'],
    [{ purger: varnish, tagHeader: 'xkey' }, 'tagHeader'],
    [{ purger: varnish, sharedMaxAge: 0 }, 'sharedMaxAge'],
    [{ purger: varnish, delivery: { pollIntervalMs: 1 } }, 'delivery.pollIntervalMs'],
    [{ purger: varnish, sharedMaxage: 60 }, 'sharedMaxage'],
  ])('refuses %j, naming %s', (input, field) => {
    let caught: unknown;
    try {
      parseOptions(edgeOptionsSchema, input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(OptionsValidationError);
    expect((caught as Error).message).toContain(field);
  });
});
