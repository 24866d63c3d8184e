import { appRobotsTxtOf } from './app-robots-txt';

describe("the app's answer at /robots.txt (RFC 9309 §2.3.1)", () => {
  const text = Buffer.from('User-agent: *\nDisallow: /x\n');

  it('a 200 in plain text (or untyped) is its robots.txt', () => {
    expect(appRobotsTxtOf(200, 'text/plain; charset=utf-8', text)).toEqual({
      kind: 'file',
      text: text.toString(),
    });
    expect(appRobotsTxtOf(200, undefined, text)).toMatchObject({ kind: 'file' });
  });

  it('a 4xx or an HTML page is none: our robots.txt alone', () => {
    expect(appRobotsTxtOf(404, 'text/html', Buffer.from('Not found'))).toEqual({ kind: 'none' });
    expect(appRobotsTxtOf(403, undefined, Buffer.alloc(0))).toEqual({ kind: 'none' });
    expect(appRobotsTxtOf(200, 'text/html; charset=utf-8', Buffer.from('<p>'))).toEqual({
      kind: 'none',
    });
  });

  it('an error or a redirect stays as the app sent it', () => {
    // A 5xx makes crawlers assume everything is disallowed: composing would open the site.
    expect(appRobotsTxtOf(503, 'text/plain', Buffer.from('busy'))).toEqual({ kind: 'as-is' });
    expect(appRobotsTxtOf(301, undefined, Buffer.alloc(0))).toEqual({ kind: 'as-is' });
  });
});
