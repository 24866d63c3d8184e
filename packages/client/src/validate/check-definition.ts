/** What a named check of the validator is (the catalog lists them per protocol). */
export type CheckProtocol = 'tct' | 'scp' | 'llmindex' | 'llmstxt' | 'mcp';

export interface CheckDefinition {
  id: string;
  title: string;
  protocol: CheckProtocol;
  severity: 'fail' | 'warn';
  rule: string;
}
