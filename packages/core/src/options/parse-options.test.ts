import { z } from 'zod';
import { OptionsValidationError } from '../errors';
import { booleanOption, offOr, optionsObject, unknownKeyWording } from './option-schemas';
import { checkOptions, parseOptions } from './parse-options';

const role = (name: string, shape: Record<string, z.ZodType>) =>
  optionsObject({ role: z.literal(name), ...shape }).register(unknownKeyWording, {
    wording: `unknown key for role ${name}`,
  });

const schema = optionsObject({
  feature: offOr(optionsObject({ on: booleanOption().optional() })).optional(),
  list: z.array(booleanOption()).optional(),
  roles: z
    .discriminatedUnion(
      'role',
      [role('faq', { topic: z.string().optional() }), role('about', {})],
      {
        error: 'must be { role: faq | about }',
      },
    )
    .optional(),
  nested: optionsObject({ deeper: optionsObject({ flag: booleanOption() }) }).optional(),
});

const problems = (input: unknown) => {
  const checked = checkOptions(schema, input, { unknownTopLevelKey: 'unknown option' });
  return checked.ok ? [] : checked.problems.map((p) => `${p.field}: ${p.message}`);
};

describe('checkOptions', () => {
  it('reports what is wrong inside `false | { … }`, or that it is neither', () => {
    expect(problems({ feature: { on: 1 } })).toEqual(['feature.on: must be true or false']);
    expect(problems({ feature: { of: true } })).toEqual([
      'feature.of: unknown key; did you mean on?',
    ]);
    expect(problems({ feature: 'on' })).toEqual(['feature: must be an object or false']);
    expect(problems({ feature: false })).toEqual([]);
  });

  it('names list items and the value whose discriminator matches no member', () => {
    expect(problems({ list: [true, 'no'] })).toEqual(['list[1]: must be true or false']);
    expect(problems({ roles: { role: 'shop' } })).toEqual(['roles: must be { role: faq | about }']);
    expect(problems({ roles: { role: 'about', topic: 'x' } })).toEqual([
      'roles.topic: unknown key for role about (known: role)',
    ]);
  });

  it('lists unknown keys first within their object, each problem once', () => {
    expect(
      problems({ nested: { deeper: { flag: 1, flog: 1 }, deper: 1 }, list: 'x', extra: 1 }),
    ).toEqual([
      'extra: unknown option (known: feature, list, roles, nested)',
      'list: must be a list',
      'nested.deper: unknown key; did you mean deeper?',
      'nested.deeper.flog: unknown key; did you mean flag?',
      'nested.deeper.flag: must be true or false',
    ]);
  });

  it('throws an OptionsValidationError naming the subject', () => {
    expect(() => parseOptions(schema, { extra: 1 }, { subject: 'test settings' })).toThrow(
      new OptionsValidationError(
        [{ field: 'extra', message: 'unknown key (known: feature, list, roles, nested)' }],
        'test settings',
      ),
    );
    expect(parseOptions(schema, { feature: false })).toEqual({ feature: false });
  });
});
