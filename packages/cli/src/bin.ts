import { Command, CommanderError } from 'commander';
import { commandRegistrationsFor } from './commands';
import packageJson from '../package.json';

/** Exit codes: 0 done, 1 a check failed (validate, verify, compare), 2 usage or run error. */
const USAGE_ERROR = 2;

const program = new Command()
  .name('agent-ready')
  .description('Agent-side tools for TCT, SCP, llmindex and llms.txt sites.')
  .version(packageJson.version, '-V, --version', 'print the version')
  .showHelpAfterError()
  // Commander exits 1 on its own usage errors, which here means "a check failed": take over, so
  // every usage error exits 2. Sub-commands added after this inherit the setting.
  .exitOverride();

async function run(): Promise<void> {
  for (const register of await commandRegistrationsFor(process.argv.slice(2))) register(program);
  await program.parseAsync(process.argv);
}

run().catch((error: unknown) => {
  if (error instanceof CommanderError) {
    // --help and --version end through here too, with exit code 0; the message is printed already.
    process.exitCode = error.exitCode === 0 ? 0 : USAGE_ERROR;
    return;
  }
  process.stderr.write(`agent-ready: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = USAGE_ERROR;
});
