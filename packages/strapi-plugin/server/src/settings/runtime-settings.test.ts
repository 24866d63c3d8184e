import type { AgentReadyPluginConfig } from '../config/plugin-config';
import { applyRuntimeSettings, runtimeSettingsOf } from './runtime-settings';

const FILE: AgentReadyPluginConfig = {
  site: { origin: 'https://example.com', name: 'File', summary: 'From the file.', language: 'en' },
  contentTypes: { 'api::page.page': true },
  locales: ['en'],
  policy: { effective: '2025-10-01T00:00:00Z' },
  tablePrefix: 'ar_',
};

describe('applyRuntimeSettings', () => {
  it('keeps the file as it is without saved settings', () => {
    expect(applyRuntimeSettings(FILE, undefined)).toBe(FILE);
    expect(applyRuntimeSettings(FILE, {})).toEqual(FILE);
  });

  it('lays each saved key over the file; the rest stays', () => {
    const merged = applyRuntimeSettings(FILE, {
      site: { name: 'Saved', summary: '' },
      contentTypes: { 'api::article.article': { body: 'content' } },
      locales: null,
      policy: false,
    });
    expect(merged).toEqual({
      site: { origin: 'https://example.com', name: 'Saved', language: 'en' },
      contentTypes: { 'api::article.article': { body: 'content' } },
      tablePrefix: 'ar_',
    });
    expect(FILE.site.name).toBe('File');
    expect(
      applyRuntimeSettings(FILE, { locales: ['fr'], site: { details: 'More.' } }),
    ).toMatchObject({
      locales: ['fr'],
      site: { name: 'File', summary: 'From the file.', details: 'More.' },
    });
  });

  it('lays a saved TCT profile over the file’s', () => {
    expect(applyRuntimeSettings(FILE, { tct: { profile: 'tct-03' } }).tct).toEqual({
      profile: 'tct-03',
    });
    expect(
      applyRuntimeSettings({ ...FILE, tct: { profile: 'tct-03' } }, { tct: { profile: 'tct-1' } })
        .tct,
    ).toEqual({ profile: 'tct-1' });
  });

  it('reads the editable part of a config back in the same shape', () => {
    expect(runtimeSettingsOf(FILE)).toEqual({
      site: { name: 'File', summary: 'From the file.' },
      contentTypes: { 'api::page.page': true },
      components: {},
      locales: ['en'],
      policy: { effective: '2025-10-01T00:00:00Z' },
      tct: { profile: 'tct-1' },
    });
    const { policy: _p, locales: _l, ...bare } = FILE;
    expect(runtimeSettingsOf(bare)).toMatchObject({ locales: null, policy: false });
    expect(runtimeSettingsOf({ ...FILE, tct: { profile: 'tct-03' } }).tct).toEqual({
      profile: 'tct-03',
    });
  });

  it('keeps a url function of config/plugins under saved mappings, which cannot hold one', () => {
    const url = ({ entry }: { entry: Record<string, unknown> }) => `/p/${String(entry.slug)}`;
    const file = { ...FILE, contentTypes: { 'api::page.page': { url, section: 'pages' } } };
    // The form never sees the function (JSON), and saving the form keeps it.
    expect(runtimeSettingsOf(file).contentTypes).toEqual({
      'api::page.page': { section: 'pages' },
    });
    expect(
      applyRuntimeSettings(file, { contentTypes: { 'api::page.page': { section: 'site' } } })
        .contentTypes,
    ).toEqual({ 'api::page.page': { section: 'site', url } });
    expect(
      applyRuntimeSettings(file, { contentTypes: { 'api::page.page': true } }).contentTypes,
    ).toEqual({ 'api::page.page': { url } });
    // A pattern saved in the admin panel replaces it.
    expect(
      applyRuntimeSettings(file, { contentTypes: { 'api::page.page': { url: '/x/{slug}' } } })
        .contentTypes,
    ).toEqual({ 'api::page.page': { url: '/x/{slug}' } });
  });
});
