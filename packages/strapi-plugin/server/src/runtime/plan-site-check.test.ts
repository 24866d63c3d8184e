import { planSiteCheck, type ProbePublicOrigin } from './plan-site-check';

const serves: ProbePublicOrigin = async (origin) => ({
  serves: true,
  detail: `${origin}/llm-sitemap.json answers 200`,
});
const servesNot: ProbePublicOrigin = async (origin) => ({
  serves: false,
  detail: `${origin}/llm-sitemap.json: getaddrinfo ENOTFOUND`,
});
const setting = {
  origin: 'https://example.com',
  server: 'http://127.0.0.1:1337',
  rootPage: 'admin-redirect' as const,
};

describe('planSiteCheck', () => {
  it('checks the public origin when it serves the agent endpoints', async () => {
    expect(await planSiteCheck('auto', setting, serves)).toEqual({
      target: 'public',
      origin: 'https://example.com',
      reason:
        'https://example.com/llm-sitemap.json answers 200: the public origin serves the agent endpoints',
    });
  });

  it('else this Strapi under the public URLs, its admin redirect read, not followed', async () => {
    const plan = await planSiteCheck('auto', setting, servesNot);
    expect(plan).toMatchObject({
      target: 'server',
      origin: 'https://example.com',
      connectTo: 'http://127.0.0.1:1337',
      rootRedirect: 'read',
    });
    expect(plan!.reason).toContain('ENOTFOUND: the public origin does not serve them');
    const index = await planSiteCheck('auto', { ...setting, rootPage: 'agent-index' }, servesNot);
    expect(index).not.toHaveProperty('rootRedirect');
  });

  it('asks for the MCP endpoint on the public origin when the option serves one', async () => {
    const on = { ...setting, mcpPath: '/mcp' };
    expect((await planSiteCheck('public', on, serves))!.mcp).toBe('https://example.com/mcp');
    expect(await planSiteCheck('auto', on, servesNot)).toMatchObject({
      target: 'server',
      mcp: 'https://example.com/mcp',
    });
    expect(await planSiteCheck('public', setting, serves)).not.toHaveProperty('mcp');
  });

  it('does as asked; asked for this server while it listens on no TCP address: nothing', async () => {
    expect((await planSiteCheck('public', setting, servesNot))!.target).toBe('public');
    expect((await planSiteCheck('server', setting, serves))!.target).toBe('server');
    expect(
      await planSiteCheck('server', { ...setting, server: undefined }, serves),
    ).toBeUndefined();
    expect(
      (await planSiteCheck('auto', { ...setting, server: undefined }, servesNot))!.target,
    ).toBe('public');
  });
});
