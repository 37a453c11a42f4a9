/**
 * EastFront's reinforcements by month and the Order of Battle's events (11.5, the scenario pages'
 * "REFUERZOS" lists and the OB chart; seed 004 lines 2053–2542, 2924–2935, 3015–3030), as data: only
 * what the text gives, each entry with its seed line. What the text does not give is declared: the
 * Edelweiss page lists no reinforcements; W41's footnote "* Comienza W'41 en una Ciudad de Origen"
 * (line 2138) marks no entry in this copy; the OB's events (lines 3028–3030) have no month.
 * DOM-free; the turn panel lists the month's arrivals at Production (11.5: "Cuando llegue el mes de
 * Producción en que esté prevista su llegada, se colocan en el mapa según se indica en 11.6").
 */
import type { Side, UnitType } from './battle';

export interface Reinforcement {
  readonly side: Side;
  readonly year: number;
  readonly month: number;
  /** The unit as the text names it ("40 PZR CPS"). */
  readonly unit: string;
  readonly type: UnitType;
  readonly cv: number;
  /** SS (Axis) or Guards (Soviet), as the list says ("SS ARMOR 4", "Gds ARMOR 1"). */
  readonly elite?: 'ss' | 'guards';
  /** Marked "*": it starts the scenario in a Home City (the list's footnote). */
  readonly startsInHomeCity?: boolean;
  /** The seed line (../shared/seeds/004_e4aee9ca769bb184.txt). */
  readonly line: number;
}

type Scn = 's41' | 'w41' | 's42' | 'w42' | 's43' | 'w43' | 's44' | 'w44' | 'edelweiss';

const r = (
  side: Side,
  ym: string,
  unit: string,
  type: UnitType,
  cv: number,
  line: number,
  more: Partial<Pick<Reinforcement, 'elite' | 'startsInHomeCity'>> = {},
): Reinforcement => {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  return { side, year: y, month: m, unit, type, cv, line, ...more };
};

/**
 * Each scenario's lists as its page gives them (Scn pages: "REFUERZOS DEL EJE", "REFUERZOS
 * SOVIETICOS"); `none` holds the lines that say "(NINGUNO)"; `missing` says what the text lacks.
 */
export const REINFORCEMENTS: Readonly<
  Record<Scn, { readonly list: readonly Reinforcement[]; readonly none: readonly number[]; readonly missing?: string }>
> = {
  s41: {
    list: [
      r('axis', '1941-7', '40 PZR CPS', 'armor', 4, 2054),
      r('axis', '1941-8', '42 CPS', 'infantry', 4, 2055),
      r('axis', '1941-9', '16 CPS', 'infantry', 4, 2056),
      r('axis', '1941-10', '59 CPS', 'infantry', 4, 2057),
      r('axis', '1941-11', '50 MOT CPS', 'mech', 4, 2058),
      r('soviet', '1941-11', '1 SHOCK', 'shock', 4, 2061),
      r('soviet', '1941-11', '2 SHOCK', 'shock', 4, 2062),
    ],
    none: [],
  },
  w41: {
    list: [
      r('axis', '1942-1', '61 CPS', 'infantry', 3, 2127),
      r('axis', '1942-3', '23 CPS', 'infantry', 3, 2128),
      r('axis', '1942-5', '53 MOT CPS', 'mech', 3, 2129),
      r('soviet', '1941-12', '3 SHOCK', 'shock', 4, 2132),
      r('soviet', '1941-12', '4 SHOCK', 'shock', 4, 2133),
      r('soviet', '1941-12', '4 PARA CPS', 'paratroop', 1, 2134),
      r('soviet', '1942-4', '1 GDS TANK', 'armor', 1, 2135, { elite: 'guards' }),
      r('soviet', '1942-4', '2 GDS TANK', 'armor', 1, 2136, { elite: 'guards' }),
      r('soviet', '1942-5', '3 GDS TANK', 'armor', 1, 2137, { elite: 'guards' }),
    ],
    none: [],
    missing: 'ef.reinf.w41Footnote',
  },
  s42: {
    list: [
      r('axis', '1942-6', '27 Cps', 'infantry', 3, 2196, { startsInHomeCity: true }),
      r('soviet', '1942-6', '5 GDS TANK', 'armor', 1, 2200, { elite: 'guards', startsInHomeCity: true }),
      r('soviet', '1942-7', '6 GDS TANK', 'armor', 1, 2201, { elite: 'guards' }),
    ],
    none: [],
  },
  w42: { list: [r('axis', '1943-2', '2 SS PZR Cps', 'armor', 4, 2262, { elite: 'ss' })], none: [2264] },
  s43: {
    list: [r('axis', '1943-7', '3 SSPZR Cps', 'mech', 3, 2328, { elite: 'ss', startsInHomeCity: true })],
    none: [2331],
  },
  w43: { list: [], none: [2384, 2414] },
  s44: { list: [], none: [2457, 2477] },
  w44: { list: [], none: [2520, 2542] },
  edelweiss: { list: [], none: [], missing: 'ef.reinf.edelweissMissing' },
};

/** The reinforcements a scenario's list schedules for a calendar month (11.5). */
export const reinforcementsIn = (scenario: Scn, year: number, month: number): readonly Reinforcement[] =>
  REINFORCEMENTS[scenario].list.filter((x) => x.year === year && x.month === month);

/**
 * The Order of Battle's events (seed 004 lines 3028–3030): not by month but when their condition comes
 * about; the players say when (the text gives no month).
 */
export const OB_EVENTS = [
  { id: 'odessa', key: 'ef.event.odessa', line: 3028, rule: 'OB, 16.4' },
  { id: 'sevastopol', key: 'ef.event.sevastopol', line: 3029, rule: 'OB, 16.4' },
  { id: 'westFront', key: 'ef.event.westFront', line: 3030, rule: 'OB, 16.5' },
] as const;
