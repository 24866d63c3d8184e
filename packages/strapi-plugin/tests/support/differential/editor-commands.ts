import fc from 'fast-check';
import request from 'supertest';
import type { Fixture } from '../fixture-app';
import { resolveValue, type Seeded } from '../seed-documents';
import {
  relationLeaves,
  stringLeaves,
  valueAtPath,
  withValueAt,
  type ContentModel,
  type ModelDocument,
  type ModelLocale,
} from './content-model';
import { ENTRY_POINTS, writeEntry, type EntryPoint, type WriteTarget } from './write-entry';

/**
 * The editor's operations of a differential run, as fast-check model-based commands: edits at
 * every depth (a section's heading, a blocks paragraph, an FAQ answer, a plan's perk), new
 * slugs, sections added, removed and reordered, relations set (added, removed, reordered) and
 * related from the other side, media library edits, publish, unpublish, discard draft, delete a
 * locale or a document, add a locale, a settings change and a restart, each through one of the
 * three entry points real apps use. Every command names what it edits by seed keys and small
 * numbers, so a shrunk failing sequence prints as a case to replay; after each, the world checks
 * every channel against a site built from scratch (`EditorWorld.verify`).
 */

/** What the commands act on; `verify` checks every channel after each command. */
export interface EditorWorld {
  fixture: Fixture;
  seeded: Seeded;
  target(): WriteTarget;
  /** Saves settings variant `n` in the admin panel (0: back to config/plugins). */
  saveSettings(n: number): Promise<void>;
  /** Stops Strapi and starts it again on the same database. */
  restart(): Promise<void>;
  verify(step: string): Promise<void>;
}

/** What a fixture tells the commands about its model. */
export interface EditorCatalog {
  locales: readonly string[];
  /** Attribute names never edited as text (uid fields). */
  slugAttribute: string;
  /** Slugs that must stay (the home page's). */
  fixedSlugs: readonly string[];
  /** Relations editors also set from the other side (a category's articles). */
  reciprocal: readonly { uid: string; attribute: string; target: string }[];
  /** Settings variants the command may save (index 0 is "none"). */
  settingsVariants: number;
  /** Texts an editor writes: words a search finds, identifier-like words, an empty string. */
  texts: readonly string[];
  /** The dynamic zone editors add sections to, and the section they add. */
  zone: { attribute: string; added: Record<string, unknown> };
  /** Relations never set at random (a tree's parent: see `parent`). */
  excludedRelations?: readonly string[];
  /** A pages tree's parent relation: pages move under another page (never under themselves). */
  parent?: string;
}

type Model = ContentModel;
type Command = fc.AsyncCommand<Model, EditorWorld, false>;

/** The attributes of a content type Strapi's REST API refuses to write (private ones). */
function privateAttributes(fixture: Fixture, uid: string): Set<string> {
  const schema = fixture.strapi.contentTypes[uid as never] as unknown as {
    attributes: Record<string, { private?: boolean }>;
  };
  return new Set(
    Object.entries(schema.attributes)
      .filter(([, attribute]) => attribute.private === true)
      .map(([name]) => name),
  );
}

/** A document's live version in one locale, as a command picks it. */
interface Picked {
  document: ModelDocument;
  locale: string;
  version: ModelLocale;
}

/**
 * The `n`th (modulo) live version that `fits`, in a fixed order: commands name their target by a
 * number, so that nearly every command generated applies to the content as it is by then (a
 * random document and locale would mostly name a version that does not exist).
 */
function pick(
  model: Model,
  n: number,
  fits: (picked: Picked) => boolean = () => true,
): Picked | undefined {
  const candidates: Picked[] = [];
  for (const document of model.documents.values()) {
    if (!document.exists) continue;
    for (const [locale, version] of document.locales)
      if (version.exists && fits({ document, locale, version }))
        candidates.push({ document, locale, version });
  }
  return candidates.length === 0 ? undefined : candidates[n % candidates.length];
}

const label = (picked: Picked | undefined) =>
  picked ? `${picked.document.key}@${picked.locale}` : '-';

