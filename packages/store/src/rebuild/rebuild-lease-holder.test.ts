import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { isDeadLocalHolder, newLeaseHolder, retireLeaseHolder } from './rebuild-lease-holder';

describe('isDeadLocalHolder', () => {
  it('knows a process of this machine that has exited is dead', () => {
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const pid = Number(child.stdout.toString());
    expect(pid).toBeGreaterThan(0);
    expect(isDeadLocalHolder(`${hostname()}:${pid}:0a1b2c3d`)).toBe(true);
  });

  it('keeps a running process of this machine alive', () => {
    expect(isDeadLocalHolder(`${hostname()}:${process.ppid}:0a1b2c3d`)).toBe(false);
  });

  it('tells an engine of this process from an earlier life of the same pid', () => {
    const holder = newLeaseHolder();
    expect(isDeadLocalHolder(holder)).toBe(false);
    // A restarted container's process often has the pid its previous life had.
    expect(isDeadLocalHolder(`${hostname()}:${process.pid}:ffffffff`)).toBe(true);
    retireLeaseHolder(holder);
    expect(isDeadLocalHolder(holder)).toBe(true);
  });

  it('never declares a holder on another machine, or an unreadable one, dead', () => {
    expect(isDeadLocalHolder(`not-${hostname()}:1:0a1b2c3d`)).toBe(false);
    expect(isDeadLocalHolder('garbage')).toBe(false);
    expect(isDeadLocalHolder(`${hostname()}:-5:x`)).toBe(false);
  });
});
