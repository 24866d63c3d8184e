import { z } from 'zod';
import {
  booleanOption,
  documented,
  httpUrlOption,
  integerOption,
  languageTagOption,
  oneOf,
  optionDocOf,
  optionsObject,
  unknownKeyWording,
} from '@agent-ready/core/options';
import {
  agentSiteOptionsObject,
  siteOptionsSchema,
  withSiteOptionRules,
} from '@agent-ready/core/serve';
import { usagePreferencesSchema } from '@agent-ready/core/usage';
import { FIELD_ROLES, type FieldRole } from '../extraction/field-vocabulary';
import type { UrlResolver } from './url-resolver';
import {
  edgeOption,
  rebuildOptionsSchema,
  revalidateAfterMsOption,
  scpObjectStorageOption,
  notifyOption,
  tablePrefixOption,
  withScpObjectStorageRule,
} from '@agent-ready/store';

export const PLUGIN_ID = 'agent-ready';

const ATTRIBUTE_PATH = /^[A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_][A-Za-z0-9_-]*)?$/;
const ATTRIBUTE_MESSAGE = 'must be an attribute name, or relation.attribute';
const SECTION = /^[a-zA-Z0-9_-]{1,128}$/;

/**
 * An attribute of the content type, or `relation.attribute` / `component.attribute` one level
 * down (checked against the real schemas at bootstrap).
 */
function attributeOption(requiredMessage = ATTRIBUTE_MESSAGE) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? requiredMessage : ATTRIBUTE_MESSAGE) })
    .regex(ATTRIBUTE_PATH, { error: ATTRIBUTE_MESSAGE });
}

const attribute = (description: string, defaultText?: string) =>
  documented(attributeOption().optional(), {
    description,
    ...(defaultText ? { default: defaultText } : {}),
  });

/** One llmindex role: its keys are the ones it reads, any other is refused naming the role. */
function llmindexRole<Role extends string, Shape extends z.core.$ZodLooseShape>(
  role: Role,
  shape: Shape,
) {
  return optionsObject({
    role: documented(z.literal(role), { description: 'What the documents add to llmindex.' }),
    ...shape,
  }).register(unknownKeyWording, { wording: `unknown key for role ${role}` });
}

/**
 * What the documents of a type add to the llmindex `/llm/*` pages and products feed. The product
 * and FAQ values name attributes, like the rest of the mapping.
 */
export const llmindexMappingSchema = z.discriminatedUnion(
  'role',
  [
    llmindexRole('about', {}),
    llmindexRole('policy', {}),
    llmindexRole('faq', {
      topic: attribute("Attribute holding the entry's topic (a string or enumeration)."),
    }),
    llmindexRole('product', {
      availability: documented(
        attributeOption(
          'is required for a product: the attribute holding in_stock, out_of_stock or preorder',
        ),
        {
          description:
            'Attribute with `in_stock`, `out_of_stock` or `preorder` (or a common spelling); a version without a value is served but left out of the products feed.',
        },
      ),
      price: attribute('Number attribute (decimal, float, integer).'),
      currency: attribute('Attribute with an ISO 4217 code such as EUR.'),
      id: attribute('Feed id attribute, e.g. a SKU.', 'the document key'),
      brand: attribute('Brand attribute.'),
      category: attribute('Category attribute.'),
      imageUrl: attribute('Attribute holding an absolute image URL.'),
    }),
  ],
  { error: 'must be { role: about | policy | faq | product }' },
);

export type LlmindexMapping = z.input<typeof llmindexMappingSchema>;

/** The attribute-valued keys of a product mapping, in the order they are read. */
export const LLMINDEX_PRODUCT_KEYS = [
  'availability',
  'price',
  'currency',
  'id',
  'brand',
  'category',
  'imageUrl',
] as const;

const ATTRIBUTE_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const ROLE_MESSAGE = `must be ${FIELD_ROLES.slice(0, -1).join(', ')} or ${FIELD_ROLES.at(-1)}`;
const MAX_FIELD_ROLES = 200;

