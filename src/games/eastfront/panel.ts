/**
 * EastFront's turn panel: the month's sequence of play (Production → two fortnights of weather and
 * two player turns; one fortnight in June 1941, Scn S41 2, and in Edelweiss's July 1942, Scn
 * Edelweiss 1), the weather tool, the battle resolver (blocks per side, a round run step by step with
 * each step's dice and the chance of each number of hits before the roll, the owner's choice on
 * ties), pursuit fire and the satellite surrender roll.
 * Every step runs through the store as a logged, replayable procedure; with physical dice the faces
 * typed in go with it. Each result and each refusal is shown next to the control that caused it.
 */
import type { ProcedureId } from './rules';
import { css, html, nothing, type TemplateResult } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { Json, LogEntry, ProcedureOutcome, SumDistribution } from '../../engine';
import { asJson } from '../../engine';
import type { Problem } from '../../app/store-types';
import { SessionTool } from '../../ui/components/session-tool';
import { parseRolls } from '../../ui/components/manual-dice';
import { explain } from '../../ui/explain';
import { t, translate } from './messages-keys';
import { base } from '../../ui/styles';
import {
  FORTRESSES,
  HQ_MAX_VM,
  PHASES,
  READINGS,
  SHQ_PLACES,
  SATELLITES,
  SURRENDERS_DONE,
  TERRAINS,
  UNIT_TYPES,
  W44_MONTHS,
  WEATHERS,
  airFire,
  alive,
  battleNext,
  battleOf,
  calendarWeather,
  hqLedger,
  hqLines,
  hqView,
  mandatoryBattles,
  knownWeather,
  OB_EVENTS,
  REINFORCEMENTS,
  monthOf,
  monthPhases,
  reinforcementsIn,
  passiveMult,
  phaseIndex,
  playerTurnSide,
  pursuitPreview,
  scenarioFirstPlayer,
  scenarioOf,
  segmentFortnight,
  sequenceNotes,
  shooters,
  stepPreview,
  surrenderChance,
  weatherAt,
  weatherChances,
  type Block,
  type FortressName,
  type Front,
  type Scenario,
  type Side,
  type UnitType,
  type Weather,
} from './rules';
import { checkField, numberField, textField } from '../../ui/fields';
import { readNumber } from '../../ui/number-field';
import { PrivateView } from '../../ui/hand-off';

/** A line's number parameters (the HQ ledger's lines carry only numbers: radius, dice, range, moves). */
const numbers = (params: Readonly<Record<string, unknown>> | undefined): Record<string, number> =>
  Object.fromEntries(Object.entries(params ?? {}).filter((e): e is [string, number] => typeof e[1] === 'number'));
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pct = (lang: string, p: number) =>
  p > 0 && p < 0.0005
    ? `<${new Intl.NumberFormat(lang === 'es' ? 'es-ES' : 'en-GB').format(0.1)}%`
    : `${new Intl.NumberFormat(lang === 'es' ? 'es-ES' : 'en-GB', { maximumFractionDigits: 1 }).format(100 * p)}%`;

type RoundForm = { active?: Side; supported: boolean; air: string };
const FRESH_PURSUIT = {
  weather: '',
  terrain: 'clear',
  rg: { id: 'R', side: 'soviet' as Side, type: 'infantry' as UnitType, cv: '2' },
  pursuers: '',
  evacuation: 'none',
  /** In a fortress only the Original Defender has Triple Defence (1.46, 7.23): the players say which the rearguard is. */
  role: '' as '' | 'od' | 'oa',
};
type PursuitForm = typeof FRESH_PURSUIT;
type SurrenderForm = { satellite: string; hexes: string; eliminated: string };
const FRESH_HQ = { id: '', vm: '', supreme: false, blitz: false, at: 'elsewhere', front: 'east' };
type HqForm = typeof FRESH_HQ;
/** The HQ's current VM as typed (4.41, 5.1): 0 (Ø) to IV. */
const HQ_VM = { min: 0, max: HQ_MAX_VM } as const;
const FRESH_MUST = { newBattles: '', airBattles: '', fortresses: [] as string[], fought: [] as string[] };
type MustForm = typeof FRESH_MUST;

interface Draft {
  id: string;
  side: Side;
  type: UnitType;
  cv: string;
  ss?: boolean;
  siege?: boolean;
  largest?: boolean;
  eliminated?: boolean;
  repulsed?: boolean;
}

/** A narrow field for a number the players type, `width` wide (as its numbers need), bound like textField. */
const numberBox = (label: string, value: string, onValue: (text: string) => void, width: string, testid?: string) =>
  html`<label
    >${label}<input
      style="width:${width}"
      inputmode="numeric"
      data-testid=${testid ?? nothing}
      .value=${value}
      @input=${(e: Event) => onValue((e.target as HTMLInputElement).value)}
  /></label>`;

@customElement('wc-eastfront-panel')
export class WcEastfrontPanel extends SessionTool<ProcedureId> {
  static override styles = [
    base,
    css`
      .dice {
        display: flex;
        flex-wrap: wrap;
        gap: 0.25rem;
        align-items: center;
      }
      .die {
        width: 2rem;
        height: 2rem;
        font-size: 1.05rem;
      }
      .die.rep {
        outline: 3px dashed var(--warn);
        outline-offset: -3px;
      }
      .bars {
        display: grid;
        grid-template-columns: 4.5rem 1fr 3.6rem;
        gap: 0.15rem 0.4rem;
        align-items: center;
        font-size: 0.9rem;
      }
      .bar {
        height: 0.8rem;
        background: var(--accent);
        border-radius: 4px;
      }
      .blk {
        display: flex;
        flex-wrap: wrap;
        gap: 0.3rem;
        align-items: flex-end;
        border-top: 1px solid var(--border);
        padding: 0.3rem 0;
      }
      .blk input.lbl {
        width: 4.2rem;
      }
      .blk input.cv {
        width: 3.4rem;
      }
      label.inline {
        flex-direction: row;
        align-items: center;
        min-height: 44px;
        gap: 0.4rem;
      }
      label.inline input {
        min-height: auto;
        min-width: auto;
        width: 1.3rem;
        height: 1.3rem;
      }
      .result {
        border-left: 4px solid var(--accent);
        padding-left: 0.6rem;
        margin: 0.4rem 0;
      }
      .result strong.head {
        font-size: 1.15rem;
      }
      .result ul {
        margin: 0.2rem 0;
        padding-left: 1.1rem;
        font-size: 0.9rem;
      }
      .status span.tag {
        font-size: 0.8rem;
        color: var(--muted);
      }
      .status li.out {
        text-decoration: line-through;
        color: var(--muted);
      }
    `,
  ];

  @state() private errors: Record<string, Problem> = {};
  /**
   * The battle's blocks as edited, before they are saved (none: the battle's own). A form draft
   * (SessionTool.formDraft): kept across a reload, dropped once the battle is set up (issue #28).
   */
  private get draft(): Draft[] | undefined {
    return this.formDraft<{ blocks?: Draft[] }>('ef-blocks', {}).blocks;
  }
  private set draft(list: Draft[] | undefined) {
    if (list) this.setFormDraft('ef-blocks', { blocks: list });
    else this.dropFormDraft('ef-blocks');
  }
  /** Hidden blocks (7.12): each side enters its blocks after a hand-off (privateView). */
  @state() private privateMode = false;
  /** Each side's hidden blocks, behind the hand-off (src/ui/hand-off.ts). */
  private readonly privateView = new PrivateView(this);
  /** The battle's terrain, weather, OD and assault as chosen: a form draft like the blocks. */
  private get setup(): Record<string, Json> {
    return this.formDraft('ef-setup', {});
  }
  private set setup(v: Record<string, Json>) {
    if (Object.keys(v).length) this.setFormDraft('ef-setup', v);
    else this.dropFormDraft('ef-setup');
  }
  /*
   * The tools' forms are form drafts (SessionTool.formDraft), one per place a step is run from
   * (`run`'s `where`: 'ef-<where>'): kept across a reload, dropped once that step is logged, so the
   * next round, pursuit, surrender roll or tally starts clean (issue #28).
   */
  private get round(): RoundForm {
    return this.formDraft<RoundForm>('ef-battle', { supported: true, air: '0' });
  }
  private set round(v: RoundForm) {
    this.setFormDraft('ef-battle', v);
  }
  private get pursuitForm(): PursuitForm {
    return this.formDraft<PursuitForm>('ef-pursuit', FRESH_PURSUIT);
  }
  private set pursuitForm(v: PursuitForm) {
    this.setFormDraft('ef-pursuit', v);
  }
  private get sur(): SurrenderForm {
    return this.formDraft<SurrenderForm>('ef-surrender', { satellite: 'romania', hexes: '1', eliminated: '0' });
  }
  private set sur(v: SurrenderForm) {
    this.setFormDraft('ef-surrender', v);
  }

  private get scenario(): Scenario {
    return scenarioOf(this.current.session.scenario) ?? 's41';
  }