function draftAndPublish(world: EditorWorld, uid: string): boolean {
  const schema = world.fixture.strapi.contentTypes[uid as never] as unknown as {
    options?: { draftAndPublish?: boolean };
  };
  return schema.options?.draftAndPublish === true;
}

function localized(world: EditorWorld, uid: string): boolean {
  const schema = world.fixture.strapi.contentTypes[uid as never] as unknown as {
    pluginOptions?: { i18n?: { localized?: boolean } };
  };
  return schema.pluginOptions?.i18n?.localized === true;
}

/** Writes `attributes` of one locale, as `via` would, and records it in the model. */
async function writeAttributes(
  world: EditorWorld,
  { document, locale, version }: Picked,
  data: Record<string, unknown>,
  attributes: readonly string[],
  via: EntryPoint,
  publish: boolean,
): Promise<void> {
  const hidden = via === 'rest' ? privateAttributes(world.fixture, document.uid) : new Set();
  const written = Object.fromEntries(
    attributes.filter((name) => !hidden.has(name)).map((name) => [name, data[name]]),
  );
  await writeEntry(world.target(), via, {
    uid: document.uid,
    documentId: world.seeded.documentIds.get(document.key),
    locale: localized(world, document.uid) ? locale : '',
    data: resolveValue(written, world.seeded, locale) as Record<string, unknown>,
    publish,
  });
  version.data = { ...version.data, ...written };
  if (publish || !draftAndPublish(world, document.uid)) version.published = true;
}

class EditText implements Command {
  private picked?: Picked;
  constructor(
    readonly target: number,
    readonly leaf: number,
    readonly text: string,
    readonly via: EntryPoint,
    readonly publish: boolean,
    readonly catalog: EditorCatalog,
  ) {}
  private leaves(version: ModelLocale) {
    return stringLeaves(version.data).filter((path) => path[0] !== this.catalog.slugAttribute);
  }
  check(model: Model) {
    return pick(model, this.target, ({ version }) => this.leaves(version).length > 0) !== undefined;
  }
  async run(model: Model, world: EditorWorld) {
    const picked = pick(model, this.target, ({ version }) => this.leaves(version).length > 0)!;
    this.picked = picked;
    const leaves = this.leaves(picked.version);
    const path = leaves[this.leaf % leaves.length]!;
    const data = withValueAt(picked.version.data, path, this.text);
    await writeAttributes(world, picked, data, [String(path[0])], this.via, this.publish);
    await world.verify(this.toString());
  }
  toString() {
    return `text(${label(this.picked)} #${this.target}/${this.leaf} = ${JSON.stringify(this.text)} via ${this.via}${this.publish ? ' +publish' : ''})`;
  }
}

class EditSlug implements Command {
  private picked?: Picked;
  constructor(
    readonly target: number,
    readonly n: number,
    readonly via: EntryPoint,
    readonly catalog: EditorCatalog,
  ) {}
  private fits = ({ version }: Picked) => {
    const slug = version.data[this.catalog.slugAttribute];
    return typeof slug === 'string' && !this.catalog.fixedSlugs.includes(slug);
  };
  check(model: Model) {
    return pick(model, this.target, this.fits) !== undefined;
  }
  async run(model: Model, world: EditorWorld) {
    const picked = pick(model, this.target, this.fits)!;
    this.picked = picked;
    const attribute = this.catalog.slugAttribute;
    const base = String(picked.version.data[attribute]).replace(/-v\d+$/, '');
    const data = {
      ...picked.version.data,
      [attribute]: this.n === 0 ? base : `${base}-v${this.n}`,
    };
    await writeAttributes(world, picked, data, [attribute], this.via, true);
    await world.verify(this.toString());
  }
  toString() {
    return `slug(${label(this.picked)} #${this.target} v${this.n} via ${this.via})`;
  }
}

const ZONE_ACTIONS = ['reverse', 'drop-first', 'add-cta', 'first-to-last'] as const;
type ZoneAction = (typeof ZONE_ACTIONS)[number];