/** `{ heading: 'text', icon: 'skip' }`: roles of attributes, by name (checked at bootstrap). */
const fieldRolesSchema = z
  .record(
    z.string().regex(ATTRIBUTE_NAME, { error: 'is not an attribute name' }),
    z.enum(FIELD_ROLES, { error: ROLE_MESSAGE }),
    { error: 'must be an object of attribute names and roles, e.g. { icon: "skip" }' },
  )
  .refine((roles) => Object.keys(roles).length <= MAX_FIELD_ROLES, {
    error: `at most ${MAX_FIELD_ROLES} fields`,
  });

const PATTERN_MESSAGE =
  'must be a path pattern starting with /, e.g. /blog/{slug}/, false (no pages), or a function (config/plugins only)';
const urlPatternSchema = z
  .string({ error: PATTERN_MESSAGE })
  .startsWith('/', { error: PATTERN_MESSAGE })
  .max(500, { error: 'must be at most 500 characters' });

/**
 * How one content type becomes agent documents. Only what the type's schema shows to be text
 * (and the attributes named here) is ever read; private attributes, passwords and admin users
 * never. The README's mapping table is rendered from this. `functions`: `url` may be a function
 * (config/plugins); the settings page's JSON cannot hold one.
 */
function contentTypeMappingOf(functions: boolean) {
  const url = functions
    ? z.union(
        [
          urlPatternSchema,
          z.literal(false),
          z.custom<UrlResolver>((value) => typeof value === 'function'),
        ],
        { error: PATTERN_MESSAGE },
      )
    : z.union([urlPatternSchema, z.literal(false)], {
        error: 'must be a path pattern starting with /, e.g. /blog/{slug}/, or false (no pages)',
      });
  return optionsObject(
    {
      url: documented(url.optional(), {
        description:
          "The page's path on `site.origin` (the C-URL). Placeholders: attributes (`{slug}`, relations and components `{category.slug}`, a few levels deep), `{documentId}`, `{locale}`, and a path kept whole `{fullPath*}`. Values are percent-encoded; an empty value means the version is not served (logged). An entry whose slug is a home slug (`urls.homeSlugs`) lives at `/{locale}` or `/`. `false`: no pages of its own (its entries are shown in the pages that refer to them). In config/plugins, a function `({ entry, locale, defaultLocale, uid, documentId }) => path` (not editable on the settings page).",
        default:
          '`/{locale}/{fullPath*}` when the type has a `fullPath`/`path` attribute; else `/{pluralName}/{uid field}/` (prefixed with `/{locale}` when localized); else no pages of its own (single types too)',
      }),
      title: attribute(
        'Title attribute.',
        '`title`, `name`, `question`, `heading` or `headline`; else the SEO meta title; else the first heading; else the display name and id',
      ),
      body: documented(
        z
          .union(
            [
              attributeOption(),
              z.array(attributeOption()).min(1, { error: 'must name at least one attribute' }),
            ],
            { error: ATTRIBUTE_MESSAGE },
          )
          .optional(),
        {
          description:
            'The attributes extracted, in this order (the others are left out, and counted as dropped).',
          default: 'every attribute holding text, in schema order (see Content extraction)',
        },
      ),
      fields: documented(fieldRolesSchema.optional(), {
        description:
          "Roles of the type's own attributes where the guess is wrong: `heading`, `text`, `markdown`, `html`, `link` (the URL its component's label links to) or `skip`, e.g. `{ icon: 'skip', summary: 'markdown' }`. Components' fields: `components` (above).",
        default: 'from the schema (see Content extraction)',
      }),
      seo: documented(
        z
          .union([attributeOption(), z.literal(false)], {
            error: 'must be an attribute name or false',
          })
          .optional(),
        {
          description:
            "The SEO component attribute: its meta title and description are the entry's when it has none of its own, its `canonicalURL` compared with the page's route (noted when they differ). `false`: not used.",
          default: 'a single component with `metaTitle`/`metaDescription` and other SEO fields',
        },
      ),
      description: attribute(
        'Summary attribute.',
        '`description`, `excerpt` or `summary`; else the SEO meta description',
      ),
      author: attribute('Author attribute, e.g. `author.name`.', 'none'),
      published: documented(
        z.union([z.literal(false), attributeOption()], { error: ATTRIBUTE_MESSAGE }).optional(),
        {
          description:
            'A date attribute with the first publication date, or `false`. (`publishedAt` is not used: Strapi renews it on every publish, so a save that changes nothing would look new.)',
          default: '`firstPublishedAt` when the type has it',
        },
      ),
      section: documented(
        z
          .string({ error: 'must be letters, digits, - and _ (at most 128)' })
          .regex(SECTION, { error: 'must be letters, digits, - and _ (at most 128)' })
          .optional(),
        {
          description:
            "SCP and llms.txt section (llms.txt heads it with the type's display name unless `llmsTxt.sections.titles` names it).",
          default: 'the plural name',
        },
      ),
      usage: documented(usagePreferencesSchema.optional(), {
        description:
          "AI usage preferences for this type's documents, e.g. `{ trainAi: false }` for paid articles: each term set here replaces the site's in their `Content-Usage`.",
        default: "the site's `usage`",
      }),
      llmindex: documented(llmindexMappingSchema.optional(), {
        description:
          "What the type adds to the llmindex `/llm/*` pages and products feed: `{ role: 'about' }`, `{ role: 'policy' }`, `{ role: 'faq', topic? }` or `{ role: 'product', availability, price?, currency?, id?, brand?, category?, imageUrl? }` (values name attributes).",
        default: 'none',
      }),
    },
    'must be true or a mapping object',
  );
}

