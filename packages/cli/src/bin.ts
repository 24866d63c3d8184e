import { Command } from 'commander';
import { commandRegistrations } from './commands';

const program = new Command()
  .name('agent-ready')
  .description('Agent-side tools for TCT, SCP, llmindex and llms.txt sites.')
  .showHelpAfterError();

for (const register of commandRegistrations) register(program);

program.parseAsync(process.argv).catch((error: unknown) => {
  process.stderr.write(`agent-ready: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
});