class EditZone implements Command {
  private picked?: Picked;
  private readonly zone: string;
  constructor(
    readonly target: number,
    readonly action: ZoneAction,
    readonly via: EntryPoint,
    readonly catalog: EditorCatalog,
  ) {
    this.zone = catalog.zone.attribute;
  }
  private fits = ({ version }: Picked) => {
    const zone = version.data[this.zone];
    return Array.isArray(zone) && (this.action === 'add-cta' || zone.length > 0);
  };
  check(model: Model) {
    return pick(model, this.target, this.fits) !== undefined;
  }
  async run(model: Model, world: EditorWorld) {
    const picked = pick(model, this.target, this.fits)!;
    this.picked = picked;
    const zone = structuredClone(picked.version.data[this.zone] as Record<string, unknown>[]);
    const next =
      this.action === 'reverse'
        ? zone.reverse()
        : this.action === 'drop-first'
          ? zone.slice(1)
          : this.action === 'first-to-last'
            ? [...zone.slice(1), zone[0]!]
            : [
                ...zone,
                {
                  __component: 'dynamic-zone.cta',
                  heading: `Section ${zone.length + 1}`,
                  sub_heading: 'Added by an editor.',
                  CTAs: [
                    { text: 'Read more', URL: '/en/blog', target: '_self', variant: 'primary' },
                  ],
                },
              ];
    const data = { ...picked.version.data, [this.zone]: next };
    await writeAttributes(world, picked, data, [this.zone], this.via, true);
    await world.verify(this.toString());
  }
  toString() {
    return `zone(${label(this.picked)} #${this.target} ${this.action} via ${this.via})`;
  }
}

/** A relation's keys as the model holds them (`to(...)`). */
const relationKeys = (value: unknown) => (value as { __seedRelation: string[] }).__seedRelation;

class EditRelation implements Command {
  private picked?: Picked;
  constructor(
    readonly target: number,
    readonly leaf: number,
    readonly choice: number,
    readonly via: EntryPoint,
    readonly catalog: EditorCatalog,
  ) {}
  /** Documents of the related type with a live version in the picked locale. */
  private candidates(model: Model, locale: string, current: string[]): string[] {
    const uid = model.documents.get(current[0] ?? '')?.uid;
    return [...model.documents.values()]
      .filter((d) => d.exists && d.uid === uid && d.locales.get(locale)?.exists === true)
      .map((d) => d.key);
  }
  private relations(model: Model, { locale, version }: Picked) {
    return relationLeaves(version.data).filter((path) => {
      if (this.catalog.excludedRelations?.includes(String(path[path.length - 1]))) return false;
      const keys = relationKeys(valueAtPath(version.data, path));
      return keys.length > 0 && this.candidates(model, locale, keys).length > 0;
    });
  }
  check(model: Model) {
    return pick(model, this.target, (p) => this.relations(model, p).length > 0) !== undefined;
  }
  async run(model: Model, world: EditorWorld) {
    const picked = pick(model, this.target, (p) => this.relations(model, p).length > 0)!;
    this.picked = picked;
    const leaves = this.relations(model, picked);
    const path = leaves[this.leaf % leaves.length]!;
    const current = relationKeys(valueAtPath(picked.version.data, path));
    const candidates = this.candidates(model, picked.locale, current);
    // Reordered, the last taken off, one added (one in place of a single one: it may be a
    // to-one relation), or every candidate: chosen by `choice`.
    const kept = current.filter((key) => candidates.includes(key));
    const other = candidates[this.choice % candidates.length]!;
    const options = [
      [...kept].reverse(),
      kept.slice(0, -1),
      kept.length === 1 ? [other] : [...new Set([...kept, other])],
      kept.length === 1 ? [candidates[(this.choice + 1) % candidates.length]!] : candidates,
    ];
    const keys = options[this.choice % options.length]!;
    const data = withValueAt(picked.version.data, path, { __seedRelation: keys });
    await writeAttributes(world, picked, data, [String(path[0])], this.via, true);
    await world.verify(this.toString());
  }
  toString() {
    return `relation(${label(this.picked)} #${this.target}/${this.leaf} choice ${this.choice} via ${this.via})`;
  }
}

