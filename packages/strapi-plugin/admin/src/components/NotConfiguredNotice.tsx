import { Box, Flex, LinkButton, Typography } from '@strapi/design-system';
import { Cog, WarningCircle } from '@strapi/icons';
import { useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router-dom';
import type { MissingSetting } from '../api/admin-api-types';
import { PLUGIN_ID } from '../plugin/pluginId';
import { getTranslation } from '../translations/get-translation';

/** What a missing setting is, and where to set it. */
function whatAndWhere({ formatMessage }: IntlShape, key: MissingSetting['key']): string {
  switch (key) {
    case 'site.origin':
      return formatMessage({
        id: getTranslation('notConfigured.origin'),
        defaultMessage:
          'the public origin every URL is built on, such as https://example.com. Set it in config/plugins, then restart Strapi.',
      });
    case 'site.name':
      return formatMessage({
        id: getTranslation('notConfigured.name'),
        defaultMessage:
          'the site name, the title of llms.txt. Set it on the settings page, or in config/plugins.',
      });
    case 'contentTypes':
      return formatMessage({
        id: getTranslation('notConfigured.contentTypes'),
        defaultMessage:
          'the content types to expose to agents. Choose them on the settings page, or set them in config/plugins.',
      });
  }
}

/**
 * The notice both pages show while the plugin is not configured: Strapi runs, agents get
 * nothing, and each missing setting with where to set it. The overview page links to the
 * settings page when that page can supply what is missing.
 */
export function NotConfiguredNotice(props: {
  missing: MissingSetting[];
  /** Show a link to the settings page (not on the settings page itself). */
  linkToSettings?: boolean;
}) {
  const intl = useIntl();
  const { formatMessage } = intl;
  const fileOnly = props.missing.filter((setting) => !setting.settableInAdmin);
  const inAdmin = props.missing.filter((setting) => setting.settableInAdmin);
  const title = formatMessage({
    id: getTranslation('notConfigured.title'),
    defaultMessage: 'Agent Ready is not configured yet',
  });
  return (
    <Box
      tag="section"
      aria-label={title}
      background="warning100"
      borderColor="warning200"
      hasRadius
      shadow="filterShadow"
      padding={6}
      data-state="not-configured"
    >
      <Flex direction="column" alignItems="flex-start" gap={3}>
        <Flex gap={2}>
          <WarningCircle fill="warning600" width="2.4rem" height="2.4rem" aria-hidden />
          <Typography variant="beta" tag="h2">
            {title}
          </Typography>
        </Flex>
        <Typography>
          {formatMessage({
            id: getTranslation('notConfigured.intro'),
            defaultMessage:
              'Strapi runs normally, but nothing is served to agents until these settings are set:',
          })}
        </Typography>
        <Flex tag="ul" direction="column" alignItems="flex-start" gap={2} paddingLeft={2}>
          {props.missing.map((setting) => (
            <Typography tag="li" key={setting.key}>
              <Typography fontWeight="bold" tag="code">
                {setting.key}
              </Typography>
              {': '}
              {whatAndWhere(intl, setting.key)}
            </Typography>
          ))}
        </Flex>
        {fileOnly.length > 0 && inAdmin.length > 0 ? (
          <Typography textColor="neutral700">
            {formatMessage(
              {
                id: getTranslation('notConfigured.fileFirst'),
                defaultMessage:
                  'The settings page can save the others once {keys} is set in config/plugins.',
              },
              { keys: fileOnly.map((setting) => setting.key).join(', ') },
            )}
          </Typography>
        ) : null}
        {props.linkToSettings && fileOnly.length === 0 ? (
          <LinkButton tag={Link} to={`/settings/${PLUGIN_ID}`} startIcon={<Cog />}>
            {formatMessage({
              id: getTranslation('notConfigured.openSettings'),
              defaultMessage: 'Open the settings',
            })}
          </LinkButton>
        ) : null}
      </Flex>
    </Box>
  );
}
