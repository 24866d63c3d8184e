import {
  Checkbox,
  SingleSelect,
  SingleSelectOption,
  Table,
  Tbody,
  Td,
  Tr,
  Typography,
} from '@strapi/design-system';
import { useIntl, type IntlShape } from 'react-intl';
import type { ContentTypeChoice, RuntimeSettings } from '../../api/admin-api-types';
import { getTranslation } from '../../translations/get-translation';
import { dropReasonLabel } from '../CoverageSummary';
import { TableHead } from '../TableHead';

type FieldDescription = NonNullable<ContentTypeChoice['resolved']>['fields'][number];
export type Roles = Record<string, string>;
export type ComponentOverrides = RuntimeSettings['components'];

/** A role as config/plugins and the settings save it (the server's FieldRole). */
type FieldRole = FieldDescription['roles'][number];

const AUTO = '__auto__';

/** What a field becomes, in the editor's language. */
function becomesLabel(intl: IntlShape, field: FieldDescription): string {
  const { formatMessage } = intl;
  switch (field.becomes) {
    case 'heading':
      return formatMessage({
        id: getTranslation('fields.becomes.heading'),
        defaultMessage: 'heading',
      });
    case 'text':
      return formatMessage({ id: getTranslation('fields.becomes.text'), defaultMessage: 'text' });
    case 'number':
      return formatMessage({
        id: getTranslation('fields.becomes.number'),
        defaultMessage: 'number with its label',
      });
    case 'media':
      return formatMessage({
        id: getTranslation('fields.becomes.media'),
        defaultMessage: 'image or file (alt text, caption, URL)',
      });
    case 'link':
      return formatMessage({
        id: getTranslation('fields.becomes.link'),
        defaultMessage: "the URL of its component's link",
      });
    case 'section':
      return formatMessage({
        id: getTranslation('fields.becomes.section'),
        defaultMessage: 'section',
      });
    case 'list':
      return formatMessage({ id: getTranslation('fields.becomes.list'), defaultMessage: 'list' });
    case 'sections':
      return formatMessage({
        id: getTranslation('fields.becomes.sections'),
        defaultMessage: 'sections, in order',
      });
    case 'links':
      return formatMessage({
        id: getTranslation('fields.becomes.links'),
        defaultMessage: 'names linked to their pages',
      });
    case 'names':
      return formatMessage({ id: getTranslation('fields.becomes.names'), defaultMessage: 'names' });
    case 'folded':
      return formatMessage({
        id: getTranslation('fields.becomes.folded'),
        defaultMessage: 'their content, shown in place',
      });
    case 'dropped':
      return field.reason
        ? dropReasonLabel(intl, field.reason)
        : formatMessage({
            id: getTranslation('fields.becomes.dropped'),
            defaultMessage: 'left out',
          });
  }
}

function roleLabel({ formatMessage }: IntlShape, role: FieldRole): string {
  switch (role) {
    case 'heading':
      return formatMessage({
        id: getTranslation('fields.role.heading'),
        defaultMessage: 'Heading',
      });
    case 'text':
      return formatMessage({ id: getTranslation('fields.role.text'), defaultMessage: 'Text' });
    case 'markdown':
      return formatMessage({
        id: getTranslation('fields.role.markdown'),
        defaultMessage: 'Markdown',
      });
    case 'html':
      return formatMessage({ id: getTranslation('fields.role.html'), defaultMessage: 'HTML' });
    case 'link':
      return formatMessage({ id: getTranslation('fields.role.link'), defaultMessage: 'Link URL' });
    case 'skip':
      return formatMessage({ id: getTranslation('fields.role.skip'), defaultMessage: 'Leave out' });
  }
}

/**
 * Every field the extraction meets for one type, what it becomes, and a role to give it where
 * the guess is wrong: the type's own fields (`contentTypes[uid].fields`), or a component's,
 * wherever that component is used (`components[uid].fields`). A component can be left out
 * everywhere. Fields of related entries shown in place take the roles of their own type.
 */
