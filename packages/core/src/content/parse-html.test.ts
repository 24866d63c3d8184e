import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import type { BlockNode } from './content-tree';
import {
  addsAngleBrackets,
  markupSource,
  parseOrTypedError,
  readFixture,
  thrown,
} from '../../test/support/content-helpers';
import { parseHtml } from './parse-html';
import { parseMarkdown } from './parse-markdown';
import { renderMarkdown } from './render-markdown';
import { renderPlainText } from './render-plain-text';

const blocks = (html: string): BlockNode[] => parseHtml(html).children;
const paragraph = (value: string): BlockNode => ({
  type: 'paragraph',
  children: [{ type: 'text', value }],
});

describe('parseHtml', () => {
  it('renders a themed article to the expected plain text and Markdown, dropping the noise', () => {
    const tree = parseHtml(readFixture('html-article.html'));
    const text = renderPlainText(tree);
    expect(`${text}\n`).toBe(readFixture('html-article.expected.txt'));
    expect(renderMarkdown(tree)).toBe(readFixture('html-article.expected.md'));
    for (const noise of [
      'dataLayer',
      'font-family',
      'Theme title',
      'Blog',
      'loadAd',
      'Enable JS',
      'ad slot',
    ]) {
      expect(text).not.toContain(noise);
    }
    for (const noise of ['Subscribe', 'Email', 'svg text', 'template text', 'does not support']) {
      expect(text).not.toContain(noise);
    }
  });

  it('collapses whitespace as a browser does, except in pre', () => {
    expect(blocks('<p>  a \n\t b <b> c </b> d&nbsp; </p><pre>\n  x\n\n    y  </pre>')).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', value: 'a b ' },
          { type: 'strong', children: [{ type: 'text', value: 'c' }] },
          { type: 'text', value: ' d\u00A0' },
        ],
      },
      { type: 'code', value: '  x\n\n    y  ' },
    ]);
  });

  it('reads lists with start, stray nested lists and block content in items', () => {
    expect(
      blocks(
        '<ol start="5"><li>a<li>b</ol><ul><li>c</li><ul><li>d</li></ul><li><p>e</p><p>f</p></li></ul>',
      ),
    ).toEqual([
      { type: 'list', ordered: true, start: 5, items: [[paragraph('a')], [paragraph('b')]] },
      {
        type: 'list',
        ordered: false,
        items: [
          [paragraph('c'), { type: 'list', ordered: false, items: [[paragraph('d')]] }],
          [paragraph('e'), paragraph('f')],
        ],
      },
    ]);
  });

  it('reads code blocks with their language, keeping entities decoded and markup out', () => {
    expect(
      blocks(
        '<pre><code class="hljs language-ts">let <span class="k">a</span> = 1 &lt; 2;<br>done</code></pre><pre class="lang-sh">ls</pre>',
      ),
    ).toEqual([
      { type: 'code', value: 'let a = 1 < 2;\ndone', language: 'ts' },
      { type: 'code', value: 'ls', language: 'sh' },
    ]);
  });

  it('takes citations from cite, footer and figcaption', () => {
    expect(
      blocks(
        '<blockquote><p>a</p><cite>Ann</cite></blockquote>' +
          '<blockquote><p>b</p><footer>\u2014 Bob</footer></blockquote>' +
          '<figure><blockquote>c</blockquote><figcaption>-- Cy</figcaption></figure>' +
          '<blockquote cite="https://example.com/src">d</blockquote>',
      ),
    ).toEqual([
      { type: 'quote', children: [paragraph('a')], citation: 'Ann' },
      { type: 'quote', children: [paragraph('b')], citation: 'Bob' },
      { type: 'quote', children: [paragraph('c')], citation: 'Cy' },
      { type: 'quote', children: [paragraph('d')] },
    ]);
  });

  it('reads tables: thead or an all-th first row is the header; cells hold inline content', () => {
    expect(
      blocks(
        '<table><tr><th>h1</th><th>h2</th></tr><tr><td>a<br>b</td><td><ul><li>x</li><li>y</li></ul></td></tr></table>' +
          '<table><tbody><tr><td>only</td></tr></tbody><tfoot><tr><td>foot</td></tr></tfoot></table>',
      ),
    ).toEqual([
      {
        type: 'table',
        header: [[{ type: 'text', value: 'h1' }], [{ type: 'text', value: 'h2' }]],
        rows: [
          [
            [{ type: 'text', value: 'a' }, { type: 'break' }, { type: 'text', value: 'b' }],
            [{ type: 'text', value: 'x' }, { type: 'break' }, { type: 'text', value: 'y' }],
          ],
        ],
      },
      {
        type: 'table',
        rows: [[[{ type: 'text', value: 'only' }]], [[{ type: 'text', value: 'foot' }]]],
      },
    ]);
  });

  it('reads images (missing alt is empty), figures, video, audio and iframes', () => {
    expect(
      blocks(
        '<p>x<img src="/a.png">y</p><figure><img src="/b.png" alt="b" title="t"><figcaption>cap</figcaption></figure>' +
          '<video poster="/p.jpg"><source src="/v.webm"><source src="/v.mp4">fallback</video>' +
          '<audio src="/a.mp3" title="Song"></audio><iframe src="https://player.example/1" aria-label="Clip"></iframe>' +
          '<img alt="no src"><video></video>',
      ),
    ).toEqual([
      paragraph('x'),
      { type: 'image', url: '/a.png', alt: '' },
      paragraph('y'),
      { type: 'image', url: '/b.png', alt: 'b', title: 't' },
      paragraph('cap'),
      { type: 'video', url: '/v.webm' },
      { type: 'audio', url: '/a.mp3', title: 'Song' },
      { type: 'video', url: 'https://player.example/1', title: 'Clip' },
    ]);
  });

  it('treats containers as transparent and block elements inside inline ones as blocks', () => {
    expect(
      blocks(
        '<section><div>a<span>b</span></div>c<a href="/l"><div><h3>Card</h3>text</div></a></section>',
      ),
    ).toEqual([
      paragraph('ab'),
      paragraph('c'),
      {
        type: 'heading',
        level: 3,
        children: [{ type: 'link', url: '/l', children: [{ type: 'text', value: 'Card' }] }],
      },
      {
        type: 'paragraph',
        children: [{ type: 'link', url: '/l', children: [{ type: 'text', value: 'text' }] }],
      },
    ]);
  });

  it('applies resolveUrl and drops unsafe URLs', () => {
    const resolveUrl = (reference: string): string =>
      new URL(reference, 'https://example.com/post/').href;
    expect(
      parseHtml(
        '<a href="../x">x</a> <a href=" jav&#x09;ascript:alert(1)">y</a> <a>z</a><img src="data:image/png;base64,AA" alt="d">',
        {
          resolveUrl,
        },
      ).children,
    ).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'link', url: 'https://example.com/x', children: [{ type: 'text', value: 'x' }] },
          { type: 'text', value: ' y z' },
        ],
      },
    ]);
  });

  it('keeps the text of absurdly deep nesting', () => {
    const deep = `${'<div><span>'.repeat(2_000)}deep${'</span></div>'.repeat(2_000)}`;
    expect(renderPlainText(parseHtml(deep))).toBe('deep');
  });

  it('rejects a value that is not a string with a ValidationError', () => {
    expect(thrown(() => parseHtml(null as unknown as string))).toMatchObject({
      code: 'content.not_text',
    });
  });

  it('throws nothing but typed errors, is deterministic, leaves no foreign tags, and round-trips', () => {
    fc.assert(
      fc.property(markupSource, (source) => {
        const tree = parseOrTypedError(() => parseHtml(source));
        if (tree === undefined) return;
        expect(parseHtml(source)).toEqual(tree);
        expect(addsAngleBrackets(renderPlainText(tree), tree)).toBe(false);
        expect(parseMarkdown(renderMarkdown(tree))).toEqual(tree);
      }),
      propertyRuns(400),
    );
  });
});
