import { buildJsonResource } from '../../../http/json-resource';
import { buildPolicy } from '../../../tct/build-policy';
import { TCT_1 } from '../../../tct/tct-profile';
import { CHANGE_FEED_REL } from '../change-feed/read-change-feed';
import { ORIGIN, testSite } from '../../../../test/support/serve-fixtures';

const POLICY = { effective: '2026-01-01T00:00:00Z', updated: '2026-01-05T00:00:00Z' };

describe('policy endpoint', () => {
  it('serves the tct-policy-1 descriptor with the profile’s caching and the change feed link', async () => {
    const { get, send } = testSite({ policy: POLICY, usage: { trainAi: false } });
    const resource = buildJsonResource(buildPolicy(POLICY));
    const response = await get('/llm-policy.json');
    expect(response.body).toEqual(resource.body);
    expect(response.headers).toEqual({
      'x-content-type-options': 'nosniff',
      etag: resource.etag,
      'last-modified': 'Mon, 05 Jan 2026 00:00:00 GMT',
      'cache-control': TCT_1.cacheControl,
      vary: 'Accept-Encoding',
      link: `<${ORIGIN}/llm-changes.json>; rel="${CHANGE_FEED_REL}"; type="application/json"`,
      'content-usage': 'train-ai=n',
      'content-type': TCT_1.mUrlContentType,
      'content-length': String(resource.body.length),
      'content-digest': expect.stringMatching(/^sha-256=:/),
    });
    expect(response.observe).toEqual({ kind: 'policy' });
    expect((await get('/llm-policy.json', { 'if-none-match': resource.etag })).status).toBe(304);
    expect((await send('POST', '/llm-policy.json')).status).toBe(405);
  });

  it('links no change feed where the source keeps none, and is the app’s path when off', async () => {
    const { get } = testSite({ policy: POLICY }, { changeFeed: false });
    expect((await get('/llm-policy.json')).headers.link).toBeUndefined();
    expect(await testSite().outcome('GET', '/llm-policy.json')).toEqual({ kind: 'pass' });
  });
});
