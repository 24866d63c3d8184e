// Prints what a publisher serves for three sample documents: one M-URL body with its headers,
// then the JSON sitemap that lets an agent skip every unchanged document without a request.
import {
  buildMUrlRepresentation,
  buildSitemaps,
  canonicalLink,
  formatLinkHeader,
  mUrlFor,
  TCT_1,
} from '@agent-ready/core';

const origin = 'https://example.com';
const documents = [
  { path: '/', title: 'Example Site', content: 'Example Site\n\nWhat this site is about.' },
  {
    path: '/hello-world/',
    title: 'Hello World',
    content: 'Hello World\n\nThe first post. [Image: a waving hand]',
  },
  { path: '/about/', title: 'About', content: 'About\n\nWho writes here, and why.' },
];

const modified = '2025-10-01T12:00:00Z';
const built = documents.map((doc) => {
  const cUrl = `${origin}${doc.path}`;
  return {
    cUrl,
    mUrl: mUrlFor(cUrl),
    rep: buildMUrlRepresentation({
      canonicalUrl: cUrl,
      title: doc.title,
      content: doc.content,
      modified,
    }),
  };
});

const sample = built[1];
console.log(`GET ${sample.mUrl}`);
console.log(`ETag: ${sample.rep.etag}`);
console.log(`Cache-Control: ${TCT_1.cacheControl}`);
console.log(`Content-Digest: ${sample.rep.contentDigest}`);
console.log(`Link: ${formatLinkHeader([canonicalLink(sample.cUrl)])}`);
console.log();
console.log(sample.rep.body.toString('utf8'));
console.log();

const sitemaps = buildSitemaps(
  built.map((b) => ({ cUrl: b.cUrl, mUrl: b.mUrl, modified, hash: b.rep.hash })),
  { origin, overviewUrl: `${origin}/` },
);
const [shard] = sitemaps.shards;
console.log(`GET ${shard.url}`);
console.log(`ETag: ${shard.resource.etag}`);
console.log();
console.log(JSON.stringify(JSON.parse(shard.resource.body.toString('utf8')), null, 2));