  /** Runs a procedure; a refusal is kept to be shown at the control `where`, not in the page's banner. */
  private async run(where: string, id: ProcedureId, input: Json) {
    const manual = this.physical ? parseRolls(this.rolls) : undefined;
    const entry = await this.store.act({ type: 'procedure', id, input, ...(manual ? { manual } : {}) });
    // The form the step was run from starts clean (issue #28); the battle's setup has its own drafts.
    if (entry && where !== 'setup') this.dropFormDraft(`ef-${where}`);
    const errors = { ...this.errors };
    delete errors[where];
    // Typed-in faces are used up only by a step that rolled them; a step that rolls nothing leaves them.
    if (entry && entry.outcome.kind === 'procedure' && entry.outcome.rolls.length) this.rolls = '';
    else {
      const p = this.store.getState().problem;
      if (p) {
        errors[where] = p;
        this.store.dismissProblem();
      }
    }
    this.errors = errors;
    await this.updateComplete;
    const at = this.renderRoot.querySelector(`[data-at="${where}"]`);
    (at?.querySelector('.head') ?? at)?.scrollIntoView?.({ block: 'nearest' });
    return entry;
  }

  /** Which field of block `id` the setup's refusal is about: its CV (a number out of range) or its label (twice). */
  private fieldError(id: string): 'cv' | 'label' | undefined {
    const p = this.errors['setup'];
    if (!p) return undefined;
    if (p.key === 'ef.err.number' && p.params?.['name'] === id) return 'cv';
    if (p.key === 'ef.err.duplicate' && p.params?.['unit'] === id) return 'label';
    return undefined;
  }

  private err(where: string) {
    const p = this.errors[where];
    if (!p) return nothing;
    const params = Object.fromEntries(
      Object.entries(p.params ?? {}).map(([k, v]) => [
        k,
        typeof v === 'string' && v.startsWith('ef.') ? translate(this.language, v) : String(v),
      ]),
    );
    return html`<p class="err" role="alert" data-testid="ef-error-${where}">
      ${translate(this.language, p.key, params)}
    </p>`;
  }

  /** The latest standing step of these procedures (after a reload too). */
  private latest(ids: readonly string[], filter?: (o: ProcedureOutcome) => boolean): LogEntry | undefined {
    return this.current.session.log.findLast(
      (e) =>
        !e.undone && e.outcome.kind === 'procedure' && ids.includes(e.outcome.id) && (!filter || filter(e.outcome)),
    );
  }

  private result(where: string, e: LogEntry | undefined, extra?: TemplateResult) {
    if (!e) return html`<div data-at=${where}></div>`;
    const x = explain(this.language, e.outcome, this.current.ctx);
    return html`<div class="result" data-at=${where} data-testid="ef-result-${where}">
      <strong class="head">${x.headline}</strong> <span class="muted">${x.summary}</span>
      ${extra ?? nothing}
      <ul>
        ${x.lines.map((l) => html`<li>${l}</li>`)}
      </ul>
    </div>`;
  }

  private diceRow(shots: readonly { unit: string; fire: string; hitOn: number; dice: number[]; repulseOn?: number }[]) {
    const lang = this.language;
    return html`${shots.map(
      (s) =>
        html`<div class="dice" data-testid="ef-shot">
          <span>${s.unit === 'air' ? t(lang, 'ef.ui.step.air') : s.unit} · ${translate(lang, `ef.fp.${s.fire}`)}</span>
          ${s.dice.map(
            (d) =>
              html`<span
                class="die ${d >= s.hitOn ? 'hit' : ''} ${s.repulseOn && d <= s.repulseOn ? 'rep' : ''}"
                title=${d >= s.hitOn ? t(lang, 'ef.ui.hit') : s.repulseOn && d <= s.repulseOn ? t(lang, 'ef.ui.repulsed') : ''}
                >${d}</span
              >`,
          )}
        </div>`,
    )}`;
  }

  private bars(dist: SumDistribution, label: (k: number) => string, testid: string) {
    const lang = this.language;
    const rows = [...dist.counts].filter(([, c]) => c > 0);
    const max = Math.max(...rows.map(([, c]) => c));
    return html`<div class="bars" data-testid=${testid}>
      ${rows.map(
        ([k, c]) =>
          html`<span>${label(k)}</span
            ><span><span class="bar" style="display:block;width:${(100 * c) / max}%"></span></span
            ><span>${pct(lang, c / dist.outcomes)}</span>`,
      )}
    </div>`;
  }

  // ------------------------------------------------------------------ weather

  private weatherTool(fortnight: 1 | 2) {
    const { lang, cur, turn } = this.view;
    const { month } = monthOf(this.scenario, turn);
    const out: TemplateResult[] = [];
    // A scenario rule that names the first player over the weather (Scn S44 3), said beside the roll
    // and its recorded line, which keeps the weather's side (12.21) as saved games have it.
    const byRule = scenarioFirstPlayer(this.scenario, turn, fortnight);
    const ruleNote = byRule
      ? html`<p data-testid="ef-weather-first-rule">
          ${`${translate(lang, `ef.ui.firstByRule.${this.scenario}`)} (${t(lang, 'x.rule', { rule: byRule.rule })})`}
        </p>`
      : undefined;
    for (const front of ['east', 'west'] as Front[]) {
      const w = weatherAt(cur.state.game, turn, fortnight, front);
      const note = front === 'east' ? ruleNote : undefined;
      const cal = calendarWeather(front, month);
      const chances = weatherChances(front, month);
      const where = `weather-${front}`;
      out.push(
        html`<fieldset>
          <legend>${t(lang, front === 'east' ? 'ef.ui.weatherEast' : 'ef.ui.weatherWest')}</legend>
          ${
            w
              ? html`<p data-testid="ef-weather-${front}">
                  <strong
                    >${front === 'east' ? t(lang, 'ef.ui.weatherIs', { n: fortnight, weather: t(lang, `ef.w.${w}`), side: translate(lang, `ef.side.${playerTurnSide(cur.state.game, this.scenario, turn, fortnight, 1)}`) }) : t(lang, `ef.w.${w}`)}</strong
                  >
                </p>`
              : html`<p class="muted">
                    ${cal !== 'variable' ? t(lang, 'ef.ui.weatherFixed', { weather: t(lang, `ef.w.${cal}`) }) : chances ? t(lang, 'ef.ui.weatherChance', { even: t(lang, `ef.w.${chances[0]!.code}`), odd: t(lang, `ef.w.${chances[1]!.code}`) }) : nothing}
                  </p>
                  ${note ?? nothing}
                  ${cal === 'variable' ? this.rollsField({ label: t(this.language, 'ef.ui.dice'), testid: 'ef-rolls', card: false }) : nothing}
                  <button
                    class="primary"
                    data-testid="ef-weather-roll-${front}"
                    @click=${() => this.run(where, 'ef.weather', { front, fortnight })}
                  >
                    ${t(lang, front === 'east' ? 'ef.ui.weatherEast' : 'ef.ui.weatherWest')}
                  </button>`
          }
          ${this.err(where)}
          ${this.result(
            where,
            this.latest(['ef.weather'], (o) => {
              const r = o.result as { front?: string; fortnight?: number };
              return r.front === front && r.fortnight === fortnight;
            }),
            w ? note : undefined,
          )}
        </fieldset>`,
      );
    }
    return out;
  }

  // ------------------------------------------------------------------ battle

  private blocksNow(): Draft[] {
    if (this.draft) return this.draft;
    const b = battleOf(this.current.state.game);
    return (b?.blocks ?? []).map((x) => ({
      id: x.id,
      side: x.side,
      type: x.type,
      cv: String(x.cv),
      ...(x.ss ? { ss: true } : {}),
      ...(x.siege ? { siege: true } : {}),
      ...(x.largest ? { largest: true } : {}),
      ...(x.eliminated ? { eliminated: true } : {}),
      ...(x.repulsed ? { repulsed: true } : {}),
    }));
  }

  private setupValue(k: string, fallback: Json): Json {
    const b = battleOf(this.current.state.game) as Readonly<Record<string, Json>> | undefined;
    return this.setup[k] ?? b?.[k] ?? fallback;
  }

  private battleInput(keep: boolean): Json {
    const a = (this.setupValue('assault', {}) ?? {}) as Record<string, Json>;
    return {
      terrain: this.setupValue('terrain', 'clear'),
      weather: this.setupValue('weather', this.defaultWeather()),
      scenario: this.scenario,
      od: this.setupValue('od', 'soviet'),
      ...(this.setupValue('june1941', false) === true ? { june1941: true } : {}),
      ...(this.setupValue('city', false) === true ? { city: true } : {}),
      assault: a,
      continue: keep,
      blocks: asJson(
        this.blocksNow().map((d) => ({
          ...d,
          cv: /^\d+$/.test(d.cv.trim()) ? Number(d.cv) : d.cv,
        })),
      ),
    };
  }

  private defaultWeather(): string {
    const cur = this.current;
    const f = segmentFortnight(this.scenario, cur.state.turn, phaseIndex(cur.state.game, cur.state.turn));
    return knownWeather(cur.state.game, this.scenario, cur.state.turn, f, 'east') ?? 'dry';
  }

  private editBlock(k: number, patch: Partial<Draft>) {
    const list = [...this.blocksNow()];
    list[k] = { ...list[k]!, ...patch };
    this.draft = list;
  }

  /**
   * A side's block editor, or — with hidden blocks (7.12, 7.14) — its hand-off: only that side's
   * player, once holding the device, sees and types its blocks (src/ui/hand-off.ts); the others see
   * how many there are.
   */
  private privateEditor(side: Side, hidden: boolean) {
    if (!hidden) return this.blockEditor(side);
    const lang = this.language;
    const name = t(lang, `ef.side.${side}`);
    const adj = t(lang, `ef.adj.${side}`);
    const n = this.blocksNow().filter((b) => b.side === side).length;
    return this.privateView.gate(`ef-blocks-${side}`, {
      side,
      name: adj,
      ask: t(lang, 'ef.ui.enterPrivately', { side: t(lang, `ef.adjPl.${side}`) }),
      question: t(lang, 'ef.ui.handTo', { side: adj }),
      testid: `ef-enter-${side}`,
      open: html`<p data-testid="ef-hidden-${side}">${t(lang, 'ef.ui.hiddenCount', { side: name, n })}</p>`,
      show: () => this.blockEditor(side),
    });
  }

