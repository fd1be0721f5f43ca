import { describe, expect, it } from 'vitest';
import { EngineError } from './errors.js';
import { ReadingRecorder } from './trace.js';

describe('ReadingRecorder', () => {
  it('turns an overruled refusal into a decision that lowered the answer, in the attempt that made it', () => {
    const rec = new ReadingRecorder();
    rec.begin('label-column-1');
    const refusal = rec.refuse('last-price/marks-beside-last', { confidence: 0 });
    rec.begin('label-column-2');
    expect(rec.overrule(refusal)).toBe(0);
    expect(rec.index).toBe(0);
    const trace = rec.answered(0, 0);
    expect(trace.rule).toBeNull();
    expect(trace.attempts[0]?.decisions).toEqual([
      {
        rule: 'last-price/marks-beside-last',
        stage: 'last-price',
        attempt: 0,
        outcome: 'lowered',
        weighed: { confidence: 0 },
      },
    ]);
    // Once only; a refusal it never recorded is not its to overrule.
    expect(rec.overrule(refusal)).toBeNull();
    expect(rec.overrule(new EngineError('last-price/tag-unreached'))).toBeNull();
  });
});
