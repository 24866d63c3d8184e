import { AgentReadyError, ValidationError } from '../errors';
import type { LlmsTxtProblem } from './llmstxt-types';

/** Generator input that cannot make a conforming file (empty name, bad base URL…). */
export class LlmsTxtInputError extends ValidationError {}

/** A file that does not follow the llms.txt format; `problems` lists every finding. */
export class LlmsTxtParseError extends AgentReadyError {
  readonly problems: LlmsTxtProblem[];

  constructor(problems: LlmsTxtProblem[]) {
    const first = problems[0]!;
    super(`llmstxt.${first.code}`, `line ${first.line}: ${first.message}`, {
      field: `line ${first.line}`,
      rule: 'llms.txt format (llmstxt.org)',
    });
    this.problems = problems;
  }
}