  private blockEditor(side: Side) {
    const lang = this.language;
    const list = this.blocksNow();
    const terrain = this.setupValue('terrain', 'clear');
    const od = this.setupValue('od', 'soviet');
    return html`<fieldset data-testid="ef-blocks-${side}">
      <legend>${t(lang, 'ef.ui.blocks', { side: t(lang, `ef.adjPl.${side}`) })}</legend>
      ${list.map((d, k) => {
        // A block's yes-or-no marks (SS, siege, largest in a fortress), each shown where it applies.
        const flag = (key: 'ss' | 'siege' | 'largest', label: string) =>
          checkField(translate(lang, label), !!d[key], (on) => this.editBlock(k, { [key]: on }));
        return d.side !== side
          ? nothing
          : html`<div class="blk">
              <label
                >${t(lang, 'ef.ui.label')}<input
                  aria-invalid=${this.fieldError(d.id) === 'label' ? 'true' : 'false'}
                  class="lbl"
                  data-testid="ef-label"
                  maxlength="24"
                  .value=${d.id}
                  @input=${(e: Event) => this.editBlock(k, { id: (e.target as HTMLInputElement).value })}
              /></label>
              <label
                >${t(lang, 'ef.ui.type')}<select
                  data-testid="ef-type"
                  @change=${(e: Event) => this.editBlock(k, { type: (e.target as HTMLSelectElement).value as UnitType })}
                >
                  ${UNIT_TYPES.map((u) => html`<option value=${u} ?selected=${d.type === u}>${t(lang, `ef.type.${u}`)}</option>`)}
                </select></label
              >
              <label
                >${t(lang, 'ef.ui.cv')}<input
                  class="cv"
                  data-testid="ef-cv"
                  aria-invalid=${this.fieldError(d.id) === 'cv' ? 'true' : 'false'}
                  type="text"
                  inputmode="numeric"
                  .value=${d.cv}
                  @input=${(e: Event) => this.editBlock(k, { cv: (e.target as HTMLInputElement).value })}
              /></label>
              ${side === 'axis' && (d.type === 'armor' || d.type === 'mech') ? flag('ss', 'ef.ui.ss') : nothing}
              ${side === 'axis' && d.type === 'infantry' ? flag('siege', 'ef.ui.siege') : nothing}
              ${terrain === 'fortress' && side === od ? flag('largest', 'ef.ui.largest') : nothing}
              <button
                aria-label=${t(lang, 'ef.ui.remove', { unit: d.id })}
                @click=${() => (this.draft = this.blocksNow().filter((_, j) => j !== k))}
              >
                ×
              </button>
              ${
                this.fieldError(d.id) && list.findLastIndex((x) => x.id === d.id) === k
                  ? html`<span style="flex-basis:100%">${this.err('setup')}</span>`
                  : nothing
              }
            </div>`;
      })}
      <button
        data-testid="ef-add-${side}"
        @click=${() => {
          const list = this.blocksNow();
          const prefix = side === 'axis' ? 'A' : 'S';
          let n = list.filter((b) => b.side === side).length + 1;
          while (list.some((b) => b.id === `${prefix}${n}`)) n++;
          this.draft = [...list, { id: `${prefix}${n}`, side, type: 'infantry', cv: '3' }];
        }}
      >
        ${t(lang, 'ef.ui.add', { side: t(lang, `ef.adj.${side}`) })}
      </button>
    </fieldset>`;
  }

  private select(k: string, options: readonly string[], label: string, prefix: string, fallback: string) {
    const lang = this.language;
    const v = String(this.setupValue(k, fallback));
    return html`<label
      >${translate(lang, label)}<select
        data-testid="ef-${k}"
        @change=${(e: Event) => (this.setup = { ...this.setup, [k]: (e.target as HTMLSelectElement).value })}
      >
        ${options.map((o) => html`<option value=${o} ?selected=${v === o}>${translate(lang, `${prefix}${o}`)}</option>`)}
      </select></label
    >`;
  }

  private battleSetupForm() {
    const lang = this.language;
    const a = (this.setupValue('assault', {}) ?? {}) as Record<string, Json>;
    const setA = (k: string, v: boolean) => {
      this.setup = { ...this.setup, assault: { ...a, [k]: v } };
    };
    const check = (k: string, label: string) =>
      checkField(translate(lang, label), a[k] === true, (on) => setA(k, on), { testid: `ef-assault-${k}` });
    const battle = battleOf(this.current.state.game);
    return html`<details ?open=${!battle || !!this.draft} data-testid="ef-setup">
      <summary>${t(lang, 'ef.ui.battle')}</summary>
      <div class="row">
        ${this.select('terrain', TERRAINS, 'ef.ui.terrain', 'ef.t.', 'clear')}
        ${this.select('weather', WEATHERS, 'ef.ui.weather', 'ef.w.', this.defaultWeather())}
        ${this.select('od', ['axis', 'soviet'], 'ef.ui.od', 'ef.side.', 'soviet')}
      </div>
      ${
        this.setupValue('terrain', 'clear') === 'fortress'
          ? checkField(
              t(lang, 'ef.ui.fortressCity'),
              this.setupValue('city', false) === true,
              (on) => (this.setup = { ...this.setup, city: on }),
              { testid: 'ef-city' },
            )
          : nothing
      }
      <fieldset>
        <legend>${t(lang, 'ef.ui.assault')}</legend>
        <div class="row">
          ${check('river', 'ef.ui.river')} ${check('air', 'ef.ui.airAssault')} ${check('naval', 'ef.ui.naval')}
          ${a['naval'] === true ? check('coast', 'ef.ui.coast') : nothing}
        </div>
        ${
          this.scenario === 's41' && this.current.state.turn === 1
            ? checkField(
                t(lang, 'ef.ui.june1941'),
                this.setupValue('june1941', false) === true,
                (on) => (this.setup = { ...this.setup, june1941: on }),
              )
            : nothing
        }
      </fieldset>
      ${
        !battle?.hidden?.length
          ? checkField(
              t(lang, 'ef.ui.private'),
              this.privateMode,
              (on) => {
                this.privateMode = on;
                this.privateView.hide();
              },
              { testid: 'ef-private' },
            )
          : nothing
      }
      ${(['axis', 'soviet'] as Side[]).map((side) => this.privateEditor(side, !!(this.privateMode || battle?.hidden?.length)))}
      <div class="row">
        <button data-testid="ef-clear" @click=${() => (this.draft = [])}>${t(lang, 'ef.ui.clear')}</button>
        <button
          class="primary"
          data-testid="ef-new-battle"
          @click=${async () => {
            if (
              await this.run('setup', 'ef.battle', {
                ...(this.battleInput(false) as Record<string, Json>),
                ...(this.privateMode ? { hidden: true } : {}),
              })
            ) {
              this.privateMode = false;
              this.privateView.hide();
              this.draft = undefined;
              this.setup = {};
              this.retreating = undefined;
            }
          }}
        >
          ${t(lang, 'ef.ui.newBattle')}
        </button>
        ${
          battle
            ? html`<button
                data-testid="ef-save-blocks"
                @click=${async () => {
                  if (
                    await this.run('setup', 'ef.battle', {
                      ...(this.battleInput(true) as Record<string, Json>),
                      ...(battle.hidden?.length ? { hidden: true } : {}),
                    })
                  ) {
                    this.privateView.hide();
                    this.draft = undefined;
                    this.setup = {};
                  }
                }}
              >
                ${t(lang, 'ef.ui.saveBlocks')}
              </button>`
            : nothing
        }
      </div>
      ${this.blocksNow().some((d) => this.fieldError(d.id)) ? nothing : this.err('setup')}
    </details>`;
  }

  private battleStatus() {
    const lang = this.language;
    const b = battleOf(this.current.state.game)!;
    const r = b.round;
    const mult = r ? passiveMult(b, r.active, r.supported).mult : 2;
    return html`<div class="row status" style="align-items:flex-start" data-testid="ef-status">
      ${(['axis', 'soviet'] as Side[]).map((side) =>
        b.hidden?.includes(side) && (!r || r.step === 'done')
          ? html`<div data-testid="ef-standing-${side}">
              <strong>${t(lang, `ef.side.${side}`)}${side === b.od ? ` ${t(lang, 'ef.ui.odTag')}` : ''}</strong>
              <p class="muted">
                ${t(lang, 'ef.ui.standing', { n: b.blocks.filter((x) => x.side === side && alive(x)).length })}
              </p>
            </div>`
          : html`<div>
              <strong>${t(lang, `ef.side.${side}`)}${side === b.od ? ` ${t(lang, 'ef.ui.odTag')}` : ''}</strong>
              <ul class="plain">
                ${b.blocks
                  .filter((x) => x.side === side)
                  .map(
                    (x: Block) =>
                      html`<li class=${alive(x) ? '' : 'out'} data-testid="ef-block-${x.id}">
                        ${x.id} · ${t(lang, `ef.type.${x.type}`)} ·
                        <strong>${x.eliminated ? '✕' : x.type === 'hq' && x.cv === 0 ? 'Ø' : x.cv}</strong>
                        ${r?.partial[x.id] ? html`<span class="tag">${t(lang, 'ef.ui.partial', { n: r.partial[x.id]!, mult })}</span>` : nothing}
                        ${x.repulsed ? html`<span class="tag">${t(lang, 'ef.ui.repulsed')}</span>` : nothing}
                        ${x.eliminated ? html`<span class="tag">${t(lang, 'ef.ui.eliminated')}</span>` : nothing}
                      </li>`,
                  )}
              </ul>
            </div>`,
      )}
    </div>`;
  }

