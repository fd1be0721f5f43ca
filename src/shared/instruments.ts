/**
 * The instruments a trader can choose, with the broker-typical sizes PipLens assumes for each,
 * and the pip value per lot in USD that position sizing needs. Pure data and arithmetic: the
 * dashboard lists them, the engine sizes positions with them, and the result states them.
 */

export type InstrumentClass = 'major' | 'minor' | 'jpy-cross' | 'metal' | 'index' | 'crypto';

export interface Instrument {
  symbol: string;
  name: string;
  class: InstrumentClass;
  /** The price move one pip stands for. */
  pipSize: number;
  /** What one lot (1.00) holds, in `contractUnit`. */
  contractSize: number;
  contractUnit: string;
  /** The currency prices are quoted in: a pip's value is in this currency before conversion. */
  quote: string;
  base: string;
  /** Prices the instrument can trade at (wide bounds): a chart outside them is another instrument. */
  priceRange: readonly [number, number];
}

export const INSTRUMENT_CLASS_LABEL: Record<InstrumentClass, string> = {
  major: 'Major pairs',
  minor: 'Minor pairs',
  'jpy-cross': 'Yen crosses',
  metal: 'Metals',
  index: 'Indices',
  crypto: 'Cryptocurrencies',
};

const CURRENCY_NAME: Record<string, string> = {
  EUR: 'Euro',
  USD: 'US Dollar',
  GBP: 'British Pound',
  JPY: 'Japanese Yen',
  CHF: 'Swiss Franc',
  CAD: 'Canadian Dollar',
  AUD: 'Australian Dollar',
  NZD: 'New Zealand Dollar',
};

const pair = (symbol: string, cls: InstrumentClass): Instrument => {
  const base = symbol.slice(0, 3);
  const quote = symbol.slice(3, 6);
  return {
    symbol,
    name: `${CURRENCY_NAME[base] ?? base} / ${CURRENCY_NAME[quote] ?? quote}`,
    class: cls,
    pipSize: quote === 'JPY' ? 0.01 : 0.0001,
    contractSize: 100_000,
    contractUnit: base,
    quote,
    base,
    // Yen quotes run in the tens to hundreds; other pairs around one.
    priceRange: quote === 'JPY' ? [40, 400] : [0.2, 5],
  };
};

export const INSTRUMENTS: readonly Instrument[] = [
  ...['EURUSD', 'GBPUSD', 'USDJPY', 'USDCHF', 'USDCAD', 'AUDUSD', 'NZDUSD'].map((s) => pair(s, 'major')),
  ...[
    'EURGBP',
    'EURCHF',
    'EURAUD',
    'EURCAD',
    'EURNZD',
    'GBPCHF',
    'GBPAUD',
    'GBPCAD',
    'GBPNZD',
    'AUDCAD',
    'AUDCHF',
    'AUDNZD',
    'CADCHF',
    'NZDCAD',
    'NZDCHF',
  ].map((s) => pair(s, 'minor')),
  ...['EURJPY', 'GBPJPY', 'AUDJPY', 'NZDJPY', 'CADJPY', 'CHFJPY'].map((s) => pair(s, 'jpy-cross')),
  { symbol: 'XAUUSD', name: 'Gold / US Dollar', class: 'metal', pipSize: 0.1, contractSize: 100, contractUnit: 'troy ounces', quote: 'USD', base: 'XAU', priceRange: [300, 20_000] },
  { symbol: 'XAGUSD', name: 'Silver / US Dollar', class: 'metal', pipSize: 0.001, contractSize: 5000, contractUnit: 'troy ounces', quote: 'USD', base: 'XAG', priceRange: [3, 500] },
  { symbol: 'US30', name: 'Dow Jones 30 index', class: 'index', pipSize: 1, contractSize: 1, contractUnit: 'USD per index point', quote: 'USD', base: 'US30', priceRange: [5_000, 200_000] },
  { symbol: 'US500', name: 'S&P 500 index', class: 'index', pipSize: 1, contractSize: 1, contractUnit: 'USD per index point', quote: 'USD', base: 'US500', priceRange: [500, 30_000] },
  { symbol: 'NAS100', name: 'Nasdaq 100 index', class: 'index', pipSize: 1, contractSize: 1, contractUnit: 'USD per index point', quote: 'USD', base: 'NAS100', priceRange: [2_000, 100_000] },
  { symbol: 'GER40', name: 'Germany 40 (DAX) index', class: 'index', pipSize: 1, contractSize: 1, contractUnit: 'EUR per index point', quote: 'EUR', base: 'GER40', priceRange: [3_000, 100_000] },
  { symbol: 'UK100', name: 'UK 100 (FTSE) index', class: 'index', pipSize: 1, contractSize: 1, contractUnit: 'GBP per index point', quote: 'GBP', base: 'UK100', priceRange: [2_000, 50_000] },
  { symbol: 'JP225', name: 'Japan 225 (Nikkei) index', class: 'index', pipSize: 1, contractSize: 100, contractUnit: 'JPY per index point', quote: 'JPY', base: 'JP225', priceRange: [5_000, 200_000] },
  { symbol: 'BTCUSD', name: 'Bitcoin / US Dollar', class: 'crypto', pipSize: 1, contractSize: 1, contractUnit: 'BTC', quote: 'USD', base: 'BTC', priceRange: [1_000, 2_000_000] },
  { symbol: 'ETHUSD', name: 'Ethereum / US Dollar', class: 'crypto', pipSize: 0.1, contractSize: 1, contractUnit: 'ETH', quote: 'USD', base: 'ETH', priceRange: [50, 100_000] },
  { symbol: 'SOLUSD', name: 'Solana / US Dollar', class: 'crypto', pipSize: 0.01, contractSize: 1, contractUnit: 'SOL', quote: 'USD', base: 'SOL', priceRange: [1, 5_000] },
  { symbol: 'XRPUSD', name: 'XRP / US Dollar', class: 'crypto', pipSize: 0.0001, contractSize: 1, contractUnit: 'XRP', quote: 'USD', base: 'XRP', priceRange: [0.05, 50] },
  { symbol: 'LTCUSD', name: 'Litecoin / US Dollar', class: 'crypto', pipSize: 0.01, contractSize: 1, contractUnit: 'LTC', quote: 'USD', base: 'LTC', priceRange: [5, 5_000] },
];

