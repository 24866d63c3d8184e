import { changeFeedLink } from '../serve/families/change-feed/read-change-feed';
import { sitemapHeaders } from './discovery-links';

describe('sitemapHeaders', () => {
  it('revalidates, forbids transforms and varies on coding, with no Link when there is none', () => {
    expect(sitemapHeaders({})).toEqual({
      'cache-control':
        'public, max-age=0, must-revalidate, stale-while-revalidate=60, stale-if-error=86400, no-transform',
      vary: 'Accept-Encoding',
    });
  });

  it('links the policy descriptor, then the change feed', () => {
    const feed = changeFeedLink('https://example.com/llm-changes.json');
    expect(
      sitemapHeaders({ policyUrl: 'https://example.com/llm-policy.json', changeFeed: feed }).link,
    ).toBe(
      '<https://example.com/llm-policy.json>; rel="describedby"; type="application/json", ' +
        `<https://example.com/llm-changes.json>; rel="${feed.rel}"; type="application/json"`,
    );
    expect(sitemapHeaders({ changeFeed: feed }).link).toBe(
      `<https://example.com/llm-changes.json>; rel="${feed.rel}"; type="application/json"`,
    );
  });
});
