/**
 * Grossdeutschland's HQ activation cup (2.4, 2.5, 3.4, 3.5, 4.0, 6.0; digest §3.2). One chit per HQ
 * of both sides; arriving reinforcements' chits go in on their arrival turn (withheld ones too); the
 * scenario's opening rule sets the first chits aside on the first turn; each chit drawn is activated
 * or passed; a Division HQ activates one battalion not yet activated this turn; a battalion whose HQ
 * is gone keeps its chit (one stack only); a battalion wholly eliminated loses its chit. The draws
 * themselves are the engine's 'cup.draw'; end of turn returns the chits ('end-turn').
 */
import {
  allChits,
  attemptPreview,
  gameProcedures,
  pick,
  removeChit,
  stateSlice,
  type Cup,
  type GameState,
  type Json,
  type Line,
  type Procedure,
  type ProcedureApi,
  type Preview,
} from '../../engine';
import { dayOf, need, obj, save, turnTypeOf, TURN_TYPES, type TurnType } from './state';

export const ACTIVATION_CUP = 'activation';

/**
 * Whether the Activation phase offers another HQ draw (readiness from the rules, issue #29), or why
 * not: the cup is empty, and the phase is over (3.4) — the words its last activation says.
 */
export const hqDrawOffer = (cups: Readonly<Record<string, Cup>>): Preview<object> =>
  attemptPreview(() => {
    const cup = cups[ACTIVATION_CUP];
    need(cup && cup.chits.length + cup.next.length > 0, 'gd.act.phaseOver');
    return {};
  });

export interface Decision {
  readonly chit: string;
  readonly how: 'activated' | 'passed' | 'division';
  readonly battalion?: string;
}
export interface ActivationState {
  readonly turn: number;
  readonly decisions: readonly Decision[];
  /** Battalions whose HQ is gone (2.4): the chit stays; one stack activates. */
  readonly hqLost: readonly string[];
  /** Battalions wholly eliminated (3.5, 6.0, A12): the chit is out of play. */
  readonly eliminated: readonly string[];
}

const stateOf = (game: GameState): ActivationState | undefined =>
  stateSlice<{ activation: ActivationState }>().read(game).activation;
/** This turn's record (the standing HQ-lost and eliminated lists carry over from earlier turns). */
export function activationOf(game: GameState, turn: number): ActivationState {
  const activation = stateOf(game);
  return {
    turn,
    decisions: activation && activation.turn === turn ? activation.decisions : [],
    hqLost: activation?.hqLost ?? [],
    eliminated: activation?.eliminated ?? [],
  };
}
/** Battalions activated this turn (by their own chit or a Division HQ). */
export const activatedOf = (a: ActivationState): string[] =>
  a.decisions.flatMap((d) =>
    d.how === 'activated' ? [d.chit] : d.how === 'division' && d.battalion ? [d.battalion] : [],
  );

const chitData = (api: ProcedureApi, id: string) =>
  api.scenario?.cups?.find((c) => c.id === ACTIVATION_CUP)?.chits.find((c) => c.id === id);
const cupOf = (api: ProcedureApi): Cup => {
  const cup = api.cups[ACTIVATION_CUP];
  need(cup, 'gd.err.noActivationCup');
  return cup;
};
const order = (t: TurnType) => TURN_TYPES.indexOf(t);
const label = (api: ProcedureApi, id: string) => chitData(api, id)?.label ?? { en: id, es: id };

/**
 * Reinforcement HQ chits due by this turn (day and turn type entered with 'gd.turn') and not yet in
 * play. Chits that arrive only on a condition (e.g. Lutchessa 21.4) are listed apart: the players say.
 */
export function dueArrivals(
  api: Pick<ProcedureApi, 'scenario' | 'cups' | 'game' | 'turn'> & {
    readonly readings?: Readonly<Record<string, string>>;
  },
  conditional = false,
): string[] {
  const day = dayOf(api.game, api.turn),
    tt = turnTypeOf(api.game, api.turn);
  const cup = api.cups[ACTIVATION_CUP];
  const data = api.scenario?.cups?.find((c) => c.id === ACTIVATION_CUP);
  if (day === undefined || !tt || !cup || !data) return [];
  const inPlay = new Set(allChits(cup));
  const gone = new Set(activationOf(api.game, api.turn).eliminated);
  const dayOnly: TurnType = api.readings?.['gd.dayOnly'] === 'morning' ? 'morning' : 'day';
  return data.chits
    .filter(
      (c) =>
        c.arrives &&
        !inPlay.has(c.id) &&
        !gone.has(c.id) &&
        !!c.arrives.condition === conditional &&
        // "(día N)" with no turn type is read as the Day turn, or (other reading) that day's Morning (A25).
        (c.arrives.day < day || (c.arrives.day === day && order(c.arrives.turnType ?? dayOnly) <= order(tt))),
    )
    .map((c) => c.id);
}