  private roundControls() {
    const lang = this.language;
    const cur = this.current;
    const b = battleOf(cur.state.game)!;
    const r = b.round;
    const last = this.latest(['ef.battle', 'ef.round', 'ef.fire', 'ef.choose']);
    const lastShots =
      last && (last.outcome as ProcedureOutcome).id === 'ef.fire'
        ? ((last.outcome as ProcedureOutcome).result as { shots?: never[] }).shots
        : undefined;
    const next = battleNext(b);
    if (next.kind === 'over') {
      // The verdict (7.12, line 969): no further round; what the rules do next is in its lines.
      const holder = next.end.holder;
      return html`<fieldset data-testid="ef-verdict">
          <legend>${t(lang, 'ef.ui.battleOver')}</legend>
          <p>
            <strong data-testid="ef-verdict-head"
              >${holder ? t(lang, 'ef.end.head', { side: t(lang, `ef.sideOf.${holder}`) }) : t(lang, 'ef.end.headNobody')}</strong
            >
          </p>
          <p class="muted">${t(lang, 'ef.ui.overNext')}</p>
        </fieldset>
        ${this.err('battle')} ${this.result('battle', last, lastShots ? this.diceRow(lastShots) : undefined)}`;
    }
    if (!r || r.step === 'done') {
      const active = this.round.active ?? (b.od === 'axis' ? 'soviet' : 'axis');
      return html`${b.rounds > 0 ? this.retreatOffer(b) : nothing}
        <fieldset>
          <legend>${t(lang, 'ef.ui.startRound', { n: b.rounds + 1 })}</legend>
          <div class="row" role="radiogroup" aria-label=${t(lang, 'ef.ui.active')}>
            <span>${t(lang, 'ef.ui.active')}:</span>
            ${(['axis', 'soviet'] as Side[]).map(
              (s) =>
                html`<label class="inline"
                  ><input
                    type="radio"
                    name="ef-active"
                    data-testid="ef-active-${s}"
                    .checked=${active === s}
                    @change=${() => (this.round = { ...this.round, active: s })}
                  />${t(lang, `ef.side.${s}`)}</label
                >`,
            )}
          </div>
          ${checkField(t(lang, 'ef.ui.supported'), this.round.supported, (on) => (this.round = { ...this.round, supported: on }), { testid: 'ef-supported' })}
          ${textField(t(lang, 'ef.ui.air'), this.round.air, (v) => (this.round = { ...this.round, air: v }), { inputmode: 'numeric', testid: 'ef-air' })}
          ${this.airFromLedger(active)}
          <button
            class="primary"
            data-testid="ef-start-round"
            @click=${async () => {
              // Once it is logged, the next round starts clean: its own active side, support and air (issue #28).
              await this.run('battle', 'ef.round', {
                active,
                supported: this.round.supported,
                air: /^\d+$/.test(this.round.air.trim()) ? Number(this.round.air) : this.round.air,
              });
            }}
          >
            ${t(lang, 'ef.ui.startRound', { n: b.rounds + 1 })}
          </button>
        </fieldset>
        ${this.err('battle')} ${this.result('battle', last, lastShots ? this.diceRow(lastShots) : undefined)}`;
    }
    const prompt = r.pending?.prompt;
    if (prompt) {
      return html`<fieldset data-testid="ef-prompt">
          <legend>
            ${t(lang, r.pending!.kind === 'repulse' ? 'ef.prompt.repulse' : 'ef.prompt.hit', { side: t(lang, `ef.side.${prompt.owner}`), list: prompt.candidates.join(', ') })}
          </legend>
          <div class="row">
            ${prompt.candidates.map(
              (id) =>
                html`<button
                  class="primary"
                  data-testid="ef-choose-${id}"
                  @click=${() => this.run('battle', 'ef.choose', { block: id })}
                >
                  ${id}
                </button>`,
            )}
          </div>
        </fieldset>
        ${this.err('battle')} ${this.result('battle', last, lastShots ? this.diceRow(lastShots) : undefined)}`;
    }
    const air =
      r.step === 'air' ? airFire({ table: (id: string) => cur.ctx.tables.get(id)! }, b.scenario, r.active) : undefined;
    const p = stepPreview(b, this.readings, air ?? null)!;
    const shooting = r.step === 'air' ? [] : shooters(b, this.readings);
    const hint =
      r.step === 'air'
        ? `${t(lang, 'ef.ui.step.air')}: ${r.air}`
        : shooting.map((s) => `${s.block.id}: ${s.block.cv}`).join(' · ');
    const stepName = t(lang, `ef.ui.step.${r.step}`);
    return html`<fieldset>
        <legend data-testid="ef-step">${t(lang, 'ef.ui.round', { n: b.rounds, step: stepName })}</legend>
        <p>
          ${p.pools.map((x) => t(lang, 'ef.ui.pools', { dice: x.dice, fire: t(lang, `ef.fp.${x.fire}`) })).join(' + ') || t(lang, 'ef.fire.none')}
          ${p.mult > 1 && r.step !== 'defence' ? html` · ${t(lang, 'ef.ui.multNote', { mult: p.mult })}` : nothing}
        </p>
        ${p.noHits ? html`<p class="muted">${t(lang, 'ef.ui.noHitsNote')}</p>` : nothing}
        ${
          p.pools.length
            ? html`<p class="muted" style="margin-bottom:0">${t(lang, 'ef.ui.chance')}</p>
                ${this.bars(p.hits, (k) => t(lang, 'ef.ui.hitsN', { n: k }), 'ef-chance')}`
            : nothing
        }
        ${
          p.repulse
            ? html`<p class="muted" style="margin-bottom:0">${t(lang, 'ef.ui.chanceRepulse', { t: p.repulse.t })}</p>
                ${this.bars(p.repulse.dist, (k) => String(k), 'ef-chance-repulse')}`
            : nothing
        }
        ${p.pools.length ? this.rollsField({ label: t(this.language, 'ef.ui.dice'), hint, testid: 'ef-rolls', card: false }) : nothing}
        <button class="primary" data-testid="ef-fire" @click=${() => this.run('battle', 'ef.fire', {})}>
          ${t(lang, 'ef.ui.fire', { step: stepName })}
        </button>
      </fieldset>
      ${this.err('battle')} ${this.result('battle', last, lastShots ? this.diceRow(lastShots) : undefined)}`;
  }

  /**
   * While the battle goes on, either side may leave it only by a retreat in its own movement phase,
   * leaving one rearguard to the enemy's pursuit fire (6.41, 6.42, lines 881-895): this fills the
   * pursuit fire form from the battle (the rearguard among the retreating side's blocks, every enemy
   * block as a pursuer, the hex, the weather, and whether the rearguard is the Original Defender).
   */
  private retreatOffer(b: NonNullable<ReturnType<typeof battleOf>>) {
    const lang = this.language;
    return html`<fieldset data-testid="ef-retreat">
      <legend>${t(lang, 'ef.ui.retreatLegend')}</legend>
      <p class="muted">${t(lang, 'ef.end.goesOn')}</p>
      <div class="row">
        ${(['axis', 'soviet'] as Side[]).map(
          (side) =>
            html`<button data-testid="ef-retreat-${side}" @click=${() => this.retreatFrom(b, side)}>
              ${t(lang, 'ef.ui.retreat', { side: t(lang, `ef.side.${side}`) })}
            </button>`,
        )}
      </div>
      ${this.retreating ? this.pursuitTool() : nothing}
    </fieldset>`;
  }

  @state() private retreating?: Side;

  private retreatFrom(b: NonNullable<ReturnType<typeof battleOf>>, side: Side) {
    const own = b.blocks.filter((x) => x.side === side && alive(x));
    const weakest = [...own].sort((x, y) => x.cv - y.cv)[0];
    this.retreating = side;
    this.pursuitForm = {
      ...this.pursuitForm,
      weather: b.weather,
      terrain: b.terrain,
      rg: weakest
        ? { id: weakest.id, side, type: weakest.type, cv: String(weakest.cv) }
        : { ...this.pursuitForm.rg, side },
      pursuers: b.blocks
        .filter((x) => x.side !== side && alive(x))
        .map((x) => `${x.type} ${x.cv}`)
        .join(', '),
      role: side === b.od ? 'od' : 'oa',
    };
  }

  /**
   * The active side's HQs of the ledger that can make an air attack now (5.5, 13.12: one die per point of
   * the VM it works with, one less when disorganised, 13.16): a tap types that strength into the round.
   */
  private airFromLedger(active: Side) {
    const lang = this.language;
    const { cur, turn } = this.view;
    const hqs = hqLedger(cur.state.game, turn).filter(
      (h) => h.side === active && (h.stage === 'active' || h.stage === 'blitz') && hqView(h).air > 0,
    );
    if (!hqs.length) return nothing;
    return html`<div class="row" data-testid="ef-air-ledger">
      ${hqs.map((h) => {
        const air = hqView(h).air;
        return html`<button
          data-testid="ef-air-from"
          @click=${() => (this.round = { ...this.round, air: String(air) })}
        >
          ${t(lang, 'ef.ui.airFrom', { id: h.id, n: air })}
        </button>`;
      })}
    </div>`;
  }

