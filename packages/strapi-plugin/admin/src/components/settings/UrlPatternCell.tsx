import { Checkbox, Flex, Grid, Typography } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import type { ContentTypeChoice } from '../../api/admin-api-types';
import { getTranslation } from '../../translations/get-translation';
import { TextField } from './form-fields';

type ResolvedUrl = NonNullable<ContentTypeChoice['resolved']>['url'] | undefined;

/**
 * Where a content type's pages are on the public site: its URL pattern (not editable when a
 * function in config/plugins sets it), or no pages of its own.
 */
export function UrlPatternCell(props: {
  urlInput: {
    name: string;
    value: string;
    error: string | undefined;
    disabled: boolean;
    onChange(value: string): void;
  };
  noPages: boolean;
  noPagesName: string;
  resolvedUrl: ResolvedUrl;
  disabled: boolean;
  onNoPagesChange(noPages: boolean): void;
}) {
  const { formatMessage } = useIntl();
  return (
    <Grid.Item col={6} xs={12} direction="column" alignItems="stretch">
      {props.resolvedUrl === 'function' && props.urlInput.value === '' && !props.noPages ? (
        <Flex direction="column" alignItems="flex-start" gap={1}>
          <Typography variant="pi" fontWeight="bold">
            {formatMessage({
              id: getTranslation('mapping.url.label'),
              defaultMessage: 'Page URL pattern',
            })}
          </Typography>
          <Typography variant="pi" textColor="neutral600">
            {formatMessage({
              id: getTranslation('mapping.url.function'),
              defaultMessage:
                'Set by a function in config/plugins: not editable here (a pattern saved here would replace it).',
            })}
          </Typography>
        </Flex>
      ) : (
        <TextField
          label={formatMessage({
            id: getTranslation('mapping.url.label'),
            defaultMessage: 'Page URL pattern',
          })}
          {...props.urlInput}
          placeholder={
            typeof props.resolvedUrl === 'string' && props.resolvedUrl !== 'function'
              ? props.resolvedUrl
              : '/{locale}/{slug}'
          }
          hint={formatMessage(
            {
              id: getTranslation('mapping.url.hint'),
              defaultMessage:
                'Path on the public site: {placeholders}. A page whose slug is homepage or home is at {root}.',
            },
            {
              placeholders: '{slug}, {category.slug}, {fullPath*}, {documentId}, {locale}',
              root: '/{locale} or /',
            },
          )}
        />
      )}
      <Checkbox
        name={props.noPagesName}
        checked={props.noPages}
        disabled={props.disabled}
        onCheckedChange={(checked) => props.onNoPagesChange(checked === true)}
      >
        {formatMessage({
          id: getTranslation('mapping.noPages'),
          defaultMessage:
            'No pages of its own (FAQs, testimonials): shown in the pages that refer to it',
        })}
      </Checkbox>
      {props.resolvedUrl === false && !props.noPages && props.urlInput.value === '' ? (
        <Typography variant="pi" textColor="neutral600">
          {formatMessage({
            id: getTranslation('mapping.url.none'),
            defaultMessage:
              'It has no uid or path field: without a pattern it has no pages of its own.',
          })}
        </Typography>
      ) : null}
    </Grid.Item>
  );
}