/** Reinforcements (2.5, 3.4, 4.0): the HQ chits of units arriving by this turn go into the activation cup. */
export const arrivals: Procedure = (input, api) => {
  need(turnTypeOf(api.game, api.turn) && dayOf(api.game, api.turn) !== undefined, 'gd.err.dayFirst');
  const cup = cupOf(api);
  const include = Array.isArray(obj(input)['include']) ? (obj(input)['include'] as Json[]).map(String) : [];
  const conditional = dueArrivals(api, true);
  for (const c of include) need(conditional.includes(c), 'gd.err.notConditional', { hq: c });
  const due = [...dueArrivals(api), ...include];
  const lines: Line[] = due.flatMap((id): Line[] => {
    const chit = chitData(api, id)!;
    const arrives = chit.arrives!;
    return [
      {
        key: arrives.turnType ? 'gd.act.arrives' : 'gd.act.arrivesDay',
        params: {
          hq: label(api, id),
          day: arrives.day,
          tt: `gdui.tt.${arrives.turnType ?? (api.readings['gd.dayOnly'] === 'morning' ? 'morning' : 'day')}`,
          entry: arrives.entry ?? '?',
        },
        rule: arrives.turnType ? '2.5, 4.0' : '2.5, 4.0 (A25)',
      },
      // The counters the set-up table lists with this HQ (e.g. 18.5, seed 000 lines 957–963), as printed.
      arrives.units
        ? {
            key: 'gd.act.units',
            params: { hq: label(api, id), list: arrives.units.join(', '), n: arrives.units.length },
            rule: chit.rule ?? '4.0',
          }
        : { key: 'gd.act.unitsUnknown', params: { hq: label(api, id) }, rule: chit.rule ?? '4.0' },
      // A special rule's other entry hex (e.g. 18.4, seed 000 line 945: Kursk's 3Art and Division HQ group by B instead of A).
      ...(arrives.altEntry
        ? [
            {
              key: 'gd.act.entryOption',
              params: { hq: label(api, id), entry: arrives.altEntry.entry },
              rule: arrives.altEntry.rule,
            },
          ]
        : []),
    ];
  });
  for (const c of include)
    lines.push({
      key: 'gd.act.conditionMet',
      params: { hq: label(api, c), condition: chitData(api, c)!.arrives!.condition! },
      rule: chitData(api, c)!.rule ?? '2.5',
    });
  for (const c of conditional.filter((x) => !include.includes(x)))
    lines.push({
      key: 'gd.act.conditional',
      params: { hq: label(api, c), condition: chitData(api, c)!.arrives!.condition! },
      rule: chitData(api, c)!.rule ?? '2.5',
    });
  if (!due.length) lines.push({ key: 'gd.act.noArrivals', rule: '2.5' });
  else lines.push({ key: 'gd.act.withheld', rule: '4.0' });
  return {
    headline: { key: 'gd.act.head.arrivals', params: { n: due.length } },
    lines,
    result: due,
    ...(due.length ? { cups: { [ACTIVATION_CUP]: { ...cup, chits: [...cup.chits, ...due] } } } : {}),
  };
};

/** The scenario's opening rule (18.1, 19.1, 20.1, 21.1): on the first turn a side chooses the first chit(s), in order. */
export const opening: Procedure = (input, api) => {
  const rule = api.scenario?.cups?.find((c) => c.id === ACTIVATION_CUP)?.opening;
  need(rule, 'gd.err.noOpening');
  need(api.turn === 1 || api.readings['gd.opening'] === 'every-turn', 'gd.err.openingFirstTurn');
  let cup = cupOf(api);
  need(cup.discard.length === 0 && cup.next.length === 0, 'gd.err.openingDone');
  const chits = Array.isArray(obj(input)['chits']) ? (obj(input)['chits'] as Json[]).map(String) : [];
  const ofSide = cup.chits.filter((c) => chitData(api, c)?.side === rule.side);
  const count = Math.min(rule.count, ofSide.length);
  need(chits.length === count && new Set(chits).size === count, 'gd.err.openingCount', { n: count });
  for (const c of chits) {
    need(ofSide.includes(c), 'gd.err.openingSide', { hq: c });
    cup = pick(cup, c);
  }
  return {
    headline: { key: 'gd.act.head.opening', params: { n: count } },
    lines: [
      {
        key: rule.kind === 'pick' ? 'gd.act.opening.pick' : 'gd.act.opening.look',
        params: {
          side: `gd.side.${rule.side}`,
          n: count,
          list: {
            en: chits.map((c) => label(api, c).en).join(', '),
            es: chits.map((c) => label(api, c).es).join(', '),
          },
        },
        rule: rule.rule + ' (A21)',
      },
    ],
    result: chits,
    cups: { [ACTIVATION_CUP]: cup },
  };
};

