import { useIntl } from 'react-intl';
import type { RuntimeSettings } from '../../api/admin-api-types';
import { getTranslation } from '../../translations/get-translation';
import { SelectField } from './form-fields';

type TctProfileName = NonNullable<RuntimeSettings['tct']['profile']>;

/** The TCT wire profile M-URLs and the JSON sitemap are served in. */
export function TctProfileField(props: {
  profile: TctProfileName;
  onChange(profile: TctProfileName): void;
  error?: string;
  disabled: boolean;
}) {
  const { formatMessage } = useIntl();
  return (
    <SelectField
      label={formatMessage({
        id: getTranslation('settings.tct.profile'),
        defaultMessage: 'TCT profile',
      })}
      name="tct.profile"
      value={props.profile}
      hint={formatMessage({
        id: getTranslation('settings.tct.profile.hint'),
        defaultMessage:
          'Changing it re-renders every document in the background; agents re-fetch what they had.',
      })}
      error={props.error}
      disabled={props.disabled}
      options={[
        {
          value: 'tct-1',
          label: formatMessage({
            id: getTranslation('settings.tct.profile.tct1'),
            defaultMessage: 'tct-1 (drafts -00 and -01)',
          }),
        },
        {
          value: 'tct-03',
          label: formatMessage({
            id: getTranslation('settings.tct.profile.tct03'),
            defaultMessage: 'tct-03 (draft -03)',
          }),
        },
      ]}
      onChange={(value) => props.onChange(value === 'tct-03' ? 'tct-03' : 'tct-1')}
    />
  );
}
