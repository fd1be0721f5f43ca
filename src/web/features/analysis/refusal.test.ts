import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { refusalOf, seenWithoutPrices } from './refusal';

describe('refusalOf', () => {
  it("keeps the engine's reason and the trend of the bars it saw", () => {
    const error = new ApiRequestError(422, 'AXIS_UNREADABLE', 'We couldn’t read the price scale.', {
      providersTried: [],
      trend: 'downtrend',
    });
    expect(refusalOf(error)).toEqual({ message: 'We couldn’t read the price scale.', trend: 'downtrend', correctable: null });
  });

  it('keeps where the bars were found, for the trader to set the scale; never on a picture that is no chart', () => {
    const correctable = { image: { width: 800, height: 500 }, plot: { left: 10, top: 20, right: 700, bottom: 480 }, labels: [1.08], scale: null };
    expect(refusalOf(new ApiRequestError(422, 'AXIS_UNREADABLE', 'No scale.', { correctable }))?.correctable).toEqual(correctable);
    expect(refusalOf(new ApiRequestError(422, 'NOT_A_CHART', 'No chart.', { correctable }))?.correctable).toBeNull();
    const broken = { ...correctable, plot: { left: 'x' } };
    expect(refusalOf(new ApiRequestError(422, 'AXIS_UNREADABLE', 'No scale.', { correctable: broken }))?.correctable).toBeNull();
  });

  it('keeps the reason alone when no trend came with it, or one that is no trend', () => {
    expect(refusalOf(new ApiRequestError(422, 'NOT_A_CHART', 'No chart.', { providersTried: [] }))).toEqual({
      message: 'No chart.',
      trend: null,
      correctable: null,
    });
    expect(refusalOf(new ApiRequestError(422, 'UNSURE_READING', 'Unsure.', { trend: 'up' }))?.trend).toBeNull();
  });

  it('takes no trend from details that are not an object, nor for a picture that is no chart', () => {
    for (const details of [null, 'uptrend', ['uptrend'], 7]) {
      expect(refusalOf(new ApiRequestError(422, 'AXIS_UNREADABLE', 'No scale.', details))).toEqual({
        message: 'No scale.',
        trend: null,
        correctable: null,
      });
    }
    expect(refusalOf(new ApiRequestError(422, 'NOT_A_CHART', 'No chart.', { trend: 'uptrend' }))?.trend).toBeNull();
  });

  it('is null for errors that are no refusal of the engine', () => {
    expect(refusalOf(new ApiRequestError(429, 'DAILY_LIMIT', 'Limit reached.'))).toBeNull();
    expect(refusalOf(new Error('network'))).toBeNull();
  });
});

describe('seenWithoutPrices', () => {
  it('says the trend in words and that no levels are given', () => {
    expect(seenWithoutPrices('uptrend')).toMatch(/shows an uptrend\. PipLens gives no entry, stop loss or take profit/);
    expect(seenWithoutPrices('sideways')).toMatch(/no clear trend/);
  });
});
