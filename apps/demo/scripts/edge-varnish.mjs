// @ts-check
// DEMO_EDGE=varnish: the shipped docs/edge/varnish.vcl with its backend pointed at the demo's
// site and a purge token of this run, for a `varnishd` in the foreground started by
// start-demo.mjs like the two servers.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const VCL_PATH = fileURLToPath(new URL('../../../docs/edge/varnish.vcl', import.meta.url));

/** Why Varnish cannot run here, or undefined when `varnishd` is on the PATH. */
export function varnishMissing() {
  const probe = spawnSync('varnishd', ['-V'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    return 'DEMO_EDGE=varnish needs varnishd on the PATH (Debian: apt-get install varnish varnish-modules); unset DEMO_EDGE to run the demo without it';
  }
  return undefined;
}

/**
 * The VCL with `backend default` on the site's port and the purge token filled in; each line
 * replaced must be there once, so a change to the shipped file's shape fails here.
 * @param {string} vcl
 * @param {{ backendPort: number, token: string }} options
 */
export function fillVcl(vcl, { backendPort, token }) {
  /** @type {[RegExp, string, string][]} */
  const replacements = [
    [/(backend default \{[^}]*?\.host = )"[^"]*";/, '$1"127.0.0.1";', 'backend host'],
    [/(backend default \{[^}]*?\.port = )"[^"]*";/, `$1"${backendPort}";`, 'backend port'],
    [
      /var\.global_set\("agent_ready_purge_token", "[^"]*"\);/,
      `var.global_set("agent_ready_purge_token", "${token}");`,
      'purge token',
    ],
  ];
  if (!/^[0-9a-f]*$/.test(token)) throw new Error('DEMO_EDGE_TOKEN must be hex digits');
  return replacements.reduce((text, [pattern, replacement, what]) => {
    const count = (text.match(new RegExp(pattern.source, 'g')) ?? []).length;
    if (count !== 1) throw new Error(`docs/edge/varnish.vcl has ${count} ${what}, not one`);
    return text.replace(pattern, replacement);
  }, vcl);
}

/**
 * The `varnishd` command line for the edge: foreground, its own working directory in the
 * system's temp folder (`workDir`, to remove once it exited), listening on loopback `port`, a
 * small malloc storage.
 * @param {{ port: number, backendPort: number, token: string }} options
 */
export function varnishCommand({ port, backendPort, token }) {
  const workDir = mkdtempSync(join(tmpdir(), 'agent-ready-demo-varnish-'));
  const vclPath = join(workDir, 'agent-ready.vcl');
  writeFileSync(vclPath, fillVcl(readFileSync(VCL_PATH, 'utf8'), { backendPort, token }));
  const args = [
    '-F',
    // Run as root, varnishd would switch to its own users, who cannot enter the temp folder.
    '-j',
    'none',
    '-n',
    join(workDir, 'instance'),
    '-a',
    `127.0.0.1:${port}`,
    '-f',
    vclPath,
    '-s',
    'malloc,64m',
  ];
  return { args, workDir };
}
