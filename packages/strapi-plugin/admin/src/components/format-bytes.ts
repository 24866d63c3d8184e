import type { IntlShape } from 'react-intl';
import { getTranslation } from '../translations/get-translation';

/**
 * 1234567 → "1.2 MB" (decimal units, as browsers' network panels show sizes). The unit symbols
 * are messages: French writes octets (o, ko, Mo).
 */
export function formatBytes(intl: IntlShape, bytes: number): string {
  const { formatMessage, formatNumber } = intl;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < 4) {
    value /= 1000;
    unit++;
  }
  const number = formatNumber(value, {
    minimumFractionDigits: unit === 0 ? 0 : 1,
    maximumFractionDigits: unit === 0 ? 0 : 1,
  });
  switch (unit) {
    case 0:
      return formatMessage(
        { id: getTranslation('units.bytes'), defaultMessage: '{number} B' },
        { number },
      );
    case 1:
      return formatMessage(
        { id: getTranslation('units.kilobytes'), defaultMessage: '{number} kB' },
        { number },
      );
    case 2:
      return formatMessage(
        { id: getTranslation('units.megabytes'), defaultMessage: '{number} MB' },
        { number },
      );
    case 3:
      return formatMessage(
        { id: getTranslation('units.gigabytes'), defaultMessage: '{number} GB' },
        { number },
      );
    default:
      return formatMessage(
        { id: getTranslation('units.terabytes'), defaultMessage: '{number} TB' },
        { number },
      );
  }
}

/** 0.1234 → "12.3 %": one decimal, the number in the admin panel's language. */
export function formatPercent(intl: IntlShape, rate: number): string {
  const number = intl.formatNumber(rate * 100, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  return intl.formatMessage(
    { id: getTranslation('units.percent'), defaultMessage: '{number} %' },
    { number },
  );
}
