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
});
