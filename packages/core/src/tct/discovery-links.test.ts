import { formatLinkHeader } from '../http/link-header';
import { changeFeedLink } from '../serve/families/change-feed/read-change-feed';
import { sitemapLinks } from './discovery-links';

describe('sitemapLinks', () => {
  it('links nothing under tct-1 when there is nothing to link', () => {
    expect(sitemapLinks({})).toEqual([]);
  });

  it('links the policy descriptor, then the change feed', () => {
    const feed = changeFeedLink('https://example.com/llm-changes.json');
    expect(
      formatLinkHeader(
        sitemapLinks({ policyUrl: 'https://example.com/llm-policy.json', changeFeed: feed }),
      ),
    ).toBe(
      '<https://example.com/llm-policy.json>; rel="describedby"; type="application/json", ' +
        `<https://example.com/llm-changes.json>; rel="${feed.rel}"; type="application/json"`,
    );
    expect(formatLinkHeader(sitemapLinks({ changeFeed: feed }))).toBe(
      `<https://example.com/llm-changes.json>; rel="${feed.rel}"; type="application/json"`,
    );
  });
});
