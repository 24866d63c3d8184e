import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { createIntl } from 'react-intl';
import ts from 'typescript';
import { ENDPOINT_FAMILIES } from '@agent-ready/core/serve';

// The admin panel's translations (admin/src/translations/*.json, registered by `registerTrads`)
// against the source: every message the pages show has an id in en.json with the same English
// text as its defaultMessage, every language has exactly the same keys, and every message is
// valid ICU with the same arguments in every language. A unit test: nothing is booted.

const ADMIN_SRC = resolve(__dirname, '..', 'admin', 'src');
const TRANSLATIONS = join(ADMIN_SRC, 'translations');
const LANGUAGES = ['en', 'fr'];

type Messages = Record<string, string>;

const messagesOf = (language: string): Messages =>
  JSON.parse(readFileSync(join(TRANSLATIONS, `${language}.json`), 'utf8')) as Messages;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

interface MessageUse {
  /** `file:line`, for the failure message. */
  where: string;
  key: string;
  /** The English text beside the id, when the call is part of a message descriptor. */
  defaultMessage?: string;
}

/** The one key built from data: a family's name (`endpoint.family.<name>`, EndpointList). */
const FAMILY_KEY_PREFIX = 'endpoint.family.';

/**
 * Every `getTranslation(…)` call of the admin source (the only way the pages name a message),
 * with the `defaultMessage` of the descriptor it sits in. A key that is not a string literal is
 * reported as `undefined`: it could not be checked; but `endpoint.family.${…}` stands for one key
 * per family core's registry lists for admin pages, its English the family's label.
 */
function messageUses(): MessageUse[] {
  const uses: MessageUse[] = [];
  for (const file of sourceFiles(ADMIN_SRC)) {
    const source = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    const where = (node: ts.Node) =>
      `${relative(ADMIN_SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'getTranslation'
      ) {
        const [argument] = node.arguments;
        if (
          argument &&
          ts.isTemplateExpression(argument) &&
          argument.head.text === FAMILY_KEY_PREFIX &&
          argument.templateSpans.length === 1 &&
          argument.templateSpans[0]!.literal.text === ''
        ) {
          for (const family of ENDPOINT_FAMILIES)
            if (family.listing)
              uses.push({
                where: where(node),
                key: `${FAMILY_KEY_PREFIX}${family.name}`,
                defaultMessage: family.listing.label,
              });
          ts.forEachChild(node, visit);
          return;
        }
        const key = argument && ts.isStringLiteralLike(argument) ? argument.text : undefined;
        const descriptor = ts.isPropertyAssignment(node.parent) ? node.parent.parent : undefined;
        let defaultMessage: string | undefined;
        if (descriptor && ts.isObjectLiteralExpression(descriptor)) {
          for (const property of descriptor.properties) {
            if (
              ts.isPropertyAssignment(property) &&
              ts.isIdentifier(property.name) &&
              property.name.text === 'defaultMessage' &&
              ts.isStringLiteralLike(property.initializer)
            ) {
              defaultMessage = property.initializer.text;
            }
          }
        }
        uses.push({ where: where(node), key: key as string, defaultMessage });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return uses;
}

/** The argument names of an ICU message (`{name}`, `{count, plural, …}`), sorted. */
const argumentsOf = (message: string) =>
  [...new Set([...message.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)].map((m) => m[1]))].sort();

describe('admin translations', () => {
  const en = messagesOf('en');

  it('every language has exactly the keys of en.json, none of them empty', () => {
    for (const language of LANGUAGES) {
      const messages = messagesOf(language);
      expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
      const empty = Object.entries(messages).filter(([, text]) => text.trim() === '');
      expect(empty).toEqual([]);
    }
  });

  it('every message is valid ICU, with the same arguments in every language', () => {
    for (const language of LANGUAGES) {
      const messages = messagesOf(language);
      const errors: string[] = [];
      const intl = createIntl({
        locale: language,
        messages,
        onError: (error) => errors.push(`${language}: ${error.message}`),
      });
      for (const [key, text] of Object.entries(messages)) {
        // Every argument 1: plurals and numbers format, selects take their `other` branch.
        const values = Object.fromEntries(argumentsOf(text).map((name) => [name, 1]));
        intl.formatMessage({ id: key }, values);
        expect([key, argumentsOf(text)]).toEqual([key, argumentsOf(en[key]!)]);
      }
      expect(errors).toEqual([]);
    }
  });

  it('every id the admin source uses is in en.json, with its defaultMessage as the English', () => {
    const uses = messageUses();
    expect(uses.length).toBeGreaterThan(100);
    const notLiteral = uses.filter((use) => use.key === undefined).map((use) => use.where);
    expect(notLiteral).toEqual([]);
    const unknown = uses.filter((use) => !(use.key in en)).map((use) => `${use.where} ${use.key}`);
    expect(unknown).toEqual([]);
    const withoutDefault = uses.filter((use) => use.defaultMessage === undefined);
    expect(withoutDefault.map((use) => `${use.where} ${use.key}`)).toEqual([]);
    const drifted = uses
      .filter((use) => use.defaultMessage !== en[use.key])
      .map((use) => `${use.where} ${use.key}: ${use.defaultMessage} ≠ ${en[use.key]}`);
    expect(drifted).toEqual([]);
  });

  it('en.json holds no message the source no longer uses', () => {
    const used = new Set(messageUses().map((use) => use.key));
    expect(Object.keys(en).filter((key) => !used.has(key))).toEqual([]);
  });
});