class RelateFromOtherSide implements Command {
  private names = '-';
  constructor(
    readonly owner: number,
    readonly related: number,
    readonly connect: boolean,
    readonly reciprocal: EditorCatalog['reciprocal'][number],
  ) {}
  private pair(model: Model) {
    const owner = pick(model, this.owner, ({ document }) => document.uid === this.reciprocal.uid);
    if (!owner) return undefined;
    const related = pick(
      model,
      this.related,
      ({ document, locale }) => document.uid === this.reciprocal.target && locale === owner.locale,
    );
    return related ? { owner, related } : undefined;
  }
  check(model: Model) {
    return this.pair(model) !== undefined;
  }
  async run(model: Model, world: EditorWorld) {
    const { owner, related } = this.pair(model)!;
    this.names = `${label(owner)}.${this.reciprocal.attribute} ${related.document.key}`;
    const documents = world.fixture.strapi.documents(this.reciprocal.uid as never) as unknown as {
      update(params: Record<string, unknown>): Promise<unknown>;
    };
    const target = {
      documentId: world.seeded.documentIds.get(related.document.key)!,
      locale: related.locale,
    };
    await documents.update({
      documentId: world.seeded.documentIds.get(owner.document.key)!,
      locale: owner.locale,
      data: {
        [this.reciprocal.attribute]: { [this.connect ? 'connect' : 'disconnect']: [target] },
      },
      ...(draftAndPublish(world, this.reciprocal.uid) ? { status: 'published' } : {}),
    });
    await world.verify(this.toString());
  }
  toString() {
    return `${this.connect ? 'connect' : 'disconnect'}(${this.names} #${this.owner}/${this.related})`;
  }
}

class EditMedia implements Command {
  constructor(
    readonly file: string,
    readonly field: 'alternativeText' | 'caption',
    readonly text: string,
  ) {}
  check(model: Model) {
    return model.files.has(this.file);
  }
  async run(model: Model, world: EditorWorld) {
    const file = model.files.get(this.file)!;
    const info = {
      name: file.url.split('/').pop(),
      alternativeText: file.alternativeText ?? null,
      caption: file.caption ?? null,
      [this.field]: this.text,
    };
    // The media library's Save in the admin panel.
    const res = await request(world.fixture.http)
      .post(`/upload?id=${world.seeded.fileIds.get(this.file)}`)
      .set('Authorization', `Bearer ${world.target().adminJwt}`)
      .field('fileInfo', JSON.stringify(info));
    if (res.status !== 200)
      throw new Error(`media library save answered ${res.status}: ${res.text}`);
    file[this.field] = this.text;
    await world.verify(this.toString());
  }
  toString() {
    return `media(${this.file}.${this.field} = ${JSON.stringify(this.text)})`;
  }
}

const LIFECYCLE = ['publish', 'unpublish', 'discard-draft', 'delete-locale', 'delete'] as const;
type Lifecycle = (typeof LIFECYCLE)[number];