/** The symbol the settings carry for an instrument outside the list, sized from the trader's own figures. */
export const OTHER_SYMBOL = 'OTHER';

/**
 * US dollars per unit of each quote currency, used only when the chart itself cannot give the
 * rate (a cross such as EURGBP is priced in pounds). Approximate, and said to be in the result.
 */
export const APPROXIMATE_USD_PER_UNIT: Record<string, number> = {
  USD: 1,
  EUR: 1.1,
  GBP: 1.3,
  CHF: 1.15,
  CAD: 0.73,
  AUD: 0.66,
  NZD: 0.6,
  JPY: 1 / 150,
};

export const findInstrument = (symbol: string | undefined): Instrument | undefined => {
  const key = normaliseSymbol(symbol ?? '');
  return INSTRUMENTS.find((i) => i.symbol === key);
};

/** 'eur/usd', 'EUR-USD', ' xauusd ' → 'EURUSD', 'XAUUSD'. */
export const normaliseSymbol = (raw: string): string => raw.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Case-insensitive search over symbol and name, e.g. 'gold', 'jpy', 'eur/us'. */
export function searchInstruments(query: string): Instrument[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...INSTRUMENTS];
  const compact = normaliseSymbol(q).toLowerCase();
  return INSTRUMENTS.filter(
    (i) => (compact && i.symbol.toLowerCase().includes(compact)) || i.name.toLowerCase().includes(q),
  );
}

/** What sizing assumes for one lot: how big a pip is and what it is worth in USD, and why. */
export interface LotValue {
  symbol: string;
  pipSize: number;
  /** Contract size in words, e.g. '100,000 EUR', '100 troy ounces', '1 USD per index point'. */
  contract: string;
  pipValuePerLotUsd: number;
  /** How the pip value was found, in plain words (an approximate rate is said to be one). */
  basis: string;
  approximate: boolean;
}

const groupDigits = (v: number): string => v.toLocaleString('en-US', { maximumFractionDigits: 6 });
const money = (v: number): string => `${v < 1 ? v.toFixed(4).replace(/0+$/, '').replace(/\.$/, '') : v.toFixed(2)} USD`;

/**
 * The value of one pip for one lot in USD. Pairs quoted in USD: contract × pip. Pairs with USD
 * as the base (USDJPY): the same in the quote currency, turned into USD with the chart's own last
 * price. Other quote currencies: with an approximate rate that the basis names.
 */
export function lotValue(instrument: Instrument, price: number): LotValue {
  const inQuote = instrument.contractSize * instrument.pipSize;
  const contract = `${groupDigits(instrument.contractSize)} ${instrument.contractUnit}`;
  const pipWords = `1 pip = ${groupDigits(instrument.pipSize)}`;
  if (instrument.quote === 'USD') {
    return {
      symbol: instrument.symbol,
      pipSize: instrument.pipSize,
      contract,
      pipValuePerLotUsd: inQuote,
      basis: `${instrument.symbol}: 1 lot = ${contract}, ${pipWords}, so one pip is worth ${money(inQuote)} per lot.`,
      approximate: false,
    };
  }
  if (instrument.base === 'USD' && price > 0) {
    const usd = inQuote / price;
    return {
      symbol: instrument.symbol,
      pipSize: instrument.pipSize,
      contract,
      pipValuePerLotUsd: usd,
      basis: `${instrument.symbol}: 1 lot = ${contract}, ${pipWords}, so one pip is worth ${groupDigits(inQuote)} ${instrument.quote} per lot, about ${money(usd)} at the chart's price of ${price}.`,
      approximate: false,
    };
  }
  const rate = APPROXIMATE_USD_PER_UNIT[instrument.quote] ?? 1;
  const usd = inQuote * rate;
  const rateWords = instrument.quote === 'JPY' ? `1 USD ≈ ${Math.round(1 / rate)} JPY` : `1 ${instrument.quote} ≈ ${rate} USD`;
  return {
    symbol: instrument.symbol,
    pipSize: instrument.pipSize,
    contract,
    pipValuePerLotUsd: usd,
    basis: `${instrument.symbol}: 1 lot = ${contract}, ${pipWords}, so one pip is worth ${groupDigits(inQuote)} ${instrument.quote} per lot, about ${money(usd)} assuming ${rateWords} (an approximate rate: check today's).`,
    approximate: true,
  };
}

