/**
 * Which listed instrument a chart's title or legend names: 'EURUSD,H4', 'EUR/USD · 4h · FXCM',
 * 'Gold Spot / U.S. Dollar', 'BTCUSDT', a broker's 'EURUSD.m' or 'XAUUSD+'. Pure text work;
 * the OCR and the price check are in read-symbol.ts.
 */
import { INSTRUMENTS } from '../../shared/instruments.js';

const LISTED = new Set(INSTRUMENTS.map((i) => i.symbol));

/** Other names platforms and brokers give the listed instruments (one word, letters and digits only). */
const ALIASES: Record<string, string> = {
  GOLD: 'XAUUSD',
  XAUUSDT: 'XAUUSD',
  SILVER: 'XAGUSD',
  BITCOIN: 'BTCUSD',
  XBTUSD: 'BTCUSD',
  ETHEREUM: 'ETHUSD',
  DJI: 'US30',
  DJ30: 'US30',
  WS30: 'US30',
  DOW30: 'US30',
  USA30: 'US30',
  SPX: 'US500',
  SPX500: 'US500',
  SP500: 'US500',
  USA500: 'US500',
  NDX: 'NAS100',
  USTEC: 'NAS100',
  US100: 'NAS100',
  NASDAQ100: 'NAS100',
  DAX: 'GER40',
  DAX40: 'GER40',
  DE40: 'GER40',
  GER30: 'GER40',
  DE30: 'GER40',
  FTSE: 'UK100',
  FTSE100: 'UK100',
  NIKKEI: 'JP225',
  NIKKEI225: 'JP225',
  JPN225: 'JP225',
};

/** Currencies and metals by the names in TradingView's long titles ('Euro / U.S. Dollar'). */
const NAMED: [RegExp, string][] = [
  [/GOLD(?:\s*SPOT)?/, 'XAU'],
  [/SILVER(?:\s*SPOT)?/, 'XAG'],
  [/EURO(?!PE)/, 'EUR'],
  [/U\.?\s*S\.?\s*DOLLAR/, 'USD'],
  [/BRITISH\s*POUND/, 'GBP'],
  [/JAPANESE\s*YEN/, 'JPY'],
  [/SWISS\s*FRANC/, 'CHF'],
  [/CANADIAN\s*DOLLAR/, 'CAD'],
  [/AUSTRALIAN\s*DOLLAR/, 'AUD'],
  [/NEW\s*ZEALAND\s*DOLLAR/, 'NZD'],
];

/** The one currency or metal a piece of a long name names, or null (none, or two: no telling which). */
function namedIn(text: string): string | null {
  const hits = NAMED.filter(([pattern]) => pattern.test(text));
  return hits.length === 1 ? (hits[0]?.[1] ?? null) : null;
}

/** Symbols long enough to find inside a run of text: six letters or more. */
const GLUED = [...LISTED].filter((s) => s.length >= 6);

/** Other names found the same way, when they are words of four capitals or more ('GOLD-CFD'). */
const GLUED_ALIASES = Object.keys(ALIASES).filter((a) => a.length >= 4 && /^[A-Z]+$/.test(a));

/** Quote currencies of crypto exchanges that stand for the US dollar ('BTCUSDT' is Bitcoin in USD). */
const USD_LIKE = /(?:USDT|USDC|BUSD)$/;

/**
 * What brokers append to a symbol: a separator and a short tag ('.m', '.pro', '-ecn', '_i', '#',
 * '+'), or a short lower-case tag written straight after it ('EURUSDm', 'EURUSDpro'). Upper-case
 * letters straight after are refused: 'EURUSDT' is no broker's EURUSD.
 */
const SUFFIX = /^(?:[.+#_-][A-Za-z0-9]{0,5}[+#]?|[a-z]{1,5}|[+#]+)$/;

/** The listed instrument one word names, or null. */
export function symbolOfWord(word: string): string | null {
  const bare = word.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9+#]+$/g, '');
  if (bare.length < 3) return null;
  const upper = bare.toUpperCase();
  const compact = upper.replace(/[/_-]/g, '');
  if (LISTED.has(compact)) return compact;
  if (ALIASES[compact]) return ALIASES[compact] ?? null;
  const usd = compact.replace(USD_LIKE, 'USD');
  if (usd !== compact) {
    const found = INSTRUMENTS.find((i) => i.symbol === usd);
    if (found && (found.class === 'crypto' || found.class === 'metal')) return found.symbol;
  }
  // A listed symbol followed by a broker's suffix (matched on the word as written: case matters).
  const slashless = bare.replace(/^([A-Za-z]{3})[/_-]([A-Za-z]{3})/, '$1$2');
  for (const symbol of [...LISTED, ...Object.keys(ALIASES)]) {
    if (slashless.length > symbol.length && slashless.slice(0, symbol.length).toUpperCase() === symbol) {
      // The symbol's own letters must be written in capitals for a lower-case tag to follow them.
      if (SUFFIX.test(slashless.slice(symbol.length)) && slashless.slice(0, symbol.length) === symbol) {
        return LISTED.has(symbol) ? symbol : (ALIASES[symbol] ?? null);
      }
    }
  }
  return null;
}

/**
 * Every listed instrument a text names, each once, in the order found: by words ('EURUSD,H4',
 * 'XAUUSD+'), by pairs written apart ('EUR / USD', 'BTC/USDT'), and by long names ('Gold Spot /
 * U.S. Dollar', 'Euro / U.S. Dollar').
 */
export function symbolsInText(text: string): string[] {
  const found: string[] = [];
  const add = (symbol: string | null) => {
    if (symbol && !found.includes(symbol)) found.push(symbol);
  };
  for (const line of text.split('\n')) {
    // Words end at spaces, commas, middle dots, bars, colons and brackets ('EURUSD,H4', 'EUR/USD·4h').
    const words = line.split(/[\s,;:|()[\]{}·•]+/).filter(Boolean);
    for (const word of words) add(symbolOfWord(word));
    // A pair written as two codes apart: 'EUR / USD', 'BTC /USDT'.
    for (const m of line.matchAll(/(?<![A-Za-z])([A-Z]{3})\s*\/\s*([A-Z]{3,4})(?![A-Za-z])/g)) {
      add(symbolOfWord(`${m[1]}${m[2]}`));
    }
    // Long names: '<name> / <name>' or '<name> vs <name>', each side a currency or metal in words.
    const upper = line.toUpperCase();
    for (const separator of [/\s*\/\s*/, /\s*\bVS\.?\s*/]) {
      const parts = upper.split(separator);
      for (let k = 0; k + 1 < parts.length; k++) {
        // The name just before the separator and just after it (the words that touch it).
        const base = namedIn((parts[k] ?? '').slice(-24));
        const quote = namedIn((parts[k + 1] ?? '').slice(0, 24));
        if (base && quote && LISTED.has(`${base}${quote}`)) add(`${base}${quote}`);
      }
    }
    // Symbols run into the text around them ('wXAUUSD,H1' after a window icon): a listed symbol in
    // capitals with no capital letter either side.
    for (const symbol of GLUED) if (new RegExp(`(?<![A-Z])${symbol}(?![A-Z])`).test(line)) add(symbol);
    // Names in capitals with no letter either side ('GOLD-CFD', 'GOLD, 1D').
    for (const alias of GLUED_ALIASES)
      if (new RegExp(`(?<![A-Za-z])${alias}(?![A-Za-z])`).test(line)) add(ALIASES[alias] ?? null);
  }
  return found;
}
