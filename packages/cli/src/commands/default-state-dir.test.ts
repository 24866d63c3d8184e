import { join } from 'node:path';
import { defaultStateDir } from './default-state-dir';

describe('defaultStateDir', () => {
  const home = '/home/ada';

  it("is a folder per origin in the user's cache directory", () => {
    expect(defaultStateDir('https://Example.com/', {}, 'linux', home)).toBe(
      join(home, '.cache', 'agent-ready', 'sites', 'https-example.com'),
    );
    expect(defaultStateDir('http://127.0.0.1:3000', {}, 'linux', home)).toBe(
      join(home, '.cache', 'agent-ready', 'sites', 'http-127.0.0.1-3000'),
    );
    expect(defaultStateDir('http://[::1]:8080', {}, 'linux', home)).toBe(
      join(home, '.cache', 'agent-ready', 'sites', 'http-_1_-8080'),
    );
  });

  it("follows the platform's convention and an absolute XDG_CACHE_HOME", () => {
    expect(
      defaultStateDir('https://a.example', { XDG_CACHE_HOME: '/var/cache/me' }, 'linux', home),
    ).toBe(join('/var/cache/me', 'agent-ready', 'sites', 'https-a.example'));
    expect(
      defaultStateDir('https://a.example', { XDG_CACHE_HOME: 'relative' }, 'linux', home),
    ).toBe(join(home, '.cache', 'agent-ready', 'sites', 'https-a.example'));
    expect(defaultStateDir('https://a.example', {}, 'darwin', home)).toBe(
      join(home, 'Library', 'Caches', 'agent-ready', 'sites', 'https-a.example'),
    );
    expect(
      defaultStateDir(
        'https://a.example',
        { LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local' },
        'win32',
        home,
      ),
    ).toBe(join('C:\\Users\\ada\\AppData\\Local', 'agent-ready', 'sites', 'https-a.example'));
  });
});
