import { OptionsValidationError, ValidationError } from '../errors';
import { validateAgentSiteOptions } from './agent-site-options';

describe('validateAgentSiteOptions', () => {
  it('reports every bad field, each under its name, in the error and in its message', () => {
    let thrown: unknown;
    try {
      validateAgentSiteOptions(
        { site: { origin: 'ftp://example.com', name: 'X' }, llmstxt: {}, maxDocumentBytes: -1 },
        { adapterKeys: [] },
      );
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(OptionsValidationError);
    expect(thrown).toBeInstanceOf(ValidationError);
    const error = thrown as OptionsValidationError;
    expect(error.code).toBe('options.invalid');
    expect(error.problems.map((p) => p.field)).toEqual([
      'llmstxt',
      'site.origin',
      'maxDocumentBytes',
    ]);
    expect(error.problems[0]!.message).toBe('unknown option; did you mean llmsTxt?');
    for (const problem of error.problems) {
      expect(error.message).toContain(`\n  - ${problem.field}: ${problem.message}`);
    }
    expect(error.field).toBe('llmstxt');
    expect(error.toJSON()).toMatchObject({
      problems: error.problems.map(({ field, message }) => ({ field, message })),
    });
  });

  it('normalizes the origin of options that pass', () => {
    expect(
      validateAgentSiteOptions({ site: { origin: 'HTTPS://Example.COM/', name: 'X' } }).site.origin,
    ).toBe('https://example.com');
  });
});
