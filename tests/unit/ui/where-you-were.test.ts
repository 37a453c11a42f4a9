// @vitest-environment happy-dom
// Where the players were (issue #28, item 12): a small keyed store per game in localStorage.
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetPlaces, keepPlace, placeOf, placesOf } from '../../../src/ui/where-you-were';

describe('where you were', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a value per game and key, and forgets one key or a whole game', () => {
    keepPlace('g1', 'tab', 'combat');
    keepPlace('g1', 'step', 'activation');
    keepPlace('g2', 'tab', 'cups');
    expect(placeOf('g1', 'tab')).toBe('combat');
    expect(placeOf('g2', 'tab')).toBe('cups');
    expect(placesOf('g1')).toEqual({ tab: 'combat', step: 'activation' });
    keepPlace('g1', 'tab', undefined);
    expect(placeOf('g1', 'tab')).toBeUndefined();
    expect(placeOf('g1', 'step')).toBe('activation');
    forgetPlaces('g1');
    expect(placesOf('g1')).toEqual({});
    expect(placeOf('g2', 'tab')).toBe('cups');
  });

  it('keeps any JSON value (typed fields of a form)', () => {
    keepPlace('g', 'form.combat', { attackers: '6, 4', tiger: true });
    expect(placeOf('g', 'form.combat')).toEqual({ attackers: '6, 4', tiger: true });
  });

  it('reads an unreadable entry as nothing kept, and never throws', () => {
    localStorage.setItem('wc.where.g', '{not json');
    expect(placeOf('g', 'tab')).toBeUndefined();
    keepPlace('g', 'tab', 'dice');
    expect(placeOf('g', 'tab')).toBe('dice');
    expect(placeOf('', 'tab')).toBeUndefined();
  });

  it('keeps the places of the 30 games used last', () => {
    for (let k = 0; k < 35; k++) keepPlace(`g${k}`, 'tab', 'dice');
    const kept = Object.keys(localStorage).filter((k) => k.startsWith('wc.where.'));
    expect(kept.length).toBe(30);
  });
});
