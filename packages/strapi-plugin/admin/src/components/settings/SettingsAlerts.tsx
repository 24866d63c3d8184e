import { Alert } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import { getTranslation } from '../../translations/get-translation';

/** What the settings page must say first: saved settings ignored, a save refused, read-only. */
export function SettingsAlerts(props: {
  ignored: string | undefined;
  errors: Record<string, string>;
  onCloseErrors(): void;
  readOnly: boolean;
}) {
  const { formatMessage } = useIntl();
  const errorList = Object.entries(props.errors);
  const closeLabel = formatMessage({
    id: getTranslation('settings.close'),
    defaultMessage: 'Close',
  });
  return (
    <>
      {props.ignored ? (
        <Alert
          variant="warning"
          closeLabel={closeLabel}
          title={formatMessage({
            id: getTranslation('settings.ignored.title'),
            defaultMessage: 'Saved settings ignored',
          })}
        >
          {formatMessage(
            {
              id: getTranslation('settings.ignored.body'),
              defaultMessage:
                'They do not fit this Strapi any more: {why}. Save again to replace them.',
            },
            { why: props.ignored },
          )}
        </Alert>
      ) : null}
      {errorList.length > 0 ? (
        <Alert
          variant="danger"
          closeLabel={closeLabel}
          title={formatMessage({
            id: getTranslation('settings.notSaved'),
            defaultMessage: 'Not saved',
          })}
          onClose={props.onCloseErrors}
        >
          {errorList
            .map(
              ([path, message]) =>
                `${
                  path ||
                  formatMessage({
                    id: getTranslation('settings.notSaved.whole'),
                    defaultMessage: 'settings',
                  })
                }: ${message}`,
            )
            .join(' · ')}
        </Alert>
      ) : null}
      {props.readOnly ? (
        <Alert
          variant="default"
          closeLabel={closeLabel}
          title={formatMessage({
            id: getTranslation('settings.readOnly.title'),
            defaultMessage: 'Read only',
          })}
        >
          {formatMessage({
            id: getTranslation('settings.readOnly.body'),
            defaultMessage: 'Your role may see these settings but not change them.',
          })}
        </Alert>
      ) : null}
    </>
  );
}
