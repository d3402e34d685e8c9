import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '@gp/i18n/format';
import layout from './layout.module.css';

// A column squeezed by its neighbours must not break "119.000 ₫" or "SGD 6.98" over two lines.
const oneLine = layout.nowrap;

/** An amount in minor units of its currency, in the console language, always on one line. */
export function Money({ minor, currency, exponent }: { minor: number; currency: string; exponent: number }) {
  const { i18n } = useTranslation();
  return <span className={oneLine}>{formatMoney(minor, currency, exponent, i18n.language)}</span>;
}

/** A count (credit, units) with the console language's grouping, always on one line. */
export function Count({ value }: { value: number }) {
  const { i18n } = useTranslation();
  return <span className={oneLine}>{formatNumber(value, i18n.language)}</span>;
}
