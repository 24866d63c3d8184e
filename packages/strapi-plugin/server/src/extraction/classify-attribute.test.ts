import { classifyAttribute, humanizeName, notProse } from './classify-attribute';

describe('classifyAttribute', () => {
  const role = (name: string, type: string, extra: object = {}) =>
    classifyAttribute(name, { type, ...extra }, ['editor_note']);

  it('reads strings by their names: headings, link URLs, settings', () => {
    expect(role('heading', 'string')).toEqual({ role: 'heading' });
    expect(role('sub_heading', 'string')).toEqual({ role: 'text' });
    expect(role('URL', 'string')).toEqual({ role: 'link' });
    expect(role('buttonUrl', 'string')).toEqual({ role: 'link' });
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
      expect(role(name, 'string')).toMatchObject({ role: 'none', reason: 'name' });
    expect(role('email', 'string')).toMatchObject({
      detail: 'named like an e-mail address (email)',
    });
    // Words that merely end like a setting are words.
    for (const name of ['paid', 'grid', 'monkey', 'gmail_note', 'mailbox'])
      expect(role(name, 'string').role).not.toBe('none');
  });

  it('never reads private fields, passwords, admin users or custom fields it cannot read', () => {
    expect(role('notes', 'text', { private: true })).toMatchObject({ reason: 'private' });
    expect(role('editor_note', 'text')).toMatchObject({ reason: 'private' });
    expect(role('secret', 'password')).toMatchObject({ reason: 'password' });
    expect(role('owner', 'relation', { target: 'admin::user' })).toMatchObject({
      reason: 'admin-users',
    });
    expect(role('color', 'string', { customField: 'plugin::color-picker.color' })).toMatchObject({
      reason: 'custom-field',
    });
    expect(role('body', 'richtext', { customField: 'plugin::ckeditor5.CKEditor' })).toEqual({
      role: 'rich',
      format: 'html',
    });
    for (const type of ['uid', 'enumeration', 'email', 'json', 'boolean', 'date'])
      expect(role('x', type)).toMatchObject({ role: 'none', reason: 'type' });
  });

  it('keeps numbers that are content, not layout', () => {
    expect(role('price', 'decimal')).toEqual({ role: 'number' });
    expect(role('sortOrder', 'integer')).toMatchObject({ role: 'none' });
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
