import type { TradeFigures } from '../../../shared/journal';

/** The minus sign (U+2212), which reads as "minus" and lines up with the plus. */
export const MINUS = '\u2212';

function fixed(value: number, digits: number): { sign: -1 | 0 | 1; text: string } {
  const text = Math.abs(value).toFixed(digits);
  // -0.001 printed at two decimals is 0.00, with no sign.
  const zero = Number(text) === 0;
  return { sign: zero ? 0 : value < 0 ? -1 : 1, text };
}

/** A figure with its sign always shown: +2.00, −1.00, 0.00. */
export function signed(value: number, digits: number): string {
  const { sign, text } = fixed(value, digits);
  return sign === 1 ? `+${text}` : sign === -1 ? `${MINUS}${text}` : text;
}

/** A figure with a sign only when below zero: 1.25, −1.00. */
export function plain(value: number, digits: number): string {
  const { sign, text } = fixed(value, digits);
  return sign === -1 ? `${MINUS}${text}` : text;
}

export const formatR = (r: number, sign: 'always' | 'negative' = 'always') =>
  `${sign === 'always' ? signed(r, 2) : plain(r, 2)} R`;
export const formatPips = (figures: Pick<TradeFigures, 'pips' | 'pipUnit'>) =>
  `${signed(figures.pips, 1)} ${figures.pipUnit}`;
export const formatMoney = (money: number, approximate = false) => `${approximate ? '≈ ' : ''}${signed(money, 2)} USD`;
export const formatRate = (rate: number) => `${Math.round(rate * 100)}%`;

const dateTimeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

/** A price as the trader typed it: no rounding, no trailing zeros added. */
export const formatPrice = (price: number | null) => (price === null ? '—' : String(price));
