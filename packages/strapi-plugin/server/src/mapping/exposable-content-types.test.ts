import { OptionsValidationError } from '@agent-ready/core/errors';
import { isExposable, whyNotExposable } from './exposable-content-types';
import { resolveContentTypes } from './resolve-content-types';
import type { SchemaLookup, StrapiSchema } from '../schema/strapi-schema';

const schema = (singularName: string): StrapiSchema => ({
  info: { singularName, pluralName: `${singularName}s` },
  attributes: { title: { type: 'string' }, slug: { type: 'uid' } },
});
const lookup: SchemaLookup = {
  contentType: (uid) => schema(uid.split('.').at(-1) ?? 'x'),
  component: () => undefined,
};

describe('which content types may be exposed', () => {
  it("takes the app's own types, and a plugin's only when config/plugins lists it", () => {
    expect(whyNotExposable('api::article.article')).toBeUndefined();
    expect(whyNotExposable('plugin::blog.post')).toMatch(/pluginContentTypes/);
    expect(whyNotExposable('plugin::blog.post', ['plugin::blog.post'])).toBeUndefined();
    expect(isExposable('plugin::blog.post', ['plugin::blog.post'])).toBe(true);
  });

  it("never takes Strapi's own, listed or not", () => {
    for (const uid of [
      'plugin::upload.file',
      'plugin::upload.folder',
      'plugin::i18n.locale',
      'plugin::users-permissions.user',
      'plugin::review-workflows.workflow',
      'plugin::content-releases.release',
      'plugin::content-manager.history-version',
    ]) {
      expect([uid, whyNotExposable(uid, [uid])]).toEqual([
        uid,
        expect.stringMatching(/never exposed/),
      ]);
    }
    for (const uid of ['admin::user', 'admin::api-token', 'strapi::core-store', 'nonsense'])
      expect([uid, isExposable(uid, [uid])]).toEqual([uid, false]);
  });

  it('refuses them in config/plugins as on the settings page, naming the key and why', () => {
    let thrown: unknown;
    try {
      resolveContentTypes(
        { 'api::article.article': true, 'plugin::upload.file': true, 'plugin::blog.post': true },
        lookup,
      );
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(OptionsValidationError);
    expect((thrown as OptionsValidationError).problems.map((p) => p.field)).toEqual([
      'contentTypes["plugin::upload.file"]',
      'contentTypes["plugin::blog.post"]',
    ]);
    const types = resolveContentTypes({ 'plugin::blog.post': true }, lookup, {
      pluginContentTypes: ['plugin::blog.post'],
    });
    expect([...types.keys()]).toEqual(['plugin::blog.post']);
  });
});
