import type { ReactNode } from 'react';
import { Box, Flex, Grid } from '@strapi/design-system';
import { useIntl, type IntlShape } from 'react-intl';
import type { ContentTypeChoice, ContentTypeMapping } from '../../api/admin-api-types';
import { getTranslation } from '../../translations/get-translation';
import { ContentTypeHeading } from './ContentTypeHeading';
import { FieldRolesDetails } from './FieldRolesDetails';
import type { ComponentOverrides, Roles } from './FieldRoles';
import { MultiSelectField, SelectField, TextField } from './form-fields';
import { UrlPatternCell } from './UrlPatternCell';

const DEFAULT = '';

/** The mapping as the form edits it: every key a string ('' = default). */
interface MappingDraft {
  url: string;
  /** `url: false`: no pages of its own (shown in the pages that refer to it). */
  noPages: boolean;
  /** The SEO component attribute ('' = found by its fields, OFF = none). */
  seo: string;
  /** Roles of the type's own fields. */
  fields: Roles;
  title: string;
  body: string[];
  description: string;
  author: string;
  published: string;
  section: string;
  /** Keys this form does not edit (llmindex role, usage): kept as they are. */
  kept: Pick<ContentTypeMapping, 'llmindex' | 'usage'>;
}

const OFF = '__off__';

/** The keys of the draft edited by one input each. */
type InputKey = Exclude<keyof MappingDraft, 'noPages' | 'fields' | 'kept'>;

/** One cell of the mapping form's grid: half the row (a third with `col={4}`), all of it on phones. */
function FieldCell({ col = 6, children }: { col?: 4 | 6; children?: ReactNode }) {
  return (
    <Grid.Item col={col} xs={12} direction="column" alignItems="stretch">
      {children}
    </Grid.Item>
  );
}

function draftOf(mapping: ContentTypeMapping | true): MappingDraft {
  const m: ContentTypeMapping = mapping === true ? {} : mapping;
  const { llmindex, usage } = m;
  return {
    kept: {
      ...(llmindex !== undefined ? { llmindex } : {}),
      ...(usage !== undefined ? { usage } : {}),
    },
    url: typeof m.url === 'string' ? m.url : '',
    noPages: m.url === false,
    seo: m.seo === false ? OFF : (m.seo ?? ''),
    fields: { ...(m.fields ?? {}) },
    title: m.title ?? '',
    body: m.body === undefined ? [] : Array.isArray(m.body) ? m.body : [m.body],
    description: m.description ?? '',
    author: m.author ?? '',
    published: m.published === false ? OFF : (m.published ?? ''),
    section: m.section ?? '',
  };
}

/** Back to the config shape: only the keys set; `true` when everything is the default. */
function mappingOf(draft: MappingDraft): ContentTypeMapping | true {
  const mapping: ContentTypeMapping = { ...draft.kept };
  for (const key of ['url', 'title', 'description', 'author', 'section'] as const) {
    if (draft[key].trim() !== '') mapping[key] = draft[key].trim();
  }
  if (draft.noPages) mapping.url = false;
  if (draft.seo === OFF) mapping.seo = false;
  else if (draft.seo !== '') mapping.seo = draft.seo;
  if (Object.keys(draft.fields).length > 0)
    mapping.fields = draft.fields as NonNullable<ContentTypeMapping['fields']>;
  if (draft.body.length === 1) mapping.body = draft.body[0];
  else if (draft.body.length > 1) mapping.body = draft.body;
  if (draft.published === OFF) mapping.published = false;
  else if (draft.published !== '') mapping.published = draft.published;
  return Object.keys(mapping).length === 0 ? true : mapping;
}

/** The choices of the mapping's selects, labelled in the editor's language. */
function mappingOptions({ formatMessage }: IntlShape) {
  const options = (choices: { name: string; type: string }[], defaultLabel: string) => [
    { value: DEFAULT, label: defaultLabel },
    ...choices.map((c) => ({ value: c.name, label: `${c.name} (${c.type})` })),
  ];
  /** "Default", or "Default (title)" naming what the default resolves to now. */
  const defaultLabel = (resolvedTo: string | undefined) =>
    formatMessage(
      {
        id: getTranslation('mapping.default'),
        defaultMessage: 'Default{hasValue, select, yes { ({value})} other {}}',
      },
      { hasValue: resolvedTo === undefined ? 'no' : 'yes', value: resolvedTo },
    );
  const none = formatMessage({ id: getTranslation('mapping.none'), defaultMessage: 'none' });
  /** The options of a key that can also be turned off (saved as `false`): that choice comes last. */
  const optionsOrOff = (
    choices: { name: string; type: string }[],
    resolvedTo: string | undefined,
    offLabel: string,
  ) => [...options(choices, defaultLabel(resolvedTo || none)), { value: OFF, label: offLabel }];
  return { options, defaultLabel, none, optionsOrOff };
}

