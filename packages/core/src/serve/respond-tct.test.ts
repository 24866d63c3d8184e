import type { ServedResource } from '../http/served-resource';
import { formatLinkHeader, parseLinkHeader } from '../http/link-header';
import { buildMUrlRepresentation } from '../tct/build-m-url';
import { buildSitemaps } from '../tct/build-sitemap';
import { mUrlLinks, sitemapLinks } from '../tct/discovery-links';
import { TCT_03, TCT_1 } from '../tct/tct-profile';
import { formHeaders } from './families/header-policy';
import { jsonSitemapFamily } from './families/json-sitemap';
import { mUrlFamily } from './families/m-url';
import { respondWithTctResource } from './respond-tct';

// Resources framed as the M-URL and JSON sitemap families frame them: their policies' headers
// (the one place Cache-Control and Vary are decided) and the profile's links.
const C_URL = 'https://example.com/post/';
const rep = buildMUrlRepresentation(
  { canonicalUrl: C_URL, title: 'Example', content: 'Hello', modified: '2026-07-27T10:00:00Z' },
  { profile: TCT_03 },
);
const mUrlResource = (profile = TCT_03): ServedResource => ({
  body: rep.body,
  etag: rep.etag,
  contentDigest: rep.contentDigest,
  lastModified: new Date('2026-07-27T10:00:00Z'),
  contentType: profile.mUrlContentType,
  headers: {
    ...formHeaders(mUrlFamily.headers.forms.response!, profile),
    link: formatLinkHeader(
      mUrlLinks(C_URL, profile, [
        { href: 'https://example.com/llm-policy.json', rel: 'describedby' },
      ]),
    ),
  },
});
const mUrl = mUrlResource();
const sitemapSet = buildSitemaps(
  [{ cUrl: C_URL, mUrl: `${C_URL}llm.json`, modified: '2026-07-27T10:00:00Z', hash: rep.hash }],
  { origin: 'https://example.com', profile: TCT_03 },
);
const sitemap: ServedResource = {
  body: sitemapSet.shards[0]!.resource.body,
  etag: sitemapSet.shards[0]!.resource.etag,
  contentType: TCT_03.mUrlContentType,
  headers: {
    ...formHeaders(jsonSitemapFamily.headers.forms.response!, TCT_03),
    link: formatLinkHeader(sitemapLinks({}, TCT_03)),
  },
};

const get = (headers: Record<string, string> = {}, method = 'GET') => ({ method, headers });
const respond = (request: ReturnType<typeof get>, resource = mUrl) =>
  respondWithTctResource(request, resource, TCT_03);

