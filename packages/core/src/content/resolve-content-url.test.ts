import { resolveContentUrl } from './resolve-content-url';

describe('resolveContentUrl', () => {
  it('keeps a URL as written when there is no resolver (minus edge junk)', () => {
    expect(resolveContentUrl('/a b?c=1#d')).toBe('/a b?c=1#d');
    expect(resolveContentUrl('  https://example.com/x\n')).toBe('https://example.com/x');
    expect(resolveContentUrl('https://exa\tmple.com/\r\nx')).toBe('https://example.com/x');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' \u0001javascript:alert(1)',
    'java\nscript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
  ])('rejects the unsafe URL %j', (url) => {
    expect(resolveContentUrl(url)).toBeUndefined();
    expect(resolveContentUrl(url, () => 'https://example.com/')).toBeUndefined();
  });

  it('does not mistake a path for a scheme', () => {
    expect(resolveContentUrl('./javascript:x')).toBe('./javascript:x');
    expect(resolveContentUrl('java\u0000script:x')).toBe('java\u0000script:x');
  });

  it('rejects empty references and non-strings', () => {
    expect(resolveContentUrl('')).toBeUndefined();
    expect(resolveContentUrl(' \t ')).toBeUndefined();
    expect(resolveContentUrl(undefined)).toBeUndefined();
    expect(resolveContentUrl(42)).toBeUndefined();
  });

  it('applies the resolver and checks what it returns', () => {
    const base = 'https://example.com/blog/post/';
    const resolve = (reference: string): string => new URL(reference, base).href;
    expect(resolveContentUrl('../img/a.png', resolve)).toBe('https://example.com/blog/img/a.png');
    expect(resolveContentUrl('/x', () => 'javascript:alert(1)')).toBeUndefined();
    expect(resolveContentUrl('/x', () => undefined)).toBeUndefined();
    expect(resolveContentUrl('/x', () => 7 as unknown as string)).toBeUndefined();
  });

  it('treats a resolver that throws as a rejection', () => {
    const strict = (reference: string): string => new URL(reference).href;
    expect(resolveContentUrl('no scheme here', strict)).toBeUndefined();
    expect(resolveContentUrl('https://example.com/', strict)).toBe('https://example.com/');
  });
});