/** The owner of the chit just drawn activates that battalion, or passes (6.0); a Division HQ activates one battalion not yet activated (3.4). */
export const activate: Procedure = (input, api) => {
  const fields = obj(input);
  const chit = String(fields['chit'] ?? '');
  const choice = fields['choice'];
  need(choice === 'activate' || choice === 'pass', 'gd.err.choice');
  const cup = cupOf(api);
  const activation = activationOf(api.game, api.turn);
  need(cup.discard.includes(chit), 'gd.err.notDrawn', { hq: chit });
  need(!activation.decisions.some((d) => d.chit === chit), 'gd.err.decided', { hq: chit });
  const data = chitData(api, chit);
  const done = activatedOf(activation);
  const lines: Line[] = [];
  let decision: Decision;
  if (choice === 'pass') {
    decision = { chit, how: 'passed' };
    lines.push({ key: 'gd.act.passed', params: { hq: label(api, chit) }, rule: '6.0' });
  } else if (data?.division && api.readings['gd.divisionChit'] === 'own-group') {
    // Reading gd.divisionChit 'own-group': the Division HQ's chit activates its own units only (3.4, 6.0).
    need(
      fields['battalion'] === undefined || fields['battalion'] === null || fields['battalion'] === '',
      'gd.err.divisionOwn',
    );
    decision = { chit, how: 'division' };
    lines.push({ key: 'gd.act.divisionOwn', params: { hq: label(api, chit) }, rule: '3.4, 6.0' });
  } else if (data?.division) {
    const b = String(fields['battalion'] ?? '');
    const bd = chitData(api, b);
    need(bd && !bd.division && bd.side === data.side, 'gd.err.divisionTarget');
    need(!done.includes(b), 'gd.err.alreadyActivated', { hq: b });
    need(!activation.eliminated.includes(b), 'gd.err.eliminated', { hq: b });
    decision = { chit, how: 'division', battalion: b };
    lines.push({
      key: 'gd.act.division',
      params: { hq: label(api, chit), battalion: bd.label },
      rule: '3.4, 6.0 (A13)',
    });
    if (activation.decisions.some((d) => d.chit === b && d.how === 'passed')) {
      need(api.readings['gd.divisionAfterPass'] !== 'refuse', 'gd.err.passedBattalion', { hq: b });
      lines.push({ key: 'gd.act.afterPass', rule: '6.0 (A13)' });
    }
    if (api.readings['gd.divisionChit'] === 'both')
      lines.push({ key: 'gd.act.divisionOwn', params: { hq: label(api, chit) }, rule: '3.4, 6.0' });
  } else {
    need(!done.includes(chit), 'gd.err.alreadyActivated', { hq: chit });
    decision = { chit, how: 'activated' };
    lines.push({ key: 'gd.act.activated', params: { hq: label(api, chit) }, rule: '6.0' });
  }
  const target = decision.battalion ?? chit;
  if (decision.how !== 'passed' && activation.hqLost.includes(target))
    lines.push({ key: data?.division ? 'gd.act.hqLostDivision' : 'gd.act.oneStack', rule: '2.4, 6.0' });
  const next: ActivationState = { ...activation, decisions: [...activation.decisions, decision] };
  const left = cup.chits.length + cup.next.length;
  if (!left) lines.push({ key: 'gd.act.phaseOver', rule: '3.4' });
  return {
    headline: {
      key: `gd.act.head.${decision.how}`,
      params: { hq: label(api, chit), ...(decision.battalion ? { battalion: label(api, decision.battalion) } : {}) },
    },
    lines,
    result: { ...decision },
    game: save(api.game, { activation: next }),
  };
};

/** A battalion's HQ lost (its chit stays, 2.4) or the battalion wholly eliminated (its chit leaves play, 3.5, 6.0, A12). */
export const battalion: Procedure = (input, api) => {
  const fields = obj(input);
  const chit = String(fields['chit'] ?? '');
  const status = fields['status'];
  need(status === 'hq-lost' || status === 'eliminated' || status === 'hq-restored', 'gd.err.battalionStatus');
  const data = chitData(api, chit);
  need(data, 'gd.err.unknownHq', { hq: chit });
  const activation = activationOf(api.game, api.turn);
  let next: ActivationState = activation;
  let cups: Record<string, Cup> | undefined;
  if (status === 'eliminated') {
    need(!activation.eliminated.includes(chit), 'gd.err.eliminated', { hq: chit });
    const cup = cupOf(api);
    next = { ...activation, eliminated: [...activation.eliminated, chit] };
    // A reinforcement not yet arrived has no chit in play yet; it simply never enters.
    if (allChits(cup).includes(chit) && !cup.removed.includes(chit)) cups = { [ACTIVATION_CUP]: removeChit(cup, chit) };
  } else if (status === 'hq-lost') next = { ...activation, hqLost: [...new Set([...activation.hqLost, chit])] };
  else next = { ...activation, hqLost: activation.hqLost.filter((c) => c !== chit) };
  return {
    headline: { key: `gd.act.head.${status}`, params: { hq: data.label } },
    lines: [
      {
        key: `gd.act.${status}`,
        params: { hq: data.label },
        rule: status === 'eliminated' ? '3.5, 6.0 (A12)' : '2.4, 6.0',
      },
    ],
    result: { chit, status },
    game: save(api.game, { activation: next }),
    ...(cups ? { cups } : {}),
  };
};

export const activationProcedures = gameProcedures('gd', { arrivals, opening, activate, battalion });