/** An instrument outside the list, from the pip size and contract size the trader typed; prices taken as USD. */
export function customLotValue(pipSize: number, contractSize: number): LotValue {
  const usd = pipSize * contractSize;
  return {
    symbol: OTHER_SYMBOL,
    pipSize,
    contract: `${groupDigits(contractSize)} units`,
    pipValuePerLotUsd: usd,
    basis: `Your instrument: 1 lot = ${groupDigits(contractSize)} units, 1 pip = ${groupDigits(pipSize)}, prices taken as USD, so one pip is worth ${money(usd)} per lot.`,
    approximate: false,
  };
}

/**
 * With no instrument chosen or read, only the two kinds of chart whose prices say what they are:
 * quotes of four or more decimals under 20 (a currency pair such as EURUSD or USDCHF) and yen
 * quotes of 50-300 (USDJPY or a yen cross). The pip value assumed is the highest of the class, so
 * the lot advised never risks more than the trader's limit, whichever pair it is: 10 USD, or
 * 10 USD worth of the quote when USD is the base and the price under 1 (USDCHF); for yen, 1,000
 * JPY at the chart's price or at an approximate USD rate, the higher. Anything else gets no lot
 * size rather than a guess.
 */
export function assumedLotValue(price: number, decimals: number): LotValue | null {
  if (decimals >= 4 && price > 0 && price < 20) {
    const usd = Math.max(10, 10 / price);
    return {
      symbol: 'EURUSD',
      pipSize: 0.0001,
      contract: '100,000 units',
      pipValuePerLotUsd: usd,
      basis: `No instrument was chosen; from its prices this looks like a currency pair (such as EURUSD): 1 lot = 100,000 units, 1 pip = 0.0001, taken as worth ${money(usd)} per lot, the most a pair at this price can be worth, so the lot size is on the safe side. Choose the symbol in the settings for an exact size.`,
      approximate: true,
    };
  }
  if (decimals >= 2 && decimals <= 3 && price >= 50 && price <= 300) {
    const usd = Math.max(1000 / price, 1000 * (APPROXIMATE_USD_PER_UNIT.JPY ?? 0));
    return {
      symbol: 'USDJPY',
      pipSize: 0.01,
      contract: '100,000 units',
      pipValuePerLotUsd: usd,
      basis: `No instrument was chosen; from its prices this looks like a currency pair quoted in yen (such as USDJPY or a yen cross): 1 lot = 100,000 units, 1 pip = 0.01, one pip worth 1,000 JPY per lot, taken as ${money(usd)} (the higher of the chart's price and an approximate rate), so the lot size is on the safe side. Choose the symbol in the settings for an exact size.`,
      approximate: true,
    };
  }
  return null;
}

/** The lot value for the settings' instrument (chosen, or 'OTHER' with its sizes), else the assumption above. */
export function resolveLotValue(
  settings: { symbol?: string | undefined; pipSize?: number | undefined; contractSize?: number | undefined },
  price: number,
  decimals: number,
): LotValue | null {
  if (settings.symbol === OTHER_SYMBOL) {
    return settings.pipSize && settings.contractSize ? customLotValue(settings.pipSize, settings.contractSize) : null;
  }
  const instrument = findInstrument(settings.symbol);
  if (instrument) return instrumentFits(instrument, price) ? lotValue(instrument, price) : null;
  return assumedLotValue(price, decimals);
}

export const instrumentFits = (instrument: Instrument, price: number): boolean =>
  price >= instrument.priceRange[0] && price <= instrument.priceRange[1];

/**
 * Why the chosen instrument cannot be the chart's (a symbol left from another chart: gold's lot
 * sizes on a EURUSD chart advised 15 lots on 100 USD), in words for the result; null when it fits.
 */
export function instrumentMismatch(settings: { symbol?: string | undefined }, price: number): string | null {
  const instrument = findInstrument(settings.symbol);
  if (!instrument || instrumentFits(instrument, price)) return null;
  return `The chart's prices (around ${groupDigits(price)}) do not fit ${instrument.symbol} (${instrument.name}), so PipLens gives no lot size: check the symbol in the settings and analyse again.`;
}