class ChangeLifecycle implements Command {
  private picked?: Picked;
  constructor(
    readonly target: number,
    readonly action: Lifecycle,
    readonly via: 'documents' | 'admin',
  ) {}
  private fits = ({ version }: Picked) =>
    this.action === 'unpublish' || this.action === 'discard-draft' ? version.published : true;
  check(model: Model) {
    return pick(model, this.target, this.fits) !== undefined;
  }
  async run(model: Model, world: EditorWorld) {
    const picked = pick(model, this.target, this.fits)!;
    this.picked = picked;
    const { document, locale, version } = picked;
    const dp = draftAndPublish(world, document.uid);
    const i18n = localized(world, document.uid);
    // Without draft & publish, a version is always published: only deletes apply.
    if (!dp && this.action !== 'delete' && this.action !== 'delete-locale') {
      await world.verify(`${this.toString()} (no draft & publish: nothing to do)`);
      return;
    }
    const documentId = world.seeded.documentIds.get(document.key)!;
    const single =
      (world.fixture.strapi.contentTypes[document.uid as never] as { kind?: string }).kind ===
      'singleType';
    if (this.via === 'documents' || single) {
      const documents = world.fixture.strapi.documents(document.uid as never) as unknown as Record<
        string,
        (params: Record<string, unknown>) => Promise<unknown>
      >;
      const locales = i18n ? { locale: this.action === 'delete' ? '*' : locale } : {};
      const method = {
        publish: 'publish',
        unpublish: 'unpublish',
        'discard-draft': 'discardDraft',
        'delete-locale': 'delete',
        delete: 'delete',
      }[this.action];
      await documents[method]!({ ...(single ? {} : { documentId }), ...locales });
    } else {
      const base = `/content-manager/collection-types/${document.uid}/${documentId}`;
      const query = i18n ? `?locale=${locale}` : '';
      const jwt = world.target().adminJwt;
      const action = { publish: 'publish', unpublish: 'unpublish', 'discard-draft': 'discard' };
      const res =
        this.action === 'delete' || this.action === 'delete-locale'
          ? await request(world.fixture.http)
              .delete(`${base}${this.action === 'delete' && i18n ? '?locale=*' : query}`)
              .set('Authorization', `Bearer ${jwt}`)
          : await request(world.fixture.http)
              .post(`${base}/actions/${action[this.action]}${query}`)
              .set('Authorization', `Bearer ${jwt}`)
              .send({});
      if (res.status >= 300)
        throw new Error(`${this.toString()} answered ${res.status}: ${res.text}`);
    }
    if (this.action === 'publish') version.published = true;
    if (this.action === 'unpublish') version.published = false;
    if (this.action === 'delete-locale') version.exists = false;
    if (this.action === 'delete') document.exists = false;
    if (![...document.locales.values()].some((v) => v.exists)) document.exists = false;
    await world.verify(this.toString());
  }
  toString() {
    return `${this.action}(${label(this.picked)} #${this.target} via ${this.via})`;
  }
}

class AddLocale implements Command {
  private picked?: Picked;
  private locale = '';
  constructor(
    readonly target: number,
    readonly text: string,
    readonly catalog: EditorCatalog,
  ) {}
  private missing = ({ document }: Picked) =>
    this.catalog.locales.filter((locale) => document.locales.get(locale)?.exists !== true);
  check(model: Model) {
    return pick(model, this.target, (p) => this.missing(p).length > 0) !== undefined;
  }
  async run(model: Model, world: EditorWorld) {
    const picked = pick(model, this.target, (p) => this.missing(p).length > 0)!;
    this.picked = picked;
    const { document, version } = picked;
    this.locale = this.missing(picked)[0]!;
    if (!localized(world, document.uid)) {
      await world.verify(`${this.toString()} (not localized: nothing to do)`);
      return;
    }
    // A translation: the texts translated (here: one changed), no relation carried over (the
    // related entries may have no version in the new locale yet).
    const data = Object.fromEntries(
      Object.entries(version.data).filter(([, value]) => relationLeaves(value).length === 0),
    );
    const leaves = stringLeaves(data).filter((path) => path[0] !== this.catalog.slugAttribute);
    const translated = leaves.length > 0 ? withValueAt(data, leaves[0]!, this.text) : data;
    const documents = world.fixture.strapi.documents(document.uid as never) as unknown as {
      update(params: Record<string, unknown>): Promise<unknown>;
    };
    await documents.update({
      documentId: world.seeded.documentIds.get(document.key)!,
      locale: this.locale,
      data: resolveValue(translated, world.seeded, this.locale),
      ...(draftAndPublish(world, document.uid) ? { status: 'published' } : {}),
    });
    document.locales.set(this.locale, { data: translated, exists: true, published: true });
    await world.verify(this.toString());
  }
  toString() {
    return `addLocale(${label(this.picked)} -> ${this.locale || '?'} #${this.target})`;
  }
}

