import type { AgentReadyPluginConfig } from '../config/plugin-config';
import { documentsChange } from './prepare-plugin-config';

const CONFIG: AgentReadyPluginConfig = {
  site: { origin: 'https://example.com', name: 'Example' },
  contentTypes: { 'api::page.page': true },
};

describe('documentsChange', () => {
  it('is true for a setting that renders documents otherwise: the TCT profile among them', () => {
    expect(documentsChange(CONFIG, { ...CONFIG, tct: { profile: 'tct-03' } })).toBe(true);
    expect(documentsChange({ ...CONFIG, tct: { profile: 'tct-03' } }, { ...CONFIG, tct: {} })).toBe(
      true,
    );
    expect(documentsChange(CONFIG, { ...CONFIG, mUrl: { suffix: 'llm/' } })).toBe(true);
    expect(documentsChange(CONFIG, { ...CONFIG, locales: ['en'] })).toBe(true);
  });

  it('is false for one that does not, and for the default profile said out loud', () => {
    expect(documentsChange(CONFIG, { ...CONFIG, tct: { profile: 'tct-1' } })).toBe(false);
    expect(
      documentsChange(CONFIG, { ...CONFIG, policy: { effective: '2025-10-01T00:00:00Z' } }),
    ).toBe(false);
    expect(documentsChange(CONFIG, { ...CONFIG, site: { ...CONFIG.site, name: 'Other' } })).toBe(
      false,
    );
  });
});
