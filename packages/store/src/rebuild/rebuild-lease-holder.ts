import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** Holder ids of the engines running in this process. */
const liveHolders = new Set<string>();

/**
 * A rebuild lease holder id for a new engine: `host:pid:random`. The host and pid let another
 * process of the same machine see that the holder died (`isDeadLocalHolder`), so a Strapi
 * restarted after a crash rebuilds at once instead of waiting out the dead process's lease.
 */
export function newLeaseHolder(): string {
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  liveHolders.add(holder);
  return holder;
}

/** The engine closed: a lease it may still hold is free to take. */
export function retireLeaseHolder(holder: string): void {
  liveHolders.delete(holder);
}

/**
 * Whether a lease holder is known to be dead: a process of this machine that no longer runs, or
 * an earlier life of this very pid (a restarted container often gets the same pid) that no engine
 * of this process answers to. A holder on another machine is never known dead: its lease expires.
 */
export function isDeadLocalHolder(holder: string): boolean {
  const [host, pidText] = holder.split(':');
  const pid = Number(pidText);
  if (host !== hostname() || !Number.isSafeInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return !liveHolders.has(holder);
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