export const contentTypeMappingSchema = contentTypeMappingOf(true);
/** The mapping as the settings page saves it (JSON: `url` is a pattern or false). */
export const savedContentTypeMappingSchema = contentTypeMappingOf(false);

export type ContentTypeMapping = z.input<typeof contentTypeMappingSchema>;

/** A content type's setting: `true` for the defaults, or a mapping. */
export const contentTypeSettingSchema = z.union([z.literal(true), contentTypeMappingSchema], {
  error: 'must be true or a mapping object',
});

/** A content type's setting as the settings page saves it. */
export const savedContentTypeSettingSchema = z.union(
  [z.literal(true), savedContentTypeMappingSchema],
  { error: 'must be true or a mapping object' },
);

const COMPONENT_UID = /^[a-z0-9-]+\.[a-z0-9-]+$/;
const MAX_COMPONENTS = 500;

/**
 * Per-component overrides, wherever the component is used: `false` leaves it out, `fields`
 * gives its attributes roles (`{ 'shared.button': { fields: { URL: 'link' } } }`).
 */
export const componentOverridesSchema = z
  .record(
    z.string().regex(COMPONENT_UID, { error: 'is not a component UID such as shared.seo' }),
    z.union(
      [
        z.literal(false),
        optionsObject({ fields: fieldRolesSchema.optional() }, 'must be false or { fields }'),
      ],
      { error: 'must be false or { fields: { attribute: role } }' },
    ),
    { error: "must be an object: { 'shared.button': false | { fields } }" },
  )
  .refine((components) => Object.keys(components).length <= MAX_COMPONENTS, {
    error: `at most ${MAX_COMPONENTS} components`,
  });

export type ComponentOverridesSetting = z.input<typeof componentOverridesSchema>;

/** A role for a field, as config/plugins and the settings page spell it. */
export type { FieldRole };

const CONTENT_TYPES_EXAMPLE = "{ 'api::article.article': true | { url, title, body, … } }";

/** Exposed locales: one rule (core's language tags) for config/plugins and the settings page. */
export const localesSchema = z
  .array(languageTagOption('must be a locale code such as en or pt-BR'), {
    error: 'must be a list of 1 to 100 locale codes such as en or pt-BR',
  })
  .min(1, { error: 'must be a list of 1 to 100 locale codes such as en or pt-BR' })
  .max(100, { error: 'must be a list of 1 to 100 locale codes such as en or pt-BR' })
  .refine((codes) => !Array.isArray(codes) || new Set(codes).size === codes.length, {
    error: 'lists a locale twice',
    when: () => true,
  });

const siteShape = siteOptionsSchema.shape;