/** A page moved under another page of the tree (never under itself or its descendants). */
class MovePage implements Command {
  private names = '-';
  constructor(
    readonly target: number,
    readonly under: number,
    readonly via: EntryPoint,
    readonly catalog: EditorCatalog,
  ) {}
  private parentOf(model: Model, key: string, locale: string): string | undefined {
    const value = model.documents.get(key)?.locales.get(locale)?.data[this.catalog.parent!];
    return (value as { __seedRelation?: string[] } | undefined)?.__seedRelation?.[0];
  }
  private move(model: Model) {
    const page = pick(
      model,
      this.target,
      ({ document, locale }) => this.parentOf(model, document.key, locale) !== undefined,
    );
    if (!page) return undefined;
    const under = pick(model, this.under, ({ document, locale }) => {
      if (locale !== page.locale || document.uid !== page.document.uid) return false;
      // Not itself, not one of its descendants: walk up from the new parent.
      for (let key: string | undefined = document.key; key; key = this.parentOf(model, key, locale))
        if (key === page.document.key) return false;
      return true;
    });
    return under ? { page, under } : undefined;
  }
  check(model: Model) {
    return this.catalog.parent !== undefined && this.move(model) !== undefined;
  }
  async run(model: Model, world: EditorWorld) {
    const { page, under } = this.move(model)!;
    this.names = `${label(page)} under ${under.document.key}`;
    const data = {
      ...page.version.data,
      [this.catalog.parent!]: { __seedRelation: [under.document.key] },
    };
    await writeAttributes(world, page, data, [this.catalog.parent!], this.via, true);
    await world.verify(this.toString());
  }
  toString() {
    return `move(${this.names} #${this.target}/${this.under} via ${this.via})`;
  }
}

class SaveSettings implements Command {
  constructor(readonly variant: number) {}
  check(model: Model) {
    return model.settings !== this.variant;
  }
  async run(model: Model, world: EditorWorld) {
    await world.saveSettings(this.variant);
    model.settings = this.variant;
    await world.verify(this.toString());
  }
  toString() {
    return `settings(${this.variant})`;
  }
}

class Restart implements Command {
  check() {
    return true;
  }
  async run(_model: Model, world: EditorWorld) {
    await world.restart();
    await world.verify(this.toString());
  }
  toString() {
    return 'restart';
  }
}

/** The commands of one fixture, weighted as editors work (text edits most, restarts seldom). */
export function editorCommand(model: Model, catalog: EditorCatalog): fc.Arbitrary<Command> {
  const target = fc.nat({ max: 1000 });
  const text = fc.constantFrom(...catalog.texts);
  const via = fc.constantFrom(...ENTRY_POINTS);
  const files = [...model.files.keys()];
  const weighted: { weight: number; arbitrary: fc.Arbitrary<Command> }[] = [
    {
      weight: 6,
      arbitrary: fc
        .tuple(target, fc.nat({ max: 100 }), text, via, fc.boolean())
        .map(([t, l, x, v, publish]) => new EditText(t, l, x, v, publish, catalog)),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(target, fc.nat({ max: 3 }), via)
        .map(([t, n, v]) => new EditSlug(t, n, v, catalog)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(target, fc.constantFrom(...ZONE_ACTIONS), via)
        .map(([t, a, v]) => new EditZone(t, a, v, catalog)),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(target, fc.nat({ max: 20 }), fc.nat({ max: 40 }), via)
        .map(([t, l, c, v]) => new EditRelation(t, l, c, v, catalog)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(target, fc.constantFrom(...LIFECYCLE), fc.constantFrom('documents', 'admin'))
        .map(([t, a, v]) => new ChangeLifecycle(t, a, v as 'documents' | 'admin')),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(target, text).map(([t, x]) => new AddLocale(t, x, catalog)),
    },
  ];
  if (catalog.parent)
    weighted.push({
      weight: 2,
      arbitrary: fc.tuple(target, target, via).map(([t, u, v]) => new MovePage(t, u, v, catalog)),
    });
  if (files.length > 0)
    weighted.push({
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...files), fc.constantFrom('alternativeText', 'caption'), text)
        .map(([f, field, x]) => new EditMedia(f, field as 'alternativeText' | 'caption', x)),
    });
  for (const reciprocal of catalog.reciprocal)
    weighted.push({
      weight: 1,
      arbitrary: fc
        .tuple(target, target, fc.boolean())
        .map(
          ([owner, related, connect]) =>
            new RelateFromOtherSide(owner, related, connect, reciprocal),
        ),
    });
  if (catalog.settingsVariants > 1)
    weighted.push({
      weight: 1,
      arbitrary: fc.nat({ max: catalog.settingsVariants - 1 }).map((n) => new SaveSettings(n)),
    });
  weighted.push({ weight: 1, arbitrary: fc.constant(new Restart()) });
  return fc.oneof(...weighted);
}
