/**
 * Starting points of the pack editor. A template gives a pack's shape — sides, a cup, dice, the
 * rows and columns of a chart — never its values: every cell starts empty, to be typed in from
 * the printed chart in the box (the players' own game, not one the app knows).
 */
import type { I18n, ScenarioData, TableData } from '../engine';
import { PACK_APP, PACK_FORMAT, type Pack } from './format';

export type TemplateId = 'chit-pull' | 'odds-crt' | 'dice-pool';
export const TEMPLATES: readonly TemplateId[] = ['chit-pull', 'odds-crt', 'dice-pool'];

const t = (en: string, es: string): I18n => ({ en, es });

/** Result codes most printed CRTs use; the players rename, add or remove them. */
const LEGEND = {
  AE: { name: t('Attacker eliminated', 'Atacante eliminado') },
  AR: { name: t('Attacker retreats', 'Atacante se retira') },
  NE: { name: t('No effect', 'Sin efecto') },
  EX: { name: t('Exchange', 'Intercambio') },
  DR: { name: t('Defender retreats', 'Defensor se retira') },
  DE: { name: t('Defender eliminated', 'Defensor eliminado') },
};

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => from + k);
const empty = (rows: number, cols: number) => Array.from({ length: rows }, () => Array<null>(cols).fill(null));

function crt(game: string, columns: TableData['columns'], kind: 'ratio' | 'differential', dice: 1 | 2): TableData {
  const rolls = dice === 2 ? range(2, 12) : range(1, 6);
  return {
    kind: 'table',
    id: 'crt',
    game,
    title: t('Combat Results Table', 'Tabla de resultados del combate'),
    rule: '1',
    status: 'missing',
    source: 'typed in by the players from the printed chart',
    type: 'crt',
    rows: {
      label: t(dice === 2 ? 'Dice' : 'Die', dice === 2 ? 'Dados' : 'Dado'),
      entries: rolls.map((n) => ({ key: String(n), min: n, max: n })),
    },
    columns,
    cells: empty(rolls.length, columns.entries.length),
    values: { kind: 'codes' },
    legend: LEGEND,
    roll: { dice: { n: dice, sides: 6 }, axis: 'rows' },
    odds: { kind, rounding: 'defender', rule: '1', below: { mode: 'clamp' }, above: { mode: 'clamp' } },
  };
}

function turnTrack(game: string, turns: number): TableData {
  return {
    kind: 'table',
    id: 'turn-track',
    game,
    title: t('Turn track', 'Registro de turnos'),
    rule: '2',
    status: 'missing',
    source: 'typed in by the players from the printed turn track',
    type: 'reference',
    rows: { label: t('Turn', 'Turno'), entries: range(1, turns).map((n) => ({ key: String(n) })) },
    columns: {
      label: t('Notes', 'Notas'),
      entries: [{ key: 'note', label: t('Notes and arrivals', 'Notas y llegadas') }],
    },
    cells: empty(turns, 1),
    values: { kind: 'text' },
  };
}

const sides = [
  { id: 'blue', name: { en: 'Blue', es: 'Azul' }, colour: '#2f6fd0' },
  { id: 'red', name: { en: 'Red', es: 'Rojo' }, colour: '#c0392b' },
];

function scenario(game: string, tables: string[], turns: number, cups?: ScenarioData['cups']): ScenarioData {
  return {
    kind: 'scenario',
    id: 'main',
    game,
    name: t('Full game', 'Juego completo'),
    rule: '1',
    tables,
    ...(cups ? { cups } : {}),
    turns: { status: 'complete', count: turns, note: t(`${turns} turns`, `${turns} turnos`) },
  };
}

/** A new pack from a template, with the id and name the player chose. */
export function fromTemplate(kind: TemplateId, id: string, name: { en?: string; es?: string }): Pack {
  const turns = 6;
  const manifest = (dice: Pack['manifest']['dice']): Pack['manifest'] => ({
    id,
    name,
    version: '1',
    author: '-',
    sides,
    dice,
  });
  const d6 = (n: number) => ({ id: `${n}d6`, label: { en: `${n}d6`, es: `${n}d6` }, dice: { n, sides: 6 } });
  const base = { app: PACK_APP, kind: 'pack', format: PACK_FORMAT } as const;
  if (kind === 'chit-pull') {
    const columns: TableData['columns'] = {
      label: t('Difference', 'Diferencia'),
      entries: [
        { key: '≤-2', max: -2 },
        { key: '-1', min: -1, max: -1 },
        { key: '0', min: 0, max: 0 },
        { key: '+1', min: 1, max: 1 },
        { key: '+2', min: 2, max: 2 },
        { key: '≥+3', min: 3 },
      ],
    };
    const cup = {
      id: 'activation',
      name: t('Activation cup', 'Recipiente de activación'),
      refill: 'return-all-at-end-of-turn' as const,
      chits: sides.map((s) => ({
        id: `hq-${s.id}`,
        label: t(`${s.name.en} HQ`, `CG ${s.name.es}`),
        side: s.id,
        count: 4,
      })),
    };
    return {
      ...base,
      manifest: manifest([d6(2), d6(1)]),
      tables: [crt(id, columns, 'differential', 2), turnTrack(id, turns)],
      scenarios: [scenario(id, ['crt', 'turn-track'], turns, [cup])],
    };
  }
  if (kind === 'odds-crt') {
    const odds: [number, number][] = [
      [1, 2],
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 1],
      [5, 1],
    ];
    const columns: TableData['columns'] = {
      label: t('Odds', 'Proporción'),
      entries: odds.map(([a, d]) => ({ key: `${a}:${d}`, odds: [a, d] })),
    };
    return {
      ...base,
      manifest: manifest([d6(1), d6(2)]),
      tables: [crt(id, columns, 'ratio', 1), turnTrack(id, turns)],
      scenarios: [scenario(id, ['crt', 'turn-track'], turns)],
    };
  }
  const hits: TableData = {
    kind: 'table',
    id: 'hits',
    game: id,
    title: t('Hit table', 'Tabla de impactos'),
    rule: '1',
    status: 'missing',
    source: 'typed in by the players from the printed chart',
    type: 'roll',
    rows: { label: t('Die', 'Dado'), entries: range(1, 6).map((n) => ({ key: String(n), min: n, max: n })) },
    columns: { label: t('Result', 'Resultado'), entries: [{ key: 'result' }] },
    cells: empty(6, 1),
    values: { kind: 'text' },
    roll: { dice: { n: 1, sides: 6 }, axis: 'rows' },
  };
  return {
    ...base,
    manifest: manifest([
      {
        id: 'pool',
        label: t('Firepower pool (hits on 5-6)', 'Reserva de fuego (impacta con 5-6)'),
        dice: { n: 6, sides: 6 },
        hitOn: 5,
      },
      d6(1),
    ]),
    tables: [hits, turnTrack(id, turns)],
    scenarios: [scenario(id, ['hits', 'turn-track'], turns)],
  };
}
