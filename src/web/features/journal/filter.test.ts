import { describe, expect, it } from 'vitest';
import { filterFromParams, hasFilter, withFilter } from './filter';

describe('the journal filter in the address', () => {
  it('keeps what the journal understands and leaves the rest out', () => {
    const params = new URLSearchParams(
      'from=2026-11-01&to=nope&symbol=EURUSD&timeFrame=3h&strategy=scalping&direction=buy&page=2',
    );
    expect(filterFromParams(params)).toEqual({
      from: '2026-11-01',
      symbol: 'EURUSD',
      strategy: 'scalping',
      direction: 'buy',
    });
    expect(hasFilter(filterFromParams(new URLSearchParams('page=2')))).toBe(false);
  });

  it('sets and clears one filter, keeping the others', () => {
    const params = new URLSearchParams('symbol=EURUSD');
    expect(withFilter(params, 'direction', 'sell').toString()).toBe('symbol=EURUSD&direction=sell');
    expect(withFilter(params, 'symbol', '').toString()).toBe('');
  });
});
