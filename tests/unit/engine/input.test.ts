// The shared input readers of game procedures: a bad value is refused with the game's own message key.
import { describe, expect, it } from 'vitest';
import { asJson, EngineError, inputReader, stateSlice } from '../../../src/engine';

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof EngineError) return e.params;
    throw e;
  }
  return undefined;
};

describe('inputReader', () => {
  const r = inputReader('xx');
  it('reads whole numbers in range, refusing others with <prefix>.err.number naming the field', () => {
    expect(r.int(3, 'AF', 0, 99)).toBe(3);
    for (const bad of [-1, 100, 2.5, '3', null, undefined, Number.NaN])
      expect(refusal(() => r.int(bad as never, 'AF', 0, 99))).toEqual({
        key: 'xx.err.number',
        name: 'AF',
        min: 0,
        max: 99,
      });
  });
  it('reads one of the choices, or refuses with the key given', () => {
    expect(r.oneOf('a', ['a', 'b'] as const, 'xx.err.side')).toBe('a');
    expect(refusal(() => r.oneOf('c', ['a', 'b'] as const, 'xx.err.side'))).toEqual({ key: 'xx.err.side' });
  });
  it('sees anything but a plain object as an empty input, and only true as true', () => {
    expect(r.obj([1] as never)).toEqual({});
    expect(r.obj(null)).toEqual({});
    expect(r.obj({ a: 1 })).toEqual({ a: 1 });
    expect([r.bool(true), r.bool('true' as never), r.bool(1 as never)]).toEqual([true, false, false]);
  });
});

describe('stateSlice', () => {
  it("replaces only the slice's fields and leaves the rest of the game state", () => {
    const s = stateSlice<{ weather: { turn: number } }>();
    const g = s.save({ other: 1 }, { weather: { turn: 2 } });
    expect(g).toEqual({ other: 1, weather: { turn: 2 } });
    expect(s.read(g).weather?.turn).toBe(2);
  });
});

describe('asJson', () => {
  interface Plain {
    readonly name: string;
    readonly count?: number;
    readonly list: readonly { readonly at: number }[];
  }
  it('takes typed plain data as Json unchanged; anything that is not data does not compile (npm run typecheck)', () => {
    const plain: Plain = { name: 'x', list: [{ at: 1 }] };
    expect(asJson(plain)).toBe(plain);
    expect(asJson([1, 'a', null, true])).toEqual([1, 'a', null, true]);
    // @ts-expect-error a function is not data
    asJson({ f: () => 1 });
    // @ts-expect-error a Map is not data (it would be written as {})
    asJson({ m: new Map<string, number>() });
  });
});
