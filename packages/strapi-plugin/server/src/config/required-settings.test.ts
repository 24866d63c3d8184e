import { describeMissing, missingSettings, notConfiguredWarning } from './required-settings';

describe('missingSettings', () => {
  it('lists the required settings left out entirely, in a stable order', () => {
    expect(missingSettings({})).toEqual(['site.origin', 'site.name', 'contentTypes']);
    expect(missingSettings(undefined)).toEqual(['site.origin', 'site.name', 'contentTypes']);
    expect(missingSettings({ site: { origin: 'https://example.com' } })).toEqual([
      'site.name',
      'contentTypes',
    ]);
    expect(
      missingSettings({ site: { origin: 'https://example.com', name: 'x' }, contentTypes: {} }),
    ).toEqual([]);
  });

  it('does not count a value that is present but wrong as missing (that is a problem)', () => {
    expect(missingSettings({ site: 'https://example.com', contentTypes: null })).toEqual([]);
    expect(missingSettings({ site: { origin: '', name: null }, contentTypes: 'all' })).toEqual([]);
  });
});

describe('the not-configured warning', () => {
  it('names what is missing and where to set it', () => {
    expect(notConfiguredWarning(['site.origin'])).toBe(
      "agent-ready is not configured, so it serves nothing to agents: site.origin is missing. Set site.origin in config/plugins.(js|ts) under 'agent-ready' → config, then restart Strapi.",
    );
    expect(notConfiguredWarning(['contentTypes'])).toBe(
      "agent-ready is not configured, so it serves nothing to agents: contentTypes is missing. Set contentTypes in config/plugins.(js|ts) under 'agent-ready' → config and restart, or save it in the admin panel (Settings → Agent Ready → Agents and AI), which applies at once.",
    );
    expect(notConfiguredWarning(['site.origin', 'site.name', 'contentTypes'])).toContain(
      '(site.name and contentTypes can instead be saved in the admin panel, Settings → Agent Ready → Agents and AI, once site.origin is set)',
    );
  });

  it('tells the pages which settings the settings page can supply', () => {
    expect(describeMissing(['site.origin', 'contentTypes'])).toEqual([
      { key: 'site.origin', settableInAdmin: false },
      { key: 'contentTypes', settableInAdmin: true },
    ]);
  });
});