  private battleTool() {
    const lang = this.language;
    const battle = battleOf(this.current.state.game);
    return html`<section data-testid="ef-battle">
      <h4 style="margin:0.2rem 0">${t(lang, 'ef.ui.battle')}</h4>
      ${this.battleSetupForm()}
      ${battle ? html`${this.battleStatus()} ${this.roundControls()}` : html`<p class="muted">${t(lang, 'ef.ui.noBattle')}</p>`}
    </section>`;
  }

  // ------------------------------------------------------------------ pursuit and surrender

  private pursuitTool() {
    const lang = this.language;
    const f = this.pursuitForm;
    const set = (patch: Partial<typeof f>) => {
      this.pursuitForm = { ...f, ...patch };
    };
    const pursuers = f.pursuers
      .split(/[,;]/)
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s, k) => {
        const [type, cv] = s.split(/\s+/);
        const tp = this.typeOf(type ?? '');
        return { id: `P${k + 1}`, side: f.rg.side === 'axis' ? 'soviet' : 'axis', type: tp, cv: Number(cv) };
      });
    return html`<fieldset>
      <legend>${t(lang, 'ef.ui.pursuit')}</legend>
      <div class="row">
        <label
          >${t(lang, 'ef.ui.weather')}<select
            @change=${(e: Event) => set({ weather: (e.target as HTMLSelectElement).value })}
          >
            ${WEATHERS.map((w) => html`<option value=${w} ?selected=${(f.weather || this.defaultWeather()) === w}>${t(lang, `ef.w.${w}`)}</option>`)}
          </select></label
        >
        <label
          >${t(lang, 'ef.ui.terrain')}<select
            @change=${(e: Event) => set({ terrain: (e.target as HTMLSelectElement).value })}
          >
            ${TERRAINS.map((w) => html`<option value=${w} ?selected=${f.terrain === w}>${t(lang, `ef.t.${w}`)}</option>`)}
          </select></label
        >
      </div>
      <div class="row">
        <label
          >${t(lang, 'ef.ui.rearguard')}<select
            @change=${(e: Event) => set({ rg: { ...f.rg, side: (e.target as HTMLSelectElement).value as Side } })}
          >
            ${(['axis', 'soviet'] as Side[]).map((s) => html`<option value=${s} ?selected=${f.rg.side === s}>${t(lang, `ef.side.${s}`)}</option>`)}
          </select></label
        >
        <label
          >${t(lang, 'ef.ui.type')}<select
            @change=${(e: Event) => set({ rg: { ...f.rg, type: (e.target as HTMLSelectElement).value as UnitType } })}
          >
            ${UNIT_TYPES.map((u) => html`<option value=${u} ?selected=${f.rg.type === u}>${t(lang, `ef.type.${u}`)}</option>`)}
          </select></label
        >
        <label
          >${t(lang, 'ef.ui.cv')}<input
            class="cv"
            style="width:3.4rem"
            inputmode="numeric"
            .value=${f.rg.cv}
            @input=${(e: Event) => set({ rg: { ...f.rg, cv: (e.target as HTMLInputElement).value } })}
        /></label>
      </div>
      ${
        f.terrain === 'fortress'
          ? html`<div class="row" role="radiogroup" aria-label=${t(lang, 'ef.ui.rgRole')} data-testid="ef-rg-role">
              <span>${t(lang, 'ef.ui.rgRole')}:</span>
              ${(['od', 'oa'] as const).map(
                (v) =>
                  html`<label class="inline"
                    ><input
                      type="radio"
                      name="ef-rg-role"
                      data-testid="ef-rg-${v}"
                      .checked=${f.role === v}
                      @change=${() => set({ role: v })}
                    />${t(lang, `ef.ui.rgRole.${v}`)}</label
                  >`,
              )}
            </div>`
          : nothing
      }
      ${textField(t(lang, 'ef.ui.pursuers'), f.pursuers, (pursuers) => set({ pursuers }), { placeholder: 'armor 3, infantry 2' })}
      <label
        >${t(lang, 'ef.ui.evacuation')}<select
          @change=${(e: Event) => set({ evacuation: (e.target as HTMLSelectElement).value })}
        >
          ${['none', 'naval', 'coast'].map((v) => html`<option value=${v} ?selected=${f.evacuation === v}>${translate(lang, `ef.ui.evac.${v}`)}</option>`)}
        </select></label
      >
      ${this.pursuitChances(f, pursuers)}
      ${this.rollsField({ label: t(this.language, 'ef.ui.dice'), testid: 'ef-rolls', card: false })}
      <button
        class="primary"
        data-testid="ef-pursuit-roll"
        @click=${() => {
          // In a fortress only the Original Defender has Triple Defence (7.23, 7.35): the players say which.
          if (f.terrain === 'fortress' && !f.role) {
            this.errors = { ...this.errors, pursuit: { key: 'ef.err.rearguardRole' } };
            return;
          }
          return this.run('pursuit', 'ef.pursuit', {
            weather: f.weather || this.defaultWeather(),
            terrain: f.terrain,
            evacuation: f.evacuation,
            rearguard: { ...f.rg, cv: Number(f.rg.cv) },
            pursuers: asJson(pursuers),
            ...(f.terrain === 'fortress' && f.role ? { rearguardOD: f.role === 'od' } : {}),
          });
        }}
      >
        ${t(lang, 'ef.ui.rollPursuit')}
      </button>
      ${this.err('pursuit')}
      ${(() => {
        const e = this.latest(['ef.pursuit']);
        const shots = e ? ((e.outcome as ProcedureOutcome).result as { shots?: never[] }).shots : undefined;
        return this.result('pursuit', e, shots ? this.diceRow(shots) : undefined);
      })()}
    </fieldset>`;
  }

  /**
   * The exact chances before the pursuit roll (6.41, 6.42), as the battle tool shows them before fire:
   * the pursuers' dice by speed, the rearguard's defence, and the chance of each number of steps it loses.
   */
  private pursuitChances(f: PursuitForm, pursuers: readonly { type: string; cv: number }[]) {
    const lang = this.language;
    const cv = readNumber(f.rg.cv, { min: 1, max: 4 });
    const ok =
      cv.ok &&
      cv.value !== undefined &&
      pursuers.length > 0 &&
      pursuers.every((p) => (UNIT_TYPES as readonly string[]).includes(p.type) && Number.isInteger(p.cv) && p.cv >= 0);
    if (!ok || (f.terrain === 'fortress' && !f.role)) return nothing;
    const cur = this.current;
    const p = pursuitPreview(
      { table: (id: string) => cur.ctx.tables.get(id)! },
      {
        weather: (f.weather || this.defaultWeather()) as Weather,
        terrain: f.terrain as (typeof TERRAINS)[number],
        scenario: this.scenario,
        rearguard: { side: f.rg.side, type: f.rg.type, cv: cv.value },
        pursuers: pursuers.map((x) => ({ type: x.type as UnitType, cv: x.cv })),
        evacuation: f.evacuation as 'none' | 'naval' | 'coast',
        rearguardOD: f.role !== 'oa',
        readings: this.readings,
      },
    );
    return html`<div data-testid="ef-pursuit-chances">
      <p>
        ${t(lang, 'ef.ui.pursuitSpeed', { speed: p.speed })} ·
        ${
          p.pools.map((x) => t(lang, 'ef.ui.pools', { dice: x.dice, fire: t(lang, `ef.fp.${x.fire}`) })).join(' + ') ||
          t(lang, 'ef.fire.none')
        }
        ${p.mult > 1 ? html` · ${t(lang, 'ef.ui.multNote', { mult: p.mult })}` : nothing}
      </p>
      <p class="muted" style="margin-bottom:0">${t(lang, 'ef.ui.pursuitChance')}</p>
      ${this.bars(
        p.steps,
        (k) => (k === p.elim ? t(lang, 'ef.ui.rgElim') : t(lang, 'ef.ui.stepsN', { n: k })),
        'ef-pursuit-chance',
      )}
    </div>`;
  }

  // ------------------------------------------------------------------ command: the HQ ledger and mandatory combat

  private get hqForm(): HqForm {
    return this.formDraft<HqForm>('ef-hq', FRESH_HQ);
  }
  private set hqForm(v: HqForm) {
    this.setFormDraft('ef-hq', v);
  }

  /**
   * The HQ ledger of the player turn (4.41, 5.2–5.8, 6.5, 12.22): in the Command phase the players
   * activate each HQ typing its current VM; in every phase the ledger shows what each can do now and
   * the steps it still spends, with a button to deactivate it (5.41, 5.42, 5.43, 5.7).
   */
  private hqTool(phase: string, fortnight: 1 | 2) {
    const lang = this.language;
    const { cur, turn } = this.view;
    const index = phaseIndex(cur.state.game, turn);
    const player = PHASES[index]!.player;
    const side = player ? playerTurnSide(cur.state.game, this.scenario, turn, fortnight, player) : undefined;
    const list = hqLedger(cur.state.game, turn);
    const f = this.hqForm;
    const set = (patch: Partial<HqForm>) => (this.hqForm = { ...f, ...patch });
    const vm = readNumber(f.vm, HQ_VM);
    const form =
      phase === 'command'
        ? html`<div class="row">
              ${textField(t(lang, 'ef.ui.hqId'), f.id, (id) => set({ id }), { testid: 'ef-hq-id', maxlength: 24 })}
              ${numberField(t(lang, 'ef.ui.hqVm'), f.vm, (v) => set({ vm: v }), HQ_VM, {
                lang,
                id: 'ef-hq-vm',
                testid: 'ef-hq-vm',
                asked: this.askedForms.has('ef-hq'),
              })}
            </div>
            <div class="row">
              <label
                >${t(lang, 'ef.ui.hqFront')}<select
                  data-testid="ef-hq-front"
                  @change=${(e: Event) => set({ front: (e.target as HTMLSelectElement).value })}
                >
                  ${(['east', 'west'] as const).map(
                    (x) => html`<option value=${x} ?selected=${f.front === x}>${t(lang, `ef.ui.front.${x}`)}</option>`,
                  )}
                </select></label
              >
              ${checkField(t(lang, 'ef.ui.hqBlitz'), f.blitz, (blitz) => set({ blitz }), { testid: 'ef-hq-blitz' })}
              ${checkField(t(lang, 'ef.ui.hqSupreme'), f.supreme, (supreme) => set({ supreme }), {
                testid: 'ef-hq-supreme',
              })}
              ${
                f.supreme
                  ? html`<label
                      >${t(lang, 'ef.ui.hqAt')}<select
                        data-testid="ef-hq-at"
                        @change=${(e: Event) => set({ at: (e.target as HTMLSelectElement).value })}
                      >
                        ${SHQ_PLACES.map(
                          (x) =>
                            html`<option value=${x} ?selected=${f.at === x}>${t(lang, `ef.ui.hqAt.${x}`)}</option>`,
                        )}
                      </select></label
                    >`
                  : nothing
              }
            </div>
            <button
              class="primary"
              data-testid="ef-hq-activate"
              @click=${() => {
                if (!vm.ok || vm.value === undefined) return this.askForm('ef-hq');
                return this.run('hq', 'ef.hqActivate', {
                  id: f.id,
                  side: side ?? 'axis',
                  vm: vm.value,
                  blitz: f.blitz,
                  supreme: f.supreme,
                  front: f.front,
                  ...(f.supreme ? { at: f.at } : {}),
                });
              }}
            >
              ${t(lang, 'ef.ui.hqActivate')}
            </button>`
        : nothing;
    return html`<fieldset data-testid="ef-hq">
      <legend>${t(lang, 'ef.ui.hq')}</legend>
      ${form}
      ${
        list.length === 0
          ? html`<p class="muted">${t(lang, 'ef.ui.hqNone')}</p>`
          : html`<ul data-testid="ef-hq-ledger" style="padding-left:1rem">
              ${list.map((h) => {
                const v = hqView(h);
                const live = h.stage === 'active' || h.stage === 'blitz';
                return html`<li data-testid="ef-hq-row" data-hq=${h.id}>
                  <strong>${t(lang, 'ef.ui.hqRow', { id: h.id, vm: h.vm })}</strong> ·
                  ${t(lang, `ef.ui.hqStage.${h.stage}`)}${
                    h.blitz && h.stage !== 'done' && h.stage !== 'eliminated' ? html` · BLITZ` : nothing
                  }
                  ${v.toSpend ? html` · ${t(lang, 'ef.ui.hqToSpend', { n: v.toSpend })}` : nothing}
                  ${
                    live
                      ? html`<ul>
                          ${hqLines(h).map(
                            (l) =>
                              html`<li>
                                ${translate(lang, l.key, numbers(l.params))}
                                (${t(lang, 'x.rule', { rule: l.rule ?? '' })})
                              </li>`,
                          )}
                        </ul>`
                      : nothing
                  }
                  ${
                    h.supreme && h.stage === 'active'
                      ? html`<p data-testid="ef-hq-moves">
                          ${t(lang, 'ef.ui.movesUsed', { used: h.movesUsed ?? 0, n: v.moves ?? 0 })}
                        </p>`
                      : nothing
                  }
                  ${
                    h.supreme && h.stage === 'active' && phase === 'movement'
                      ? html`<button
                          data-testid="ef-hq-move"
                          ?disabled=${(h.movesUsed ?? 0) >= (v.moves ?? 0)}
                          @click=${() => this.run('hq', 'ef.hqSupremeMove', { id: h.id })}
                        >
                          ${t(lang, 'ef.ui.supremeMove', { id: h.id })}
                        </button>`
                      : nothing
                  }
                  ${
                    live && phase !== 'command'
                      ? html`<button
                          data-testid="ef-hq-deactivate"
                          @click=${() => this.run('hq', 'ef.hqDeactivate', { id: h.id })}
                        >
                          ${t(lang, 'ef.ui.hqDeactivate', { id: h.id })}
                        </button>`
                      : nothing
                  }
                </li>`;
              })}
            </ul>`
      }
      ${this.err('hq')} ${this.result('hq', this.latest(['ef.hqActivate', 'ef.hqDeactivate', 'ef.hqSupremeMove']))}
    </fieldset>`;
  }

  /**
   * The battles the rules make mandatory in this combat phase (7.15): the players name the new battles
   * and those given an air attack, and tick the fortresses where they are the Original Attacker; each
   * mandatory battle is then listed to be confirmed as fought.
   */
  private mandatoryTool(phase: string) {
    const lang = this.language;
    const { cur, turn } = this.view;
    const scope = `${turn}.${phaseIndex(cur.state.game, turn)}`;
    const f = this.formDraft<MustForm>('ef-must', FRESH_MUST, scope);
    const set = (patch: Partial<MustForm>) => this.setFormDraft('ef-must', { ...f, ...patch }, scope);
    const m = mandatoryBattles({
      phase: phase === 'blitz-combat' ? 'blitz-combat' : 'combat',
      newBattles: f.newBattles,
      airBattles: f.airBattles,
      fortresses: f.fortresses.filter((x): x is FortressName => (FORTRESSES as readonly string[]).includes(x)),
    });
    const name = (hex: string, fortress?: string) => (fortress ? translate(lang, hex) : hex);
    const left = m.battles.filter((b) => !f.fought.includes(b.hex.toLowerCase())).length;
    return html`<fieldset data-testid="ef-mandatory">
      <legend>${t(lang, 'ef.ui.must')} (${t(lang, 'x.rule', { rule: '7.15' })})</legend>
      ${textField(t(lang, 'ef.ui.mustNew'), f.newBattles, (newBattles) => set({ newBattles }), { testid: 'ef-must-new' })}
      ${textField(t(lang, 'ef.ui.mustAir'), f.airBattles, (airBattles) => set({ airBattles }), { testid: 'ef-must-air' })}
      <div class="row" role="group" aria-label=${t(lang, 'ef.ui.mustFortress')}>
        <span>${t(lang, 'ef.ui.mustFortress')}:</span>
        ${FORTRESSES.map((x) =>
          checkField(
            t(lang, `ef.fortress.${x}`),
            f.fortresses.includes(x),
            (on) => set({ fortresses: on ? [...f.fortresses, x] : f.fortresses.filter((y) => y !== x) }),
            { testid: `ef-must-${x}` },
          ),
        )}
      </div>
      ${m.notes.map((n) => html`<p class="muted">${translate(lang, n.key)} (${t(lang, 'x.rule', { rule: n.rule ?? '' })})</p>`)}
      ${
        m.battles.length === 0
          ? html`<p class="muted">${t(lang, 'ef.ui.mustNone')}</p>`
          : html`<ul data-testid="ef-must-list" style="padding-left:0;list-style:none">
                ${m.battles.map(
                  (b) =>
                    html`<li>
                      ${checkField(
                        t(lang, 'ef.ui.mustFought', { hex: name(b.hex, b.fortress) }),
                        f.fought.includes(b.hex.toLowerCase()),
                        (on) =>
                          set({
                            fought: on
                              ? [...f.fought, b.hex.toLowerCase()]
                              : f.fought.filter((y) => y !== b.hex.toLowerCase()),
                          }),
                        { testid: 'ef-must-fought' },
                      )}
                      <ul>
                        ${b.reasons.map(
                          (r) =>
                            html`<li>${translate(lang, r.key)} (${t(lang, 'x.rule', { rule: r.rule ?? '' })})</li>`,
                        )}
                      </ul>
                    </li>`,
                )}
              </ul>
              <p data-testid="ef-must-status" role="status">
                <strong>${left ? t(lang, 'ef.ui.mustLeft', { n: left }) : t(lang, 'ef.ui.mustDone')}</strong>
              </p>`
      }
    </fieldset>`;
  }

  private surrenderTool() {
    const lang = this.language;
    const s = this.sur;
    const dice = this.readings['ef.surrenderDice'] === '1d6' ? '1d6' : '2d6';
    const target = (Number(s.hexes) || 0) + (Number(s.eliminated) || 0);
    if (SURRENDERS_DONE.includes(this.scenario))
      return html`<fieldset>
        <legend>${t(lang, 'ef.ui.surrender')}</legend>
        <p data-testid="ef-surrender-done">${t(lang, 'ef.err.surrenderDone')}</p>
      </fieldset>`;
    return html`<fieldset>
      <legend>${t(lang, 'ef.ui.surrender')}</legend>
      <div class="row">
        <label
          >${t(lang, 'ef.ui.satellite')}<select
            @change=${(e: Event) => (this.sur = { ...s, satellite: (e.target as HTMLSelectElement).value })}
          >
            ${SATELLITES.map((x) => html`<option value=${x} ?selected=${s.satellite === x}>${t(lang, `ef.sat.${x}`)}</option>`)}
          </select></label
        >
        ${numberBox(t(lang, 'ef.ui.hexes'), s.hexes, (hexes) => (this.sur = { ...s, hexes }), '4rem')}
        ${numberBox(t(lang, 'ef.ui.elim'), s.eliminated, (eliminated) => (this.sur = { ...s, eliminated }), '4rem')}
      </div>
      <p class="muted">${t(lang, 'ef.ui.surrenderChance', { dice, p: pct(lang, surrenderChance(target, dice)) })}</p>
      ${this.rollsField({ label: t(this.language, 'ef.ui.dice'), testid: 'ef-rolls', card: false })}
      <button
        class="primary"
        @click=${() =>
          this.run('surrender', 'ef.surrender', {
            satellite: s.satellite,
            hexes: /^\d+$/.test(s.hexes) ? Number(s.hexes) : s.hexes,
            eliminated: /^\d+$/.test(s.eliminated) ? Number(s.eliminated) : s.eliminated,
          })}
      >
        ${t(lang, 'ef.ui.rollSurrender')}
      </button>
      ${this.err('surrender')} ${this.result('surrender', this.latest(['ef.surrender']))}
    </fieldset>`;
  }

  private get vp(): Record<string, string> {
    return this.formDraft<Record<string, string>>('ef-victory', {});
  }
  private set vp(v: Record<string, string>) {
    this.setFormDraft('ef-victory', v);
  }
  private get oos(): { units: string; exempt: string } {
    return this.formDraft('ef-attrition', { units: '', exempt: '' });
  }
  private set oos(v: { units: string; exempt: string }) {
    this.setFormDraft('ef-attrition', v);
  }

  /** "Z inf 1, W armor 3" → blocks (type by its first letters, as in the pursuit tool). */
  private parseUnits(text: string, side: Side) {
    return text
      .split(/[,;]/)
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s, k) => {
        const parts = s.split(/\s+/);
        const cv = Number(parts.at(-1));
        const typeWord = (parts.length >= 3 ? parts[parts.length - 2] : parts[0]) ?? '';
        const id = parts.length >= 3 ? parts.slice(0, -2).join(' ') : `#${k + 1}`;
        return { id, side, type: this.typeOf(typeWord), cv };
      });
  }

  private victoryTool() {
    const lang = this.language;
    const v = this.vp;
    const set = (k: string, val: string) => {
      this.vp = { ...v, [k]: val };
    };
    const num = (k: string) =>
      numberBox(
        translate(lang, `ef.ui.vp.${k.split('.')[1]!}`),
        v[k] ?? '',
        (val) => set(k, val),
        '4.5rem',
        `ef-vp-${k}`,
      );
    const side = (s: Side) => {
      const o: Record<string, Json> = {};
      for (const [k, val] of Object.entries(v))
        if (k.startsWith(`${s}.`) && val.trim() !== '')
          o[k.split('.')[1]!] = /^\d+$/.test(val.trim()) ? Number(val) : val;
      if (s === 'axis' && v['axis.italian8th'] === 'yes') o['italian8th'] = true;
      return o;
    };
    const w44 = this.scenario === 'w44';
    return html`<fieldset>
      <legend>${t(lang, 'ef.ui.victory')}</legend>
      ${
        w44
          ? html`<label
              >${t(lang, 'ef.ui.vp.month')}<select
                @change=${(e: Event) => set('w44Month', (e.target as HTMLSelectElement).value)}
              >
                <option value=""></option>
                ${W44_MONTHS.map((m) => html`<option value=${m} ?selected=${v['w44Month'] === m}>${m === 'never' ? t(lang, 'ef.ui.vp.never') : translate(lang, `ef.month.${m}`)}</option>`)}
              </select></label
            >`
          : html`${(['soviet', 'axis'] as Side[]).map(
              (s) =>
                html`<fieldset>
                  <legend>${t(lang, `ef.side.${s}`)}</legend>
                  <div class="row">
                    ${num(`${s}.production`)} ${num(`${s}.hqVm`)} ${num(`${s}.hqEliminated`)} ${num(`${s}.eliminated`)}
                    ${s === 'axis' ? html`${num('axis.expeditions')} ${num('axis.outOfSupply')}${checkField(t(lang, 'ef.ui.vp.italian8th'), v['axis.italian8th'] === 'yes', (on) => set('axis.italian8th', on ? 'yes' : ''))}` : nothing}
                  </div>
                </fieldset>`,
            )}`
      }
      <button
        class="primary"
        data-testid="ef-vp-tally"
        @click=${() => this.run('victory', 'ef.victory', w44 ? { w44Month: v['w44Month'] ?? '' } : { soviet: side('soviet'), axis: side('axis') })}
      >
        ${t(lang, 'ef.ui.tally')}
      </button>
      ${this.err('victory')} ${this.result('victory', this.latest(['ef.victory']))}
    </fieldset>`;
  }

  private attritionTool() {
    const lang = this.language;
    const o = this.oos;
    const units = this.parseUnits(o.units, 'axis');
    return html`<fieldset>
      <legend>${t(lang, 'ef.ui.attrition')}</legend>
      ${textField(t(lang, 'ef.ui.oosUnits'), o.units, (units) => (this.oos = { ...o, units }), { placeholder: 'Z inf 1, W armor 3' })}
      <label
        >${t(lang, 'ef.ui.exempt')}<select
          @change=${(e: Event) => (this.oos = { ...o, exempt: (e.target as HTMLSelectElement).value })}
        >
          <option value=""></option>
          ${units.map((u) => html`<option value=${u.id} ?selected=${o.exempt === u.id}>${u.id}</option>`)}
        </select></label
      >
      <button
        class="primary"
        @click=${() =>
          this.run('attrition', 'ef.attrition', {
            units: asJson(units),
            ...(o.exempt ? { fortressExempt: o.exempt } : {}),
          })}
      >
        ${t(lang, 'ef.ui.applyAttrition')}
      </button>
      ${this.err('attrition')} ${this.result('attrition', this.latest(['ef.attrition']))}
    </fieldset>`;
  }

  private get prod(): Record<string, string> {
    return this.formDraft<Record<string, string>>('ef-production', { side: 'axis' });
  }
  private set prod(v: Record<string, string>) {
    this.setFormDraft('ef-production', v);
  }

  /** A unit type from the first letters of its name, in English or in the current language ("inf", "blind"). */
  private typeOf(word: string): string {
    const w = word.toLowerCase();
    if (!w) return w;
    return (
      UNIT_TYPES.find((u) => u.startsWith(w)) ??
      UNIT_TYPES.find((u) => t(this.language, `ef.type.${u}`).toLowerCase().startsWith(w)) ??
      w
    );
  }

  private productionTool() {
    const lang = this.language;
    const f = this.prod;
    const set = (k: string, v: string) => {
      this.prod = { ...f, [k]: v };
    };
    const field = (k: string, label: string) =>
      numberBox(translate(lang, label), f[k] ?? '', (v) => set(k, v), '5rem', `ef-prod-${k}`);
    const box = (k: string, label: string) =>
      checkField(translate(lang, label), f[k] === 'yes', (on) => set(k, on ? 'yes' : ''));
    const n = (v: string | undefined) =>
      v === undefined || v.trim() === '' ? undefined : /^\d+$/.test(v.trim()) ? Number(v) : v;
    const buys = (f['buys'] ?? '')
      .split(/[,;]/)
      .map((x) => x.trim())
      .filter(Boolean)
      .map((x, k) => {
        const w = x.split(/\s+/);
        const flags = w.filter((y) => /^(ss|bh)$/i.test(y)).map((y) => y.toLowerCase());
        const rest = w.filter((y) => !/^(ss|bh)$/i.test(y));
        const kindWord = (rest.at(-1) ?? '').toLowerCase();
        const cadre = /^(cadre|cuadro)$/.test(kindWord);
        const core = /^(step|paso|cadre|cuadro)$/.test(kindWord) ? rest.slice(0, -1) : rest;
        const typeWord = (core.at(-1) ?? '').toLowerCase();
        const type = this.typeOf(typeWord);
        return {
          unit: core.length > 1 ? core.slice(0, -1).join(' ') : `#${k + 1}`,
          type,
          kind: cadre ? 'cadre' : 'step',
          ...(flags.includes('ss') ? { ss: true } : {}),
          ...(flags.includes('bh') ? { bh: true } : {}),
        };
      });
    const mods = Object.fromEntries(
      ['lendLease', 'oilRoute', 'bakuLost', 'bakuTaken', 'ploestiLost']
        .filter((k) => f[k] === 'yes')
        .map((k) => [k, true]),
    );
    const input: Record<string, Json> = {
      side: f['side'] ?? 'axis',
      modifiers: mods,
      buys: asJson(buys),
      ...(f['chained'] === 'yes' ? { chained: true } : {}),
      ...(f['bhReady'] === 'yes' ? { bhReady: true } : {}),
    };
    for (const k of ['level', 'cities', 'resources']) if (n(f[k]) !== undefined) input[k] = n(f[k])!;
    return html`<fieldset>
      <legend>${t(lang, 'ef.ui.production')}</legend>
      <div class="row">
        <label
          >${t(lang, 'ef.ui.side')}<select @change=${(e: Event) => set('side', (e.target as HTMLSelectElement).value)}>
            ${(['axis', 'soviet'] as Side[]).map((x) => html`<option value=${x} ?selected=${f['side'] === x}>${t(lang, `ef.side.${x}`)}</option>`)}
          </select></label
        >
        ${field('level', 'ef.ui.levelDirect')} ${field('cities', 'ef.ui.cities')}
        ${field('resources', 'ef.ui.resources')}
      </div>
      <div class="row">
        ${f['side'] === 'soviet' ? html`${box('lendLease', 'ef.ui.mod.lendLease')} ${box('oilRoute', 'ef.ui.mod.oilRoute')} ${box('bakuLost', 'ef.ui.mod.bakuLost')}` : box('ploestiLost', 'ef.ui.mod.ploestiLost')}
        ${box('bakuTaken', 'ef.ui.mod.bakuTaken')}
        ${this.current.state.turn === 1 ? box('chained', 'ef.ui.chained') : nothing}
        ${f['side'] === 'soviet' ? box('bhReady', 'ef.ui.bhReady') : nothing}
      </div>
      ${textField(t(lang, 'ef.ui.buys'), f['buys'] ?? '', (v) => set('buys', v), { placeholder: 'U hq step, R inf step, lang cav cadre', testid: 'ef-prod-buys' })}
      <button class="primary" data-testid="ef-prod-run" @click=${() => this.run('production', 'ef.production', input)}>
        ${t(lang, 'ef.ui.spend')}
      </button>
      ${this.err('production')} ${this.result('production', this.latest(['ef.production']))}
    </fieldset>`;
  }

  /**
   * The month's reinforcements (11.5) as the scenario's list gives them, each with its seed line and a
   * box to tick once placed (11.6); the text's "(NINGUNO)" and what it does not say; the OB's events.
   */
  private reinforcementsTool() {
    const lang = this.language;
    const { turn } = this.view;
    const { year, month } = monthOf(this.scenario, turn);
    const data = REINFORCEMENTS[this.scenario];
    const list = reinforcementsIn(this.scenario, year, month);
    const placed = this.formDraft<{ placed: string[] }>('ef-reinf', { placed: [] }, String(turn));
    const rule = (x: string) => t(lang, 'x.rule', { rule: x });
    return html`<fieldset data-testid="ef-reinforcements">
      <legend>${t(lang, 'ef.reinf.title')} (${rule('11.5')})</legend>
      ${
        list.length
          ? html`<ul style="padding-left:0;list-style:none" data-testid="ef-reinf-list">
                ${list.map(
                  (x) =>
                    html`<li>
                      ${checkField(
                        html`<span
                          ><strong>${t(lang, `ef.side.${x.side}`)}</strong> ·
                          ${t(lang, 'ef.reinf.entry', {
                            unit: x.unit,
                            type: `${x.elite ? `${t(lang, `ef.reinf.${x.elite}`)} ` : ''}${t(lang, `ef.type.${x.type}`)}`,
                            cv: x.cv,
                          })}${x.startsInHomeCity ? html` · ${t(lang, 'ef.reinf.homeCity')}` : nothing}
                          <span class="muted">(${t(lang, 'ef.reinf.line', { n: x.line })})</span></span
                        >`,
                        placed.placed.includes(x.unit),
                        (on) =>
                          this.setFormDraft(
                            'ef-reinf',
                            { placed: on ? [...placed.placed, x.unit] : placed.placed.filter((u) => u !== x.unit) },
                            String(turn),
                          ),
                        { testid: 'ef-reinf-placed' },
                      )}
                    </li>`,
                )}
              </ul>
              <p class="muted">${t(lang, 'ef.reinf.place')} (${rule('11.5, 11.51, 11.6')})</p>`
          : html`<p class="muted" data-testid="ef-reinf-none">
              ${data.none.length ? t(lang, 'ef.reinf.noneText') : t(lang, 'ef.reinf.none')}
            </p>`
      }
      ${data.missing ? html`<p class="muted">${translate(lang, data.missing)}</p>` : nothing}
      <details>
        <summary>${t(lang, 'ef.reinf.events')}</summary>
        <ul>
          ${OB_EVENTS.map(
            (e) =>
              html`<li>
                ${translate(lang, e.key)} (${rule(e.rule)};
                <span class="muted">${t(lang, 'ef.reinf.line', { n: e.line })}</span>)
              </li>`,
          )}
        </ul>
      </details>
    </fieldset>`;
  }

  private tool(tool: string, fortnight: 1 | 2, phase = '') {
    const tools: Record<string, () => unknown> = {
      hq: () => this.hqTool(phase, fortnight),
      mandatory: () => this.mandatoryTool(phase),
      reinforcements: () => this.reinforcementsTool(),
      weather: () => this.weatherTool(fortnight),
      battle: () => this.battleTool(),
      pursuit: () => this.pursuitTool(),
      surrender: () => this.surrenderTool(),
      victory: () => this.victoryTool(),
      production: () => this.productionTool(),
      attrition: () => this.attritionTool(),
    };
    return tools[tool]?.() ?? nothing;
  }

  // ------------------------------------------------------------------ the month

  override render() {
    const { lang, cur, turn, index, phase: ph } = this.turnPosition(PHASES, phaseIndex);
    const { year, month } = monthOf(this.scenario, turn);
    // This month's segments (Scn S41 2: June 1941 has one fortnight; Scn Edelweiss 1: July 1942 only
    // its second); a game saved in a segment left out still shows where it stands.
    const inMonth = monthPhases(this.scenario, turn);
    const segments = inMonth.includes(index) ? inMonth : [...inMonth, index].sort((a, b) => a - b);
    const at = segments.indexOf(index);
    // Production's tools are for the fortnight it leads to.
    const fortnight = segmentFortnight(this.scenario, turn, index);
    // Who plays a player turn: known from a fixed month's weather before anyone rolls (4.4, 12.1, 12.21).
    const playerTurn = (f: number, n: 1 | 2) => {
      const side = playerTurnSide(cur.state.game, this.scenario, turn, f, n);
      return side
        ? t(lang, 'ef.ui.playerTurnOf', { n, side: t(lang, `ef.side.${side}`) })
        : t(lang, 'ef.ui.playerTurnAfterWeather', { n });
    };
    const label = (p: (typeof PHASES)[number]) =>
      p.fortnight === 0
        ? t(lang, 'ef.phase.production')
        : `${t(lang, 'ef.ui.fortnight', { n: p.fortnight })} · ${
            p.player ? `${playerTurn(p.fortnight, p.player)} · ` : ''
          }${translate(lang, `ef.phase.${p.phase}`)}`;
    // A retreat from the battle shows pursuit fire inside the battle tool (retreatOffer), not twice.
    const retreatInline = !!this.retreating && !!battleOf(cur.state.game);
    const shown = (ph.tools as readonly string[]).filter((x) => !(retreatInline && x === 'pursuit'));
    const others = ['production', 'weather', 'battle', 'pursuit', 'attrition', 'surrender', 'victory'].filter(
      (x) => !ph.tools.includes(x) && !(retreatInline && x === 'pursuit'),
    );
    return html`<h3 style="margin-top:0" data-testid="ef-title">
        ${t(lang, 'ef.ui.title', { month: translate(lang, `ef.month.${MONTHS[month - 1]}`), year, phase: label(ph) })}
      </h3>
      <div class="row">
        <button ?disabled=${at === 0} @click=${() => this.run('phase', 'ef.phase', { index: segments[at - 1]! })}>
          ${t(lang, 'ef.ui.prev')}
        </button>
        <label
          ><span class="sr-only">${t(lang, 'ef.ui.segment')}</span
          ><select
            data-testid="ef-phase"
            aria-label=${t(lang, 'ef.ui.segment')}
            @change=${(e: Event) => this.run('phase', 'ef.phase', { index: Number((e.target as HTMLSelectElement).value) })}
          >
            ${segments.map((k) => html`<option value=${k} ?selected=${k === index}>${label(PHASES[k]!)}</option>`)}
          </select></label
        >
        ${this.nextPhaseButton({
          index: at,
          count: segments.length,
          next: () => this.run('phase', 'ef.phase', { index: segments[at + 1]! }),
          nextLabel: t(lang, 'ef.ui.next'),
          endLabel: t(lang, 'ef.ui.endMonth', { n: turn }),
          testid: 'ef-next',
        })}
      </div>
      ${this.err('phase')}
      ${sequenceNotes(cur.state.game, this.scenario, turn, index).map(
        (n) =>
          html`<p data-testid="ef-seq-note">
            <strong>${translate(lang, n.key)}</strong> (${t(lang, 'x.rule', { rule: n.rule ?? '' })})
          </p>`,
      )}
      ${index === 0 && turn === 1 ? html`<p class="muted">${t(lang, 'ef.phase.noProduction')}</p>` : nothing}
      ${shown.map((tool) => html`<div class="card" data-testid="ef-tool-${tool}">${this.tool(tool, fortnight, ph.phase)}</div>`)}
      <details data-testid="ef-other-tools">
        <summary>${t(lang, 'ef.ui.otherTools')}</summary>
        ${others.map((tool) => html`<div class="card">${this.tool(tool, fortnight)}</div>`)}
      </details>
      ${this.readingsChooser({
        summary: t(lang, 'ef.ui.readings'),
        readings: READINGS,
        legend: (id) => translate(lang, `ef.ui.r.${id.slice(3)}`),
        choice: (_, ch) => translate(lang, `ef.reading.${ch}`),
      })}`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-eastfront-panel': WcEastfrontPanel;
  }
}