export function FieldRoles(props: {
  uid: string;
  fields: FieldDescription[];
  roles: Roles;
  onRolesChange(roles: Roles): void;
  components: ComponentOverrides;
  onComponentsChange(components: ComponentOverrides): void;
  disabled: boolean;
}) {
  const intl = useIntl();
  const { formatMessage } = intl;
  const { components } = props;
  const seenComponents = new Set<string>();
  const roleOf = (field: FieldDescription): string => {
    if (field.component) {
      const override = components[field.component];
      return (override && override.fields?.[field.name]) || AUTO;
    }
    return props.roles[field.name] ?? AUTO;
  };
  const setRole = (field: FieldDescription, value: string) => {
    if (field.component) {
      const existing = components[field.component];
      const fields = { ...(existing ? existing.fields : {}) };
      if (value === AUTO) delete fields[field.name];
      else fields[field.name] = value as FieldRole;
      const next = { ...components };
      if (Object.keys(fields).length === 0) delete next[field.component];
      else next[field.component] = { fields };
      props.onComponentsChange(next);
      return;
    }
    const roles = { ...props.roles };
    if (value === AUTO) delete roles[field.name];
    else roles[field.name] = value;
    props.onRolesChange(roles);
  };
  const autoLabel = formatMessage({
    id: getTranslation('fields.role.auto'),
    defaultMessage: 'As guessed',
  });
  return (
    <Table colCount={3} rowCount={props.fields.length + 1}>
      <TableHead
        columns={[
          formatMessage({
            id: getTranslation('fields.column.field'),
            defaultMessage: 'Field',
          }),
          formatMessage({
            id: getTranslation('fields.column.becomes'),
            defaultMessage: 'Becomes',
          }),
          formatMessage({ id: getTranslation('fields.column.role'), defaultMessage: 'Role' }),
        ]}
      />
      <Tbody>
        {props.fields.flatMap((field) => {
          const rows = [];
          const component = field.component;
          if (component && !seenComponents.has(component)) {
            seenComponents.add(component);
            rows.push(
              <Tr key={`${field.path} component`}>
                <Td colSpan={3}>
                  <Checkbox
                    name={`components.${component}`}
                    checked={components[component] === false}
                    disabled={props.disabled}
                    onCheckedChange={(checked) => {
                      const next = { ...components };
                      if (checked === true) next[component] = false;
                      else delete next[component];
                      props.onComponentsChange(next);
                    }}
                  >
                    {formatMessage(
                      {
                        id: getTranslation('fields.component.leaveOut'),
                        defaultMessage: 'Leave out the component {uid} wherever it is used',
                      },
                      { uid: component },
                    )}
                  </Checkbox>
                </Td>
              </Tr>,
            );
          }
          // The server says which roles apply (none: never read, used elsewhere, set elsewhere).
          const fixed = field.roles.length === 0;
          rows.push(
            <Tr key={field.path} data-field={field.path}>
              <Td>
                <Typography variant="pi">
                  <code>{field.path}</code>
                </Typography>
              </Td>
              <Td>
                <Typography
                  variant="pi"
                  textColor={field.becomes === 'dropped' ? 'neutral500' : 'neutral800'}
                >
                  {becomesLabel(intl, field)}
                </Typography>
              </Td>
              <Td>
                {fixed ? (
                  <Typography variant="pi" textColor="neutral500">
                    {field.folded
                      ? formatMessage(
                          {
                            id: getTranslation('fields.role.ofType'),
                            defaultMessage: 'set on {uid}',
                          },
                          { uid: field.folded },
                        )
                      : '—'}
                  </Typography>
                ) : (
                  <SingleSelect
                    aria-label={formatMessage(
                      {
                        id: getTranslation('fields.role.label'),
                        defaultMessage: 'Role of {field}',
                      },
                      { field: field.path },
                    )}
                    name={`${props.uid}.${field.path}.role`}
                    size="S"
                    value={roleOf(field)}
                    disabled={props.disabled}
                    onChange={(value) => setRole(field, String(value))}
                  >
                    <SingleSelectOption value={AUTO}>{autoLabel}</SingleSelectOption>
                    {field.roles.map((role) => (
                      <SingleSelectOption key={role} value={role}>
                        {roleLabel(intl, role)}
                      </SingleSelectOption>
                    ))}
                  </SingleSelect>
                )}
              </Td>
            </Tr>,
          );
          return rows;
        })}
      </Tbody>
    </Table>
  );
}
