import { likePrefix } from './count-documents';

describe('likePrefix', () => {
  it('escapes the LIKE wildcards and the escape character itself', () => {
    expect(likePrefix('api::article.article:')).toBe('api::article.article:%');
    expect(likePrefix('api::blog_post.blog_post:')).toBe('api::blog!_post.blog!_post:%');
    expect(likePrefix('a%b!c')).toBe('a!%b!!c%');
  });
});
