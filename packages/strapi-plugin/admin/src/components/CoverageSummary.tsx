import { Badge, Flex, Typography } from '@strapi/design-system';
import { useIntl, type IntlShape } from 'react-intl';
import type { Overview } from '../api/admin-api-types';
import { getTranslation } from '../translations/get-translation';

export type TypeCoverage = NonNullable<Overview['contentTypes'][number]['coverage']>;
export type DropReason = TypeCoverage['dropped'][number]['reason'];

/** Below this share a type's text is short of what agents should get (the server's threshold). */
const WARN_BELOW = 0.8;

/** Why a field gives agents nothing, in the editor's language. */
export function dropReasonLabel({ formatMessage }: IntlShape, reason: DropReason): string {
  switch (reason) {
    case 'private':
      return formatMessage({
        id: getTranslation('drop.private'),
        defaultMessage: 'private: never read',
      });
    case 'password':
      return formatMessage({
        id: getTranslation('drop.password'),
        defaultMessage: 'a password: never read',
      });
    case 'admin-users':
      return formatMessage({
        id: getTranslation('drop.adminUsers'),
        defaultMessage: 'admin users: never read',
      });
    case 'system':
      return formatMessage({
        id: getTranslation('drop.system'),
        defaultMessage: "Strapi's own field",
      });
    case 'type':
      return formatMessage({
        id: getTranslation('drop.type'),
        defaultMessage: 'not prose by its type',
      });
    case 'name':
      return formatMessage({
        id: getTranslation('drop.name'),
        defaultMessage: 'named like a setting (give it a role if it holds text)',
      });
    case 'custom-field':
      return formatMessage({
        id: getTranslation('drop.customField'),
        defaultMessage: 'a custom field of unknown format (give it a role to read it)',
      });
    case 'config':
      return formatMessage({
        id: getTranslation('drop.config'),
        defaultMessage: 'turned off in the settings',
      });
    case 'not-in-body':
      return formatMessage({
        id: getTranslation('drop.notInBody'),
        defaultMessage: 'not in the body list',
      });
    case 'too-deep':
      return formatMessage({
        id: getTranslation('drop.tooDeep'),
        defaultMessage: 'nested too deep to read',
      });
    case 'not-exposed':
      return formatMessage({
        id: getTranslation('drop.notExposed'),
        defaultMessage: 'a relation to a type that is not exposed',
      });
    case 'no-display':
      return formatMessage({
        id: getTranslation('drop.noDisplay'),
        defaultMessage: 'a relation to entries without a name to show',
      });
    case 'seo':
      return formatMessage({
        id: getTranslation('drop.seo'),
        defaultMessage: 'the SEO component (its title, description and canonical URL are used)',
      });
    case 'used':
      return formatMessage({
        id: getTranslation('drop.used'),
        defaultMessage: 'used as the title, description, author, date or URL',
      });
  }
}

/** `83%` on a badge: green when most of the text reaches agents, amber when not. */
export function CoverageBadge({ coverage }: { coverage: TypeCoverage }) {
  const { formatMessage } = useIntl();
  if (coverage.strings === 0) {
    return (
      <Badge>
        {formatMessage({ id: getTranslation('coverage.noText'), defaultMessage: 'no text yet' })}
      </Badge>
    );
  }
  return (
    <Badge variant={coverage.ratio < WARN_BELOW ? 'warning' : 'success'}>
      {formatMessage(
        { id: getTranslation('coverage.percent'), defaultMessage: '{percent}%' },
        { percent: Math.floor(coverage.ratio * 100) },
      )}
    </Badge>
  );
}

/**
 * How much of a type's text reaches agents: the share of its strings found in what agents get,
 * the fields left out and why, and what else is worth knowing (entries not served, canonical
 * URLs ignored).
 */
export function CoverageSummary({ coverage }: { coverage: TypeCoverage }) {
  const intl = useIntl();
  const { formatMessage } = intl;
  return (
    <Flex direction="column" alignItems="stretch" gap={2} data-coverage={coverage.uid}>
      <Flex gap={2} wrap="wrap">
        <CoverageBadge coverage={coverage} />
        <Typography variant="pi" textColor="neutral600">
          {formatMessage(
            {
              id: getTranslation('coverage.counts'),
              defaultMessage:
                '{reached, number} of {strings, number} strings reach agents, in {entries, plural, one {# entry} other {# entries}}{sampled, select, yes { (a sample)} other {}}{pages, select, no {, shown in the pages that refer to them} other {}}.',
            },
            {
              reached: coverage.reached,
              strings: coverage.strings,
              entries: coverage.entries,
              sampled: coverage.sampled ? 'yes' : 'no',
              pages: coverage.pages ? 'yes' : 'no',
            },
          )}
        </Typography>
      </Flex>
      {coverage.dropped.length > 0 ? (
        <ul
          aria-label={formatMessage({
            id: getTranslation('coverage.dropped'),
            defaultMessage: 'Left out',
          })}
        >
          {coverage.dropped.map((field) => (
            <li key={field.path}>
              <Typography variant="pi">
                <code>{field.path}</code>: {dropReasonLabel(intl, field.reason)}
                {field.strings > 0
                  ? formatMessage(
                      {
                        id: getTranslation('coverage.droppedStrings'),
                        defaultMessage: ' ({count, plural, one {# string} other {# strings}})',
                      },
                      { count: field.strings },
                    )
                  : ''}
              </Typography>
            </li>
          ))}
        </ul>
      ) : null}
      {coverage.notes.map((note) => (
        <Typography key={note} variant="pi" textColor="warning600">
          {note}
        </Typography>
      ))}
    </Flex>
  );
}
