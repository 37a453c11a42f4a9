/**
 * Grossdeutschland's turn (3.0–3.5): Weather → Supply → Activation → End of turn, the engine's
 * sequence of play (./sequence.ts): the phase shown is where the game stands, and the phase buttons
 * move it with the engine's phase step (logged), so a reload, a linked phone and the log agree. The
 * turn track is not in the text, so the players set each turn's type and printed weather modifier;
 * then the panel offers the procedures of each phase: weather, the HQ activation cup, combat with every
 * die modifier and the exact chances, barrage, direct fire, AA/Flak, bridge demolition, replacements.
 * The Activation phase's four screens (HQ chits, event chits, combat, fire) are screens of one phase.
 * Every step is asked for from its control (SessionTool `runAt`/`actAt`): a step the rules refuse is
 * said beside that control (`refusalAt`, test ids `gd-error-<where>`), never in the page's banner.
 */
import type { ProcedureId } from './rules';
import { html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { previewEnv, type Json, type PreviewEnv } from '../../engine';
import {
  READINGS,
  combatOffer,
  parseDrmList,
  dayOf,
  markersOf,
  phaseIndex,
  turnTrackEntry,
  turnTypeOf,
  weatherModifierOf,
  weatherOf,
  type TurnType,
} from './rules';
import { carriedTurn, PHASES, signed } from './state';
import { EVENT_CUP, eventsOf, netOf, pendingOf } from './events';
import { tx, use } from '../../ui/i18n';
import { t, translate } from './messages-keys';
import { sideName } from '../../ui/explain';
import { gdPanelStyles } from './panel.styles';
import { SessionTool } from '../../ui/components/session-tool';
import { sideNote } from '../../ui/side-lock';
import '../../ui/components/odds-bars';
import './panel-activation';
import './panel-events';
import './panel-tally';
import { session } from '../../ui/i18n/session';
import { checkField, numberField, textField } from '../../ui/fields';
import { readNumber, type NumberRule } from '../../ui/number-field';
import { onSubmit } from '../../ui/submit';
import { keepPlace, placeOf } from '../../ui/where-you-were';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(session);

const TURN_TYPES: TurnType[] = ['morning', 'day', 'evening', 'night'];
/** The turn track's weather modifier (3.0, 14.0) and the day, as the turn step reads them (rules.ts); the day may be left blank. */
const WEATHER_MODIFIER: NumberRule = { min: -3, max: 3 };
const DAY: NumberRule = { min: 1, max: 99, optional: true };
/** The fire procedures' numbers, as their steps read them (rules.ts: barrage 11.2, directFire 11.3, aa 10.7). */
const FIRE_NUMBERS: Readonly<Record<string, NumberRule>> = {
  'gd.barrage.distance': { min: 1, max: 30 },
  'gd.barrage.units': { min: 1, max: 9 },
  'gd.directFire.range': { min: 1, max: 20 },
  'gd.directFire.defence': { min: 0, max: 20 },
  'gd.aa.distance': { min: 0, max: 30 },
};

/** "6, 4 low, 3 out, 5 5K 2Gr" → [{af: 6, supply: 'full'}, {af: 4, supply: 'low'}, {af: 3, supply: 'out'}, {af: 5, unit: '5K 2Gr'}]. */
export function parseUnits(text: string, key: 'af' | 'df'): { [k: string]: Json }[] {
  return text
    .split(/[,;]/)
    .map((x) => x.trim())
    .filter(Boolean)
    .map((x) => {
      const match = /^(\d+)\s*(low|out|bajo|sin)?$/i.exec(x);
      // "6 5K 2Gr": a strength and the unit's name as in the supply record, which gives its supply (5.2).
      const named = match ? null : /^(\d+)\s+(\S.*)$/.exec(x);
      if (named) return { [key]: Number(named[1]), unit: named[2]! };
      const supply = !match?.[2] ? 'full' : /^(low|bajo)$/i.test(match[2]) ? 'low' : 'out';
      return { [key]: match ? Number(match[1]) : Number.NaN, supply };
    });
}

/**
 * The Activation phase (3.4) on one screen per step, so that no form is pages below another: the HQ
 * chits drawn and activated; an attack's event chits (10.3: drawn first, black chits played, AA at an
 * air chit); then its combat (10.0), under a one-line summary of the chits' net modifier; the fire
 * procedures (barrage, direct fire, AA/Flak) and bridge demolition.
 */
const ACTIVATION_STEPS = ['hq', 'chits', 'combat', 'fire'] as const;
type ActivationStep = (typeof ACTIVATION_STEPS)[number];

/** The forms whose draft goes once their step is logged, by the control the step is asked for at. */
const FORM_AT: Readonly<Record<string, string>> = {
  turn: 'gd-turn',
  combat: 'gd-combat',
  'gd.barrage': 'gd.barrage',
  'gd.directFire': 'gd.directFire',
  'gd.aa': 'gd.aa',
};

/** A field of a fire procedure's form: its input key and what is typed in it. */
type FormField = readonly [key: string, kind: 'num' | 'bool' | 'text'];

@customElement('wc-grossdeutschland-panel')
export class WcGrossdeutschlandPanel extends SessionTool<ProcedureId> {
  static override styles = gdPanelStyles;
  /** The screen of the Activation phase shown on this device (the phase itself is the engine's). */
  @state() private step: ActivationStep = 'hq';
  /** The game whose Activation screen was brought back from before a reload (src/ui/where-you-were.ts). */
  private placeFor?: string;

  override willUpdate(changed: Map<PropertyKey, unknown>) {
    super.willUpdate(changed);
    const id = this.current?.session.id;
    if (id && id !== this.placeFor) {
      this.placeFor = id;
      const step = placeOf<string>(id, 'step.activation');
      if ((ACTIVATION_STEPS as readonly unknown[]).includes(step)) this.step = step as ActivationStep;
    }
  }

  /**
   * The players move to a phase (3.1): the engine's phase step, logged, unless the game stands there
   * already (a tap on the phase shown logs nothing).
   */
  private toPhase(index: number) {
    const cur = this.current;
    if (index !== phaseIndex(cur.state.game, cur.state.turn)) void this.movePhase(index);
  }

  /** The form whose draft goes once the step asked for at `where` is logged (issue #28). */
  protected override draftAt(where: string): string | undefined {
    return FORM_AT[where];
  }

  /** The refusal of the step asked for at `where`, beside its control (test ids `gd-error-<where>`, `gd-anyway-<where>`). */
  private err(where: string) {
    return this.refusalAt(where, 'gd-');
  }

  /** The players move to a screen of the Activation phase: shown, and kept for this game across a reload. */
  private toStep(step: ActivationStep) {
    this.step = step;
    keepPlace(this.current.session.id, 'step.activation', step);
  }
  /** The combat form: clean after each combat is resolved, what is typed kept across a reload (issue #28). */
  private get c(): Record<string, Json> {
    return this.formDraft('gd-combat', {
      attackers: '',
      defenders: '',
      artillery: '',
      terrain: '0',
      chits: '0',
      water: 'none',
      attacker: 'german',
    });
  }
  private setC(k: string, v: Json) {
    this.setFormDraft('gd-combat', { [k]: v });
  }

  /** What the rules' previews read: the open game's tables, state and readings. */
  private get env(): PreviewEnv {
    const cur = this.current;
    return previewEnv(cur.ctx, cur.state, cur.session.settings.errata, this.readings);
  }

  private field(k: string, label: string, mode: 'text' | 'numeric' = 'numeric') {
    return textField(label, String(this.c[k] ?? ''), (v) => this.setC(k, v), { inputmode: mode });
  }
  private check(k: string, label: string) {
    return checkField(label, this.c[k] === true, (on) => this.setC(k, on));
  }

  /** The scenario's special rules the players apply on the map, shown where they matter (data: scenario.reminders). */
  private reminders(where: 'setup' | 'barrage' | 'directFire' | 'combat') {
    const lang = this.language;
    const rs = (this.current.ctx.scenario?.reminders ?? []).filter((r) => r.where.includes(where));
    return rs.length
      ? html`<ul class="reminders" data-testid="gd-reminders-${where}">
          ${rs.map((r) =>
            // Under the first turn's heading the rule number follows; beside a form it leads ("Scenario rule 18.4:").
            where === 'setup'
              ? html`<li>${tx(lang, r.text)} <span class="muted">(${r.rule})</span></li>`
              : html`<li>${t(lang, 'gdui.reminder', { rule: r.rule })} ${tx(lang, r.text)}</li>`,
          )}
        </ul>`
      : nothing;
  }

  /** The scenario's special rules beside a long form, folded under a line naming them (a phone keeps the form short). */
  private remindersFold(where: 'combat') {
    const lang = this.language;
    const rs = (this.current.ctx.scenario?.reminders ?? []).filter((r) => r.where.includes(where));
    return rs.length
      ? html`<details class="fold" data-testid="gd-reminders-fold-${where}">
          <summary>
            ${t(lang, 'gdui.remindersFold', { n: rs.length, rules: [...new Set(rs.map((r) => r.rule))].join(', ') })}
          </summary>
          ${this.reminders(where)}
        </details>`
      : nothing;
  }

  /** The chits of this attack in one line above its combat (10.3): their net modifier and the chits that stand. */
  private chitsSummary() {
    const lang = this.language;
    const cur = this.current;
    if (!cur.ctx.scenario?.eventChits || !eventsOf(cur.state.game)) return nothing;
    const pending = pendingOf(cur.state.game, cur.state.turn);
    const sides = cur.bundle.game.sides;
    const active = pending?.chits.filter((c) => c.status === 'active') ?? [];
    // One line: the step before (3b) is in the steps' row just above, to see or change them.
    return html`<p class="summary" data-testid="gd-chits-summary">
      ${
        pending
          ? html`<strong>${t(lang, 'gdev.pending', { net: signed(netOf(pending)) })}</strong>
              ${active.length ? active.map((c) => `${sideName(lang, sides, c.side)}: ${c.chit.name} (${signed(c.chit.modifier)})`).join('; ') : t(lang, 'gdui.chitsNoneActive')}`
          : t(lang, 'gdui.chitsNotYet')
      }
    </p>`;
  }

  /** The boxes the scenario's special rules add beside a form (Kursk 18.4: the off-map 2Art). */
  private boxes(where: 'barrage'): string[] {
    const rules = (this.current.ctx.scenario?.reminders ?? []).filter((r) => r.where.includes(where));
    return rules.flatMap((r) => (r.box ? [r.box] : []));
  }

  private combatJson(): Json {
    const form = this.c;
    const attackers = parseUnits(String(form['attackers']), 'af');
    return {
      attackers,
      defenders: parseUnits(String(form['defenders']), 'df'),
      defendingArtillery: String(form['artillery'])
        .split(/[,\s]+/)
        .filter(Boolean)
        .map(Number),
      // One field per penalty would crowd the form: a list ("3 3") keeps each one apart for the engineer (16.0).
      terrainDrm: String(form['terrain']).trim()
        ? (parseDrmList(String(form['terrain'])) ?? String(form['terrain']))
        : 0,
      // Typed by the players when the app does not hold the cups (10.3): a blank is refused by the step, never 0.
      chitDrm: eventsOf(this.current.state.game)
        ? 0
        : ((readNumber(form['chits'], { min: -20, max: 20 }) as { value?: number }).value ?? Number.NaN),
      fortifications: {
        trench: form['trench'] === true,
        minefield: form['minefield'] === true,
        dragonsTeeth: form['dragonsTeeth'] === true,
        bunker: form['bunker'] === true,
      },
      engineer: form['engineer'] === true,
      water: String(form['water']),
      acrossBridgeHexside: form['bridgeHexside'] === true,
      overrun: form['overrun'] === true,
      attackingUnits: attackers.length,
    } as Json;
  }

  private combatForm() {
    const lang = this.language;
    const cur = this.current;
    const crt0 = cur.ctx.tables.get('gd-crt')!;
    const game = cur.state.game,
      turn = cur.state.turn;
    const ev = eventsOf(game);
    // Before the app draws the event chits, the chances include every pair of chits the cups hold now.
    // Cups dealt between the phones (issue #33): what is left in them is no device's to count (no chances over the chits).
    const dealt = Object.values(EVENT_CUP).some((c) => cur.state.hidden?.[c]);
    const chits = ev?.mode === 'app' && !pendingOf(game, turn) && !dealt;
    // What the step offers, and why not, is the rules' (combatOffer: the procedure's own checks).
    const offer = combatOffer(this.env, this.combatJson(), dealt ? {} : cur.state.cups);
    const column = offer.ok ? offer.column : undefined;
    const dist = offer.ok ? offer.dist : undefined;
    const blocked = offer.ok ? undefined : translate(lang, offer.key, offer.params as never);
    const typedDrm = !ev;
    // The fortifications (15.0), the engineer (16.0), a bridge hexside and an overrun (9.4): folded under
    // a line that names those ticked (or says none), open while any is ticked — a phone keeps Resolve near.
    const more = (
      [
        ['trench', 'gdui.trench'],
        ['minefield', 'gdui.minefield'],
        ['dragonsTeeth', 'gdui.dragonsTeeth'],
        ['bunker', 'gdui.bunker'],
        ['engineer', 'gdui.engineer'],
        ['bridgeHexside', 'gdui.bridgeHexside'],
        ['overrun', 'gdui.overrun'],
      ] as const
    ).map(([k, key]) => [k, t(lang, key)] as const);
    const set = more.filter(([k]) => this.c[k] === true);
    return html`<fieldset>
      <legend>${t(lang, 'proc.gd.combat')}</legend>
      ${this.remindersFold('combat')}
      <details class="fold">
        <summary>${t(lang, 'gdui.unitsHelpShort')}</summary>
        <p class="muted">${t(lang, 'gdui.unitsHelp')}</p>
        <p class="muted">${t(lang, 'gdui.terrainHelp')}</p>
      </details>
      <div class="grid">
        ${this.field('attackers', t(lang, 'gdui.attackers'), 'text')}${this.field('defenders', t(lang, 'gdui.defenders'), 'text')}${this.field('artillery', t(lang, 'gdui.defArtillery'), 'text')}
      </div>
      <div class="grid">
        ${this.field('terrain', t(lang, 'gdui.terrainDrm'))}${typedDrm ? this.field('chits', t(lang, 'gdui.chitDrm')) : nothing}
        <label
          >${t(lang, 'gdui.water')}<select
            @change=${(e: Event) => this.setC('water', (e.target as HTMLSelectElement).value)}
          >
            ${(['none', 'stream', 'river', 'bridge'] as const).map((w) => html`<option value=${w} ?selected=${this.c['water'] === w}>${t(lang, `gdui.water.${w}`)}</option>`)}
          </select></label
        >
      </div>
      <details class="fold" data-testid="gd-combat-more" ?open=${set.length > 0}>
        <summary>
          ${t(lang, 'gdui.moreModifiers', { list: set.length ? set.map(([, label]) => label).join(', ') : t(lang, 'gdui.moreNone') })}
        </summary>
        <div class="grid">${more.slice(0, 4).map(([k, label]) => this.check(k, label))}</div>
        ${more.slice(4).map(([k, label]) => this.check(k, label))}
      </details>
      ${column ? html`<p><strong data-testid="gd-column">${t(lang, 'combat.column', { column })}</strong></p>` : nothing}
      <h4>${t(lang, 'odds.chances')}</h4>
      ${chits ? html`<p class="muted">${t(lang, 'gdev.chitChances')}</p>` : nothing}
      <wc-odds-bars .dist=${dist} .table=${crt0} .locale=${lang}></wc-odds-bars>
      ${blocked ? html`<p class="muted" data-testid="gd-blocked">${blocked}</p>` : nothing}
      <button
        class="primary"
        ?disabled=${!!blocked}
        @click=${() => this.runAt('combat', 'gd.combat', this.combatJson())}
      >
        ${t(lang, 'combat.resolve')}
      </button>
      ${this.err('combat')}
    </fieldset>`;
  }

  /**
   * Saves the turn as typed (3.0: its type and the track's weather modifier) when it is new or
   * changed, then, for "Roll the weather", rolls it (14.0): one tap for both. A refused turn stops there.
   */
  private async saveTurnThen(typed: { turnType: string; weatherModifier: number; day?: number }, rollWeather: boolean) {
    const game = this.current.state.game,
      turn = this.current.state.turn;
    const saved =
      turnTypeOf(game, turn) === typed.turnType &&
      weatherModifierOf(game, turn) === typed.weatherModifier &&
      dayOf(game, turn) === typed.day;
    if (!saved || !rollWeather) {
      // The turn's type rolls nothing: the dice typed for the weather stay for it.
      const entry = await this.actAt('turn', { type: 'procedure', id: 'gd.turn', input: typed });
      if (!entry) return;
    }
    if (rollWeather) await this.runAt('turn', 'gd.weather', {});
  }

  /** A fire procedure's form: its fields by key (labelled `gdui.<key>`), read when it is rolled. */
  private smallForm(id: ProcedureId, fields: readonly FormField[]) {
    const lang = this.language;
    // What is typed is kept as the form's draft (a reload keeps it; the roll drops it: issue #28).
    const typed = this.formDraft<Record<string, Json>>(id, {});
    const rule = (k: string) => FIRE_NUMBERS[`${id}.${k}`]!;
    const asked = this.askedForms.has(id);
    return html`<form
      data-draft=${id}
      @submit=${onSubmit((f) => {
        const input: Record<string, Json> = {};
        for (const [k, kind] of fields) {
          if (kind === 'num') {
            // A blank or bad number is said at its field and nothing is rolled: never read as 0 (item 15).
            const parsed = readNumber(typed[k], rule(k));
            if (!parsed.ok) return void this.askForm(id);
            input[k] = parsed.value!;
            continue;
          }
          if (kind === 'text' && !f.value(k).trim()) continue;
          input[k] = kind === 'bool' ? f.checked(k) : f.value(k).trim();
        }
        void this.runAt(id, id, input);
      })}
    >
      <fieldset>
        <legend>${t(lang, `proc.${id}`)}</legend>
        <div class="row">
          ${fields.map(([k, kind]) => {
            const label = translate(lang, `gdui.${k}`);
            return kind === 'bool'
              ? html`<label class="inline"><input type="checkbox" name=${k} /> ${label}</label>`
              : kind === 'text'
                ? html`<label>${label}<input type="text" name=${k} maxlength="40" /></label>`
                : numberField(label, String(typed[k] ?? ''), (v) => this.setFormDraft(id, { [k]: v }), rule(k), {
                    lang,
                    id: `${id}-${k}`,
                    name: k,
                    asked,
                  });
          })}
        </div>
        <button class="primary" type="submit">${t(lang, 'gdui.roll')}</button>
        ${this.err(id)}
      </fieldset>
    </form>`;
  }

  /** The fire procedures' forms, each beside the scenario's reminders for it (and the boxes they add). */
  private fireForms() {
    const forms: { id: ProcedureId; where?: 'barrage' | 'directFire'; fields: FormField[] }[] = [
      {
        id: 'gd.barrage',
        where: 'barrage',
        fields: [
          ['distance', 'num'],
          ['units', 'num'],
          ['tracked', 'bool'],
          ['fortified', 'bool'],
          ...this.boxes('barrage').map((box) => [box, 'bool'] as const),
          ['firer', 'text'],
        ],
      },
      {
        id: 'gd.directFire',
        where: 'directFire',
        fields: [
          ['range', 'num'],
          ['defence', 'num'],
          ['blocking', 'bool'],
          ['flak298', 'bool'],
          ['firer', 'text'],
        ],
      },
      {
        id: 'gd.aa',
        fields: [
          ['distance', 'num'],
          ['light', 'bool'],
        ],
      },
    ];
    return forms.map(
      ({ id, where, fields }) =>
        html`<div class="card">${where ? this.reminders(where) : nothing} ${this.smallForm(id, fields)}</div>`,
    );
  }

  override render() {
    const { lang, cur, turn } = this.view;
    const game = cur.state.game;
    // Where the game stands in its sequence of play, as the engine keeps it (a phase step moved it, or the turn's first).
    const index = phaseIndex(game, turn);
    const phase = PHASES[index]!.id;
    const tt = turnTypeOf(game, turn);
    const weather = weatherOf(game, turn);
    // The turn track, once typed in as a chart, fills the turn's form.
    const track = turnTrackEntry(cur.ctx.entered?.['gd-turn-track'], turn);
    // Otherwise the turn carries forward from the last one (3.0: Morning, Day, Evening, Night, then a new day).
    const carried = carriedTurn(game, turn);
    const weatherTable = cur.ctx.tables.get('gd-weather');
    const wName = weather && weatherTable?.legend?.[weather] ? tx(lang, weatherTable.legend[weather]!.name) : weather;
    const sides = cur.bundle.game.sides;
    // The turn's form starts from what the game knows (saved, the turn track, or carried from the last turn), typed over (issue #28).
    const typedTurn = this.formDraft(
      'gd-turn',
      {
        day: String(dayOf(game, turn) ?? track.day ?? carried.day ?? ''),
        wm: String(weatherModifierOf(game, turn) ?? track.weatherModifier ?? 0),
      },
      String(turn),
    );
    const wmRead = readNumber(typedTurn['wm'], WEATHER_MODIFIER);
    const dayRead = readNumber(typedTurn['day'], DAY);
    const asked = this.askedForms.has('gd-turn');
    return html` <h3 style="margin-top:0">
        ${t(lang, 'gdui.title', { turn, type: tt ? t(lang, `gdui.tt.${tt}`) : '?', weather: wName ?? '?' })}
      </h3>
      <nav class="row" aria-label=${t(lang, 'gdui.phases')}>
        ${PHASES.map(
          ({ id }, k) =>
            html`<button aria-current=${k === index ? 'step' : 'false'} @click=${() => this.toPhase(k)}>
              ${t(lang, `gdui.phase.${id}`)}
            </button>`,
        )}
      </nav>
      ${this.err('phase')}
      ${
        phase === 'activation'
          ? html`<nav class="grid steps" aria-label=${t(lang, 'gdui.steps')}>
              ${ACTIVATION_STEPS.map(
                (id) =>
                  html`<button aria-current=${this.step === id ? 'step' : 'false'} @click=${() => this.toStep(id)}>
                    ${t(lang, `gdui.step.${id}`)}
                  </button>`,
              )}
            </nav>`
          : nothing
      }
      ${this.rollsField()}
      ${
        phase === 'weather'
          ? html` <form
                class="card"
                @submit=${onSubmit((f, e) => {
                  // A blank modifier is not 0 (issue #28, item 15): it is said at the field.
                  if (!wmRead.ok || !dayRead.ok) return void this.askForm('gd-turn');
                  const typed = {
                    turnType: f.value('tt'),
                    weatherModifier: wmRead.value!,
                    ...(dayRead.value !== undefined ? { day: dayRead.value } : {}),
                  };
                  void this.saveTurnThen(typed, (e.submitter as HTMLElement | null)?.dataset['roll'] === 'weather');
                })}
              >
                <p class="muted">
                  ${t(lang, 'gdui.turnHelp')}${Object.keys(track).length ? ` ${t(lang, 'gdev.fromTrack')}` : ''}
                </p>
                <div class="row">
                  ${numberField(t(lang, 'gdev.day'), String(typedTurn['day']), (v) => this.setFormDraft('gd-turn', { day: v }, String(turn)), DAY, { lang, id: 'gd-turn-day', name: 'day', asked })}
                  <label
                    >${t(lang, 'gdui.turnType')}<select name="tt">
                      ${TURN_TYPES.map((x) => html`<option value=${x} ?selected=${(tt ?? track.turnType ?? carried.turnType) === x}>${t(lang, `gdui.tt.${x}`)}</option>`)}
                    </select></label
                  >
                  ${numberField(t(lang, 'gdui.weatherModifier'), String(typedTurn['wm']), (v) => this.setFormDraft('gd-turn', { wm: v }, String(turn)), WEATHER_MODIFIER, { lang, id: 'gd-turn-wm', name: 'wm', asked })}
                  <button type="submit">${t(lang, 'common.save')}</button>
                </div>
                <!-- One tap: the turn as typed is saved first when it is new or changed, then the weather is rolled. -->
                <button class="primary" type="submit" data-roll="weather">${t(lang, 'gdui.rollWeather')}</button>
                ${this.err('turn')}
              </form>
              ${
                turn === 1 && cur.ctx.scenario?.reminders?.some((r) => r.where.includes('setup'))
                  ? html`<details class="card" open>
                      <summary>${t(lang, 'gdui.setupReminders')}</summary>
                      ${this.reminders('setup')}
                    </details>`
                  : nothing
              }`
          : nothing
      }
      ${
        phase === 'supply'
          ? html`<div class="card"><p>${t(lang, 'gdui.supplyHelp')}</p></div>
              <wc-gd-supply .store=${this.store} .current=${cur} .physical=${this.physical}></wc-gd-supply>`
          : nothing
      }
      ${
        phase === 'activation' && this.step === 'hq'
          ? html`<wc-gd-activation .store=${this.store} .current=${cur}></wc-gd-activation>`
          : nothing
      }
      ${
        phase === 'activation' && this.step === 'chits'
          ? html`${
                cur.ctx.scenario?.eventChits
                  ? html`<wc-gd-events
                      .store=${this.store}
                      .current=${cur}
                      .physical=${this.physical}
                      .rolls=${this.rolls}
                    ></wc-gd-events>`
                  : html`<p class="card muted" data-testid="gd-no-event-chits">${t(lang, 'gdui.noEventChits')}</p>`
              }
              <p>
                <button class="primary" data-testid="gd-to-combat" @click=${() => this.toStep('combat')}>
                  ${t(lang, 'gdui.toCombat')}
                </button>
              </p>`
          : nothing
      }
      ${
        phase === 'activation' && this.step === 'combat'
          ? html`${this.chitsSummary()}
              <div class="card">${this.combatForm()}</div>`
          : nothing
      }
      ${
        phase === 'activation' && this.step === 'fire'
          ? html`${this.fireForms()}
              <div class="card">
                <button @click=${() => this.runAt('bridge', 'gd.bridge', {})}>${t(lang, 'proc.gd.bridge')}</button>
                ${this.err('bridge')}
              </div>`
          : nothing
      }
      ${
        phase === 'end'
          ? html`<div class="card">
                ${tt === 'night' ? sides.map((s) => html`<button class="primary" ?disabled=${!!this.sideLock('gd.replacement', { side: s.id }, '4.1')} @click=${() => this.runAt('replacement', 'gd.replacement', { side: s.id })}>${t(lang, 'gdui.replacement', { side: sideName(lang, sides, s.id) })}</button> `) : html`<p class="muted">${t(lang, 'gdui.noReplacement')}</p>`}
                ${tt === 'night' ? sides.map((s) => sideNote(this.sideLock('gd.replacement', { side: s.id }, '4.1'))) : nothing}
                ${this.err('replacement')}
                <p class="muted" data-testid="gd-end-markers">
                  ${t(lang, markersOf(game, turn).fired ? 'gd.end.fired' : 'gd.end.firedNone', { n: markersOf(game, turn).fired })}
                  ${t(lang, markersOf(game, turn).pinned ? 'gd.end.pinned' : 'gd.end.pinnedNone', { n: markersOf(game, turn).pinned })}
                </p>
                <p>
                  <button data-testid="gd-end-check" @click=${() => this.runAt('endOfTurn', 'gd.endOfTurn', {})}>
                    ${t(lang, 'proc.gd.endOfTurn')}
                  </button>
                  <button
                    @click=${async () => {
                      // The new turn starts at its weather phase (the engine's position), its Activation at its first screen.
                      const entry = await this.actAt('endTurn', { type: 'end-turn' });
                      if (entry) this.toStep('hq');
                    }}
                  >
                    ${t(lang, 'play.endTurn', { n: turn })}
                  </button>
                </p>
                ${this.err('endOfTurn')} ${this.err('endTurn')}
              </div>
              <wc-gd-vp .store=${this.store} .current=${cur} .physical=${this.physical}></wc-gd-vp>`
          : nothing
      }
      ${this.readingsChooser({
        summary: t(lang, 'gdui.readings'),
        readings: READINGS,
        legend: (id) => translate(lang, `gdui.reading.${id}`),
        choice: (id, ch) => translate(lang, `gdui.choice.${id}.${ch}`),
      })}`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-grossdeutschland-panel': WcGrossdeutschlandPanel;
  }
}
