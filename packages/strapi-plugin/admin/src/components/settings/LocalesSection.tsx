import { Checkbox, Flex, Typography } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import type { SettingsDescription } from '../../api/admin-api-types';
import { getTranslation } from '../../translations/get-translation';
import { Section } from '../Section';

/** The locales served to agents: every one (`null`), or those ticked. None on a site without. */
export function LocalesSection(props: {
  available: SettingsDescription['locales'];
  selected: readonly string[] | null;
  error: string | undefined;
  disabled: boolean;
  onChange(locales: string[] | null): void;
}) {
  const { formatMessage } = useIntl();
  if (props.available.length === 0) return null;
  const allLocales = props.selected === null;
  return (
    <Section
      title={formatMessage({
        id: getTranslation('settings.locales.title'),
        defaultMessage: 'Locales',
      })}
      subtitle={formatMessage({
        id: getTranslation('settings.locales.subtitle'),
        defaultMessage: 'Locales served to agents.',
      })}
    >
      <Checkbox
        name="locales.all"
        checked={allLocales}
        disabled={props.disabled}
        onCheckedChange={(checked) =>
          props.onChange(checked === true ? null : props.available.map((l) => l.code))
        }
      >
        {formatMessage({
          id: getTranslation('settings.locales.all'),
          defaultMessage: 'Every locale',
        })}
      </Checkbox>
      {!allLocales ? (
        <Flex gap={4} wrap="wrap">
          {props.available.map((locale) => (
            <Checkbox
              key={locale.code}
              name={`locales.${locale.code}`}
              disabled={props.disabled}
              checked={props.selected?.includes(locale.code) ?? false}
              onCheckedChange={(checked) => {
                const others = (props.selected ?? []).filter((c) => c !== locale.code);
                props.onChange(checked === true ? [...others, locale.code] : others);
              }}
            >
              {locale.name ?? locale.code}
            </Checkbox>
          ))}
        </Flex>
      ) : null}
      {props.error ? <Typography textColor="danger600">{props.error}</Typography> : null}
    </Section>
  );
}