/** The shared site options, described as the plugin's README has them. */
const pluginSiteSchema = siteOptionsSchema.extend({
  origin: documented(siteShape.origin, {
    description:
      'Public origin every URL is built on, e.g. `https://example.com`. Without it the plugin is not configured (above).',
  }),
  name: documented(siteShape.name, {
    description: 'Site name (llms.txt title, llmindex entity). Here or on the settings page.',
  }),
});

const siteOptions = agentSiteOptionsObject.shape;

/**
 * The `config` of `agent-ready` in `config/plugins.(js|ts)`: the site options every adapter
 * shares, and the plugin's own. The README's settings table is rendered from it.
 */
export const pluginConfigObject = agentSiteOptionsObject.extend({
  site: documented(pluginSiteSchema, optionDocOf(siteOptions.site)!),
  contentTypes: documented(
    z.record(z.string(), contentTypeSettingSchema, {
      error: (issue) =>
        issue.code === 'invalid_type' ? `is required: ${CONTENT_TYPES_EXAMPLE}` : undefined,
    }),
    {
      description:
        'Exposed content types by UID: `true` or a mapping (below). Nothing else is ever read. Here or on the settings page.',
    },
  ),
  pluginContentTypes: documented(
    z
      .array(
        z
          .string()
          .regex(/^plugin::[^.]+\..+$/, { error: 'must be a UID such as plugin::blog.post' }),
        { error: 'must be a list of content type UIDs such as plugin::blog.post' },
      )
      .max(200)
      .optional(),
    {
      description:
        "Other plugins' content types (`plugin::<name>.<type>`) that `contentTypes` may expose: a developer's decision, made here only (plugins keep private data in their types). Strapi's own (users, media library, locales, workflows, releases) are never exposed.",
      default: 'none',
    },
  ),
  locales: documented(localesSchema.optional(), {
    description: 'Exposed locale codes; others are never served.',
    default: 'every locale',
  }),
  components: documented(componentOverridesSchema.optional(), {
    description:
      "Overrides per component, wherever it is used, where the guess is wrong: `false` leaves it out, `{ fields: { attribute: role } }` gives its attributes roles (`heading`, `text`, `markdown`, `html`, `link`, `skip`), e.g. `{ 'shared.button': { fields: { URL: 'link' } }, 'shared.cookie-banner': false }`. Here or on the settings page.",
    default: 'none: read from the schemas',
  }),
  urls: documented(
    optionsObject({
      homeSlugs: documented(
        z
          .array(z.string().min(1).max(200), { error: 'must be a list of slugs' })
          .max(20, { error: 'at most 20 slugs' })
          .optional(),
        {
          description:
            'Slugs of the home page: an entry with one lives at `/{locale}` (or `/`) rather than `/{locale}/{slug}`.',
          default: "`['homepage', 'home']`",
        },
      ),
      localePrefix: documented(oneOf(['always', 'except-default']).optional(), {
        description:
          "`always`: `/{locale}/…` in every locale; `except-default`: the default locale's pages without the prefix (`/about`, `/fr/about`).",
        default: '`always`',
      }),
    }).optional(),
    { description: "How the front end's URLs are formed, site-wide." },
  ),
  media: documented(
    optionsObject({
      baseUrl: documented(httpUrlOption('must be an absolute http(s) URL').optional(), {
        description:
          "Where Strapi's uploads are served from, e.g. `https://cms.example.com`: relative media URLs (`/uploads/…`) are made absolute on it; absolute ones (an upload provider's CDN) are kept. Never the front end's origin, which does not serve them.",
        default: "Strapi's `server.url` when absolute; else media are shown by their alt text only",
      }),
    }).optional(),
    { description: 'Media URLs in the documents.' },
  ),
  tablePrefix: documented(tablePrefixOption.optional(), {
    description: "Prefix of the plugin's tables in Strapi's database.",
    default: '`agent_ready_`',
  }),
  rebuild: documented(
    rebuildOptionsSchema
      .pick({ debounceMs: true, maxDelayMs: true, healIntervalMs: true })
      .optional(),
    { description: 'Artifact rebuild timing: `{ debounceMs?, maxDelayMs?, healIntervalMs? }`.' },
  ),
  revalidateAfterMs: revalidateAfterMsOption,
  reconcile: documented(
    optionsObject({
      onBootstrap: documented(booleanOption().optional(), {
        description:
          'Bring the table in line with the content at every start (first install, settings change, new plugin version, crash).',
        default: '`true`',
      }),
      batchSize: documented(integerOption('must be an integer of at least 1', 1).optional(), {
        description: 'Documents read per query while reconciling.',
        default: '100',
      }),
    }).optional(),
    { description: 'How the table is brought in line with the content.' },
  ),
  rootLink: documented(booleanOption().optional(), {
    description:
      "Decorate `/` as the Express adapter decorates pages: the sitemap and llms.txt `Link`s, `Content-Usage`, and `Accept: text/markdown` answered with the root's Markdown twin.",
    default: '`true`',
  }),
  rootPage: documented(oneOf(['admin-redirect', 'agent-index']).optional(), {
    description:
      "What `/` answers: Strapi's redirect to the admin panel (with the `Link`s), or `agent-index`: a small 200 page carrying the `Link`s and the llms.txt notice, for a Strapi that is itself the public origin (agents need a 2xx root).",
    default: '`admin-redirect`',
  }),
  protect: documented(
    z
      .never({ error: 'is not supported by the Strapi plugin: only public content is exposed' })
      .optional(),
    { description: 'Not supported: the plugin exposes public content only.' },
  ),
  robotsTxt: documented(siteOptions.robotsTxt, {
    description:
      "`{ rules? }`: add to `/robots.txt`: Strapi's own `public/robots.txt` stays first as written, `rules` are merged into its groups (one `User-agent: *` group), the `usage` rules go into that group, the SCP sitemaps become `Sitemap:` lines; without a `public/robots.txt`, `rules` and those lines alone.",
    default: 'off',
  }),
  usage: documented(siteOptions.usage, {
    description:
      "AI usage preferences `{ trainAi?, search? }`: the `Content-Usage` header on every agent endpoint, `Content-Usage:`/`Content-Signal:` lines in the served robots.txt, the policy's purposes. A content type's `usage` overrides it term by term.",
    default: 'none',
  }),
  metrics: documented(siteOptions.metrics, {
    description:
      "`{ stats?: 'public' | 'protected', flushIntervalMs? }`: count agent requests (per day, endpoint kind and agent family; no IP, no per-request row) in memory, written every 30 s and at shutdown. The admin page shows them; `stats: 'public'` also serves `/llm-stats.json` (`protected` answers 404: Strapi has no access hook for it).",
    default: 'off',
  }),
  botAuth: documented(siteOptions.botAuth, {
    description:
      "`{ enabled, gate? }`: verify Web Bot Auth signatures; verified agents are labelled `verified:<host>` in the metrics. `gate: true` refuses (401) a failing signature on agent endpoints; Strapi's own routes are never touched.",
    default: 'off',
  }),
  edge: edgeOption,
  scpObjectStorage: scpObjectStorageOption,
  notify: notifyOption,
});

export const pluginConfigSchema = withScpObjectStorageRule(withSiteOptionRules(pluginConfigObject));

/**
 * config/plugins as loaded: every value present checked as `pluginConfigSchema` wants it, but
 * the required settings may be missing (see REQUIRED_SETTINGS): the plugin then starts "not
 * configured" instead of failing Strapi's start.
 */
export const filePluginConfigSchema = withScpObjectStorageRule(
  withSiteOptionRules(
    pluginConfigObject.extend({
      site: pluginSiteSchema.partial({ origin: true, name: true }).default({}),
      contentTypes: pluginConfigObject.shape.contentTypes.optional(),
    }),
  ),
);

/** The `config` of `agent-ready` in `config/plugins.(js|ts)`. */
export type AgentReadyPluginConfig = Omit<z.input<typeof pluginConfigObject>, 'protect'>;

/** The `config` of config/plugins as loaded: checked, but a required setting may be missing. */
export type FilePluginConfig = Omit<z.output<typeof filePluginConfigSchema>, 'protect'>;
