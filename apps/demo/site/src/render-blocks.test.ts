import { renderBlocks, type Block } from './render-blocks';

describe('renderBlocks', () => {
  it('renders every Strapi block type', () => {
    const blocks: Block[] = [
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'What you need' }] },
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'A ' },
          { type: 'text', text: 'bold', bold: true },
          { type: 'text', text: ' and ', italic: true },
          { type: 'link', url: '/faq/', children: [{ type: 'text', text: 'a link' }] },
          { type: 'text', text: 'pin', code: true },
        ],
      },
      {
        type: 'list',
        format: 'ordered',
        children: [
          { type: 'list-item', children: [{ type: 'text', text: 'one' }] },
          {
            type: 'list',
            format: 'unordered',
            children: [{ type: 'list-item', children: [{ type: 'text', text: 'nested' }] }],
          },
        ],
      },
      { type: 'quote', children: [{ type: 'text', text: 'Tip' }] },
      { type: 'code', language: 'python', children: [{ type: 'text', text: 'print(1 < 2)' }] },
      {
        type: 'image',
        image: { url: '/uploads/a.svg', alternativeText: 'A board', width: 640, height: 360 },
        children: [{ type: 'text', text: '' }],
      },
    ];
    expect(renderBlocks(blocks).value).toBe(
      [
        '<h2 id="what-you-need">What you need</h2>',
        '<p>A <strong>bold</strong><em> and </em><a href="/faq/">a link</a><code>pin</code></p>',
        '<ol><li>one</li><li><ul><li>nested</li></ul></li></ol>',
        '<blockquote><p>Tip</p></blockquote>',
        '<div class="code-block"><div class="code-block__bar"><span>python</span><button type="button" class="copy-code">Copy</button></div><pre><code class="language-python">print(1 &lt; 2)</code></pre></div>',
        '<figure><img src="/uploads/a.svg" alt="A board" width="640" height="360" loading="lazy"></figure>',
      ].join(''),
    );
  });

  it('escapes text and attributes, and skips unknown nodes', () => {
    const blocks = [
      { type: 'paragraph', children: [{ type: 'text', text: '<script>alert("x")</script>' }] },
      { type: 'paragraph', children: [{ type: 'link', url: '"><x', children: [] }] },
      { type: 'table', children: [] },
    ] as unknown as Block[];
    const out = renderBlocks(blocks).value;
    expect(out).toBe(
      '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p><p><a href="&quot;&gt;&lt;x"></a></p>',
    );
    expect(renderBlocks(null).value).toBe('');
  });
});