/** One content type: exposed or not, and how its fields map onto agent documents. */
export function ContentTypeFields(props: {
  type: ContentTypeChoice;
  mapping: ContentTypeMapping | true | undefined;
  onChange(mapping: ContentTypeMapping | true | undefined): void;
  errors: Record<string, string>;
  disabled: boolean;
  /** Component overrides (site-wide: a component's roles apply wherever it is used). */
  components: ComponentOverrides;
  onComponentsChange(components: ComponentOverrides): void;
}) {
  const intl = useIntl();
  const { formatMessage } = intl;
  const { type, mapping } = props;
  const key = (name?: string) => ['contentTypes', type.uid, ...(name ? [name] : [])].join('.');
  const error = (name: string) =>
    props.errors[key(name)] ??
    Object.entries(props.errors).find(([k]) => k.startsWith(`${key(name)}.`))?.[1];
  const draft = mapping === undefined ? undefined : draftOf(mapping);
  const set = (patch: Partial<MappingDraft>) => props.onChange(mappingOf({ ...draft!, ...patch }));
  /** What each input of the draft is given: its name, value and error, and how it updates the draft. */
  const bound = <K extends InputKey>(name: K) => ({
    name: key(name),
    value: draft![name],
    error: error(name),
    disabled: props.disabled,
    onChange: (value: MappingDraft[K]) => set({ [name]: value } as Partial<MappingDraft>),
  });
  const resolved = type.resolved;
  const { options, defaultLabel, none, optionsOrOff } = mappingOptions(intl);
  return (
    <Box
      padding={4}
      hasRadius
      borderColor={draft ? 'primary200' : 'neutral200'}
      background={draft ? 'primary100' : 'neutral100'}
      data-content-type={type.uid}
    >
      <Flex direction="column" alignItems="stretch" gap={4}>
        <ContentTypeHeading
          type={type}
          error={props.errors[key()]}
          toggleName={key('exposed')}
          exposed={draft !== undefined}
          disabled={props.disabled}
          onToggle={() => props.onChange(draft ? undefined : true)}
        />
        {draft ? (
          <Grid.Root gap={4}>
            <UrlPatternCell
              urlInput={{ ...bound('url'), disabled: props.disabled || draft.noPages }}
              noPages={draft.noPages}
              noPagesName={key('noPages')}
              resolvedUrl={resolved?.url}
              disabled={props.disabled}
              onNoPagesChange={(noPages) => set({ noPages })}
            />
            <FieldCell>
              <SelectField
                label={formatMessage({
                  id: getTranslation('mapping.title'),
                  defaultMessage: 'Title',
                })}
                {...bound('title')}
                options={options(type.choices.text, defaultLabel(resolved?.title))}
              />
            </FieldCell>
            <FieldCell>
              <MultiSelectField
                label={formatMessage({
                  id: getTranslation('mapping.body.label'),
                  defaultMessage: 'Body',
                })}
                {...bound('body')}
                placeholder={defaultLabel(resolved && (resolved.body.join(', ') || none))}
                options={type.choices.body.map((c) => ({
                  value: c.name,
                  label: `${c.name} (${c.type})`,
                }))}
                hint={formatMessage({
                  id: getTranslation('mapping.body.hint'),
                  defaultMessage:
                    'By default every field holding text, in schema order: text, rich text, blocks, components and dynamic zones with their headings, labels, lists and links, media alt texts, related entries. Pick fields to keep only those.',
                })}
              />
            </FieldCell>
            <FieldCell>
              <SelectField
                label={formatMessage({
                  id: getTranslation('mapping.description'),
                  defaultMessage: 'Description',
                })}
                {...bound('description')}
                options={options(type.choices.text, defaultLabel(resolved?.description || none))}
              />
            </FieldCell>
            <FieldCell>
              <SelectField
                label={formatMessage({
                  id: getTranslation('mapping.seo.label'),
                  defaultMessage: 'SEO component',
                })}
                {...bound('seo')}
                options={optionsOrOff(
                  type.choices.component,
                  resolved?.seo,
                  formatMessage({ id: getTranslation('mapping.seo.off'), defaultMessage: 'None' }),
                )}
                hint={formatMessage({
                  id: getTranslation('mapping.seo.hint'),
                  defaultMessage:
                    "Its meta title and description are the entry's when it has none of its own; its canonical URL, on the public site, is the page's URL.",
                })}
              />
            </FieldCell>
            <FieldCell />
            <FieldCell col={4}>
              <TextField
                label={formatMessage({
                  id: getTranslation('mapping.author.label'),
                  defaultMessage: 'Author',
                })}
                {...bound('author')}
                placeholder={formatMessage(
                  {
                    id: getTranslation('mapping.author.placeholder'),
                    defaultMessage: 'e.g. {example}',
                  },
                  { example: 'author.name' },
                )}
              />
            </FieldCell>
            <FieldCell col={4}>
              <SelectField
                label={formatMessage({
                  id: getTranslation('mapping.published.label'),
                  defaultMessage: 'First published',
                })}
                {...bound('published')}
                options={optionsOrOff(
                  type.choices.date,
                  resolved?.published,
                  formatMessage({
                    id: getTranslation('mapping.published.off'),
                    defaultMessage: 'None',
                  }),
                )}
              />
            </FieldCell>
            <FieldCell col={4}>
              <TextField
                label={formatMessage({
                  id: getTranslation('mapping.section.label'),
                  defaultMessage: 'Section',
                })}
                {...bound('section')}
                placeholder={
                  resolved?.section ??
                  formatMessage({
                    id: getTranslation('mapping.section.placeholder'),
                    defaultMessage: 'plural name',
                  })
                }
                hint={formatMessage({
                  id: getTranslation('mapping.section.hint'),
                  defaultMessage: 'SCP and llms.txt section.',
                })}
              />
            </FieldCell>
          </Grid.Root>
        ) : null}
        {draft && resolved ? (
          <FieldRolesDetails
            uid={type.uid}
            resolved={resolved}
            roles={draft.fields}
            onRolesChange={(fields) => set({ fields })}
            components={props.components}
            onComponentsChange={props.onComponentsChange}
            disabled={props.disabled}
          />
        ) : null}
      </Flex>
    </Box>
  );
}
