import { classifyAttribute, humanizeName, notProse } from './classify-attribute';

describe('classifyAttribute', () => {
  const verdict = (name: string, type: string, extra: object = {}) =>
    classifyAttribute(name, { type, ...extra }, ['editor_note']);

  it('reads strings by their names: headings, link URLs, settings', () => {
    expect(verdict('heading', 'string')).toEqual({ kind: 'heading' });
    expect(verdict('sub_heading', 'string')).toEqual({ kind: 'text', format: 'plain' });
    expect(verdict('URL', 'string')).toEqual({ kind: 'link' });
    expect(verdict('buttonUrl', 'string')).toEqual({ kind: 'link' });
    for (const name of [
      'icon',
      'variant',
      'theme',
      'color',
      'target',
      'anchorId',
      'cssClass',
      'videoId',
      'email',
      'contactEmail',
      'support_email',
    ])
      expect(verdict(name, 'string')).toMatchObject({ kind: 'dropped', reason: 'name' });
    expect(verdict('email', 'string')).toMatchObject({
      detail: 'named like an e-mail address (email)',
    });
    // Words that merely end like a setting are words.
    for (const name of ['paid', 'grid', 'monkey', 'gmail_note', 'mailbox'])
      expect(verdict(name, 'string').kind).not.toBe('dropped');
  });

  it('never reads private fields, passwords, admin users or custom fields it cannot read', () => {
    expect(verdict('notes', 'text', { private: true })).toMatchObject({ reason: 'private' });
    expect(verdict('editor_note', 'text')).toMatchObject({ reason: 'private' });
    expect(verdict('secret', 'password')).toMatchObject({ reason: 'password' });
    expect(verdict('owner', 'relation', { target: 'admin::user' })).toMatchObject({
      reason: 'admin-users',
    });
    expect(verdict('color', 'string', { customField: 'plugin::color-picker.color' })).toMatchObject(
      {
        reason: 'custom-field',
      },
    );
    expect(verdict('body', 'richtext', { customField: 'plugin::ckeditor5.CKEditor' })).toEqual({
      kind: 'text',
      format: 'html',
    });
    for (const type of ['uid', 'enumeration', 'email', 'json', 'boolean', 'date'])
      expect(verdict('x', type)).toMatchObject({ kind: 'dropped', reason: 'type' });
  });

  it('keeps numbers that are content, not layout', () => {
    expect(verdict('price', 'decimal')).toEqual({ kind: 'number' });
    expect(verdict('sortOrder', 'integer')).toMatchObject({ kind: 'dropped' });
  });
});

describe('notProse', () => {
  it('tells URLs, paths, colours and e-mail addresses from words', () => {
    for (const value of [
      'https://x.example/a',
      '/contact',
      '../pricing',
      'www.example.com',
      'mailto:sales@x.example',
      '#',
      '#aabbcc',
      'rgb(1, 2, 3)',
      'a@b.example',
    ])
      expect(notProse(value)).toBe(true);
    for (const value of ['Get started', 'Pricing', '1.2M', '4,800', 'Launch 01', 'Mission #1'])
      expect(notProse(value)).toBe(false);
  });

  it('takes words that look like identifiers, numbers or times for the words they are', () => {
    for (const value of [
      'iPhone',
      'eBay',
      'e-commerce',
      '3.5',
      '10:30',
      'v2.0',
      'drag-and-drop',
      'arrow-right',
      '/ month',
      'coffee-art',
    ])
      expect(notProse(value)).toBe(false);
  });
});

describe('humanizeName', () => {
  it('labels an attribute name', () => {
    expect(humanizeName('sub_heading')).toBe('Sub heading');
    expect(humanizeName('additionalPerks')).toBe('Additional perks');
  });
});