describe('the -03 response rules', () => {
  it('answers 200 with the identity bytes, ETag, Content-Digest, exact Content-Type and the -03 headers', () => {
    const res = respond(get());
    expect(res.status).toBe(200);
    expect(res.body!.equals(rep.body)).toBe(true);
    expect(res.headers).toMatchObject({
      etag: rep.etag,
      'content-digest': rep.contentDigest,
      'content-type': 'application/json',
      'content-length': String(rep.body.length),
      vary: 'Accept-Encoding',
    });
    expect(res.headers['cache-control']).toMatch(/(^|, )no-transform(,|$)/);
    const links = parseLinkHeader(res.headers.link!);
    expect(links.map((l) => [l.href, l.rels])).toEqual([
      [C_URL, ['canonical']],
      [TCT_03.id, ['profile']],
      ['https://example.com/llm-policy.json', ['describedby']],
    ]);
    expect(res.headers).not.toHaveProperty('content-encoding');
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])(
    'answers %s with 405, Allow: GET, HEAD',
    (method) => {
      const res = respond(get({}, method));
      expect(res).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD' } });
      expect(res.body).toBeUndefined();
    },
  );

  it.each(['identity;q=0', '*;q=0', 'gzip, *;q=0', 'identity;q=0, gzip'])(
    'answers Accept-Encoding: %s with 406 and Vary: Accept-Encoding',
    (acceptEncoding) => {
      const res = respond(get({ 'accept-encoding': acceptEncoding }));
      expect(res).toMatchObject({ status: 406, headers: { vary: 'Accept-Encoding' } });
      // The 406 every agent endpoint sends (SCP's too): its reason as text, never cached.
      expect([res.body?.toString(), res.headers['cache-control']]).toEqual([
        'Not Acceptable\n',
        'no-cache',
      ]);
      const head = respond(get({ 'accept-encoding': acceptEncoding }, 'HEAD'));
      expect([head.status, head.body]).toEqual([406, undefined]);
      expect(respond(get({ 'accept-encoding': acceptEncoding }), sitemap).status).toBe(406);
    },
  );

  it.each([undefined, 'gzip', 'gzip, deflate, br', '*;q=0, identity;q=1', '*;q=0, identity'])(
    'answers Accept-Encoding: %s with the same identity bytes and strong ETag',
    (acceptEncoding) => {
      const res = respond(
        get(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      );
      expect(res.status).toBe(200);
      expect(res.body!.equals(rep.body)).toBe(true);
      expect(res.headers.etag).toBe(rep.etag);
      expect(res.headers).not.toHaveProperty('content-encoding');
    },
  );

  it('keeps tct-1 serving identity to a request that forbids it (no 406 there)', () => {
    const res = respondWithTctResource(
      get({ 'accept-encoding': 'identity;q=0' }),
      mUrlResource(TCT_1),
      TCT_1,
    );
    expect(res.status).toBe(200);
  });

  it('answers HEAD with the GET headers and no body', () => {
    const head = respond(get({}, 'HEAD'));
    expect(head.status).toBe(200);
    expect(head.body).toBeUndefined();
    expect(head.headers).toEqual(respond(get()).headers);
  });

  it.each([
    ['the ETag', () => rep.etag],
    ['its weak form', () => `W/${rep.etag}`],
    ['a list holding it', () => `"sha256-other", ${rep.etag}`],
    ['a list with a comma inside a tag', () => `"a,b", W/${rep.etag}`],
    ['*', () => '*'],
  ])('answers If-None-Match with %s with 304 and the -03 headers, no body', (_name, value) => {
    const res = respond(get({ 'if-none-match': value() }));
    expect(res.status).toBe(304);
    expect(res.body).toBeUndefined();
    expect(res.headers).toMatchObject({ etag: rep.etag, vary: 'Accept-Encoding' });
    expect(res.headers.link).toContain('rel="profile"');
    expect(res.headers.link).toContain('rel="canonical"');
    expect(res.headers['cache-control']).toContain('no-transform');
    expect(res.headers).not.toHaveProperty('content-type');
    expect(res.headers).not.toHaveProperty('content-digest');
  });

  it.each([
    ['a bare token', () => rep.hash],
    ['an unterminated quote', () => `"${rep.hash}`],
    ['a lower-case w/', () => `w/${rep.etag}`],
    ['another tag', () => `"sha256-${'0'.repeat(64)}"`],
    ['an empty value', () => ''],
  ])('answers If-None-Match with %s with 200: malformed members never match', (_name, value) => {
    expect(respond(get({ 'if-none-match': value() })).status).toBe(200);
  });

  it('gives the sitemap the same rules, with its own ETag and the M-Sitemap profile link', () => {
    const res = respond(get(), sitemap);
    expect(res.status).toBe(200);
    expect(res.headers.link).toBe(`<${TCT_03.sitemapProfile}>; rel="profile"`);
    expect(respond(get({ 'if-none-match': sitemap.etag }), sitemap).status).toBe(304);
    expect(respond(get({}, 'POST'), sitemap).status).toBe(405);
    expect(formatLinkHeader(sitemapLinks({}, TCT_03, 'index'))).toBe(
      `<${TCT_03.sitemapIndexProfile}>; rel="profile"`,
    );
    expect(sitemapLinks({}, TCT_1)).toEqual([]);
  });
});
