/**
 * ¿Resiste Stalingrado?'s turn: the phases of 4 and 9 (air placement, three air subturns, the
 * Russian then the German ground phase, the victory check) with the tools each offers — opposed
 * combat with its exact chances before the roll, air-to-air, AA fire, bombardment on the sheets the
 * players typed in — the tank step tracker and the readings of the rules the text leaves open.
 * Every roll is a procedure run through the store (logged, replayable; typed-in dice when physical).
 */
import type { ProcedureId } from './rules';
import { html, nothing } from 'lit';
import { customElement } from 'lit/decorators.js';
import { live } from 'lit/directives/live.js';
import { PHASE_STEP, asJson, previewEnv } from '../../engine';
import {
  AIR,
  GROUND,
  victoryCountsHexes,
  PHASES,
  READINGS,
  aaFired,
  aaPreview,
  artilleryUsed,
  bombardPreview,
  combatPreview,
  bombardStepCheck,
  phasesOf,
  stepOffer,
  fortifiedScoreTyped,
  countsAircraft,
  phaseIndex,
  prompts,
  tanksOf,
  type Defender,
  type PreviewEnv,
  type Side,
  type Unit,
  GROUND_TARGETS,
} from './rules';
import { t, translate } from './messages-keys';
import { stalingradoPanelStyles } from './panel.styles';
import { SessionTool } from '../../ui/components/session-tool';
import { checkField, numberField } from '../../ui/fields';
import { readNumber, type NumberRule } from '../../ui/number-field';
import type { Draft } from '../../ui/form-drafts';
import { onSubmit } from '../../ui/submit';

type Flag = 'fortified' | 'city' | 'river' | 'bridge';
const FLAGS: readonly Flag[] = ['fortified', 'city', 'river', 'bridge'];
const SUPPORT_TYPES = ['field-art', 'sp-art', 'rocket-art', 'at-art'] as const;
const BOMBERS = ['bomber', 'fighter-bomber', 'at-aircraft'] as const;
const TARGETS = GROUND_TARGETS;

interface Force {
  readonly attackers: readonly Unit[];
  readonly defenders: readonly Defender[];
  readonly support: readonly Unit[];
}
const EMPTY: Force = { attackers: [], defenders: [], support: [] };

/** The score of a bombardment of a fortified hex, read off the printed sheet (8.2), as the step reads it (rules.ts). */
const SCORE: NumberRule = { min: 2, max: 5 };
/** The victory check's counts, as the step reads them (rules.ts victory). */
const VICTORY: Readonly<Record<string, NumberRule>> = {
  russian: { min: 0, max: 999 },
  axis: { min: 0, max: 999 },
  ruAir: { min: 0, max: 99 },
  axAir: { min: 0, max: 99 },
  ruHexes: { min: 0, max: 99 },
  axHexes: { min: 0, max: 99 },
};

/** The form each control's step was typed in (SessionTool draftAt): its draft goes once the step is logged. */
const DRAFTS: Readonly<Record<string, string>> = {
  'ground-combat': 'rs-ground',
  'air-combat': 'rs-air',
  'artillery-bombard': 'rs-bomb',
  'air-bombard': 'rs-bomb',
  victory: 'rs-victory',
};

@customElement('wc-stalingrado-panel')
export class WcStalingradoPanel extends SessionTool<ProcedureId> {
  static override styles = stalingradoPanelStyles;
  /*
   * The forms start from the game after every resolved step (issue #28): what is typed is a draft
   * (SessionTool.formDraft), kept across a reload and dropped when its step is logged.
   */
  private get ground(): Force {
    return this.formDraft<Force>('rs-ground', EMPTY);
  }
  private set ground(f: Force) {
    this.setFormDraft('rs-ground', f);
  }
  private get air(): Force {
    return this.formDraft<Force>('rs-air', EMPTY);
  }
  private set air(f: Force) {
    this.setFormDraft('rs-air', f);
  }

  /*
   * Every step is asked for from a control (`where`) with SessionTool's runAt/actAt: a step the rules
   * refuse is said beside that control (`err`), with the way to make it anyway where the players keep
   * the last word (out of its phase, issue #29), and the page's banner stays empty for it.
   */

  /** The form whose draft goes once the step asked for at `where` is logged. */
  protected override draftAt(where: string) {
    return DRAFTS[where];
  }

  /** The refusal of the step asked for at `where`, beside that control (test ids `rs-error-<where>`, `rs-anyway-<where>`). */
  private err(where: string) {
    return this.refusalAt(where, 'rs-');
  }

  private get env(): PreviewEnv {
    const cur = this.current;
    return previewEnv(cur.ctx, cur.state, cur.session.settings.errata, this.readings);
  }

  private unitName(type: string) {
    const lang = this.language;
    for (const id of ['rs-unit-data', 'rs-artillery-bombardment']) {
      const unitRow = this.current.ctx.tables.get(id)?.rows.entries.find((x) => x.key === type);
      if (unitRow?.label) return unitRow.label[lang];
    }
    return type;
  }

  private options(types: readonly string[], selected?: string) {
    return types.map((x) => html`<option value=${x} ?selected=${x === selected}>${this.unitName(x)}</option>`);
  }

  /** One list of units (attackers, defenders or support) with a row to add another. */
  private unitList(which: keyof Force, kind: 'ground' | 'air', types: readonly string[]) {
    const lang = this.language;
    const force = kind === 'ground' ? this.ground : this.air;
    const set = (f: Force) => {
      if (kind === 'ground') this.ground = f;
      else this.air = f;
    };
    const list = force[which];
    return html`<fieldset data-list=${`${kind}-${which}`}>
      <legend>${t(lang, `rs.ui.${which}`)}</legend>
      <ul class="units">
        ${list.map(
          (u, k) =>
            html`<li>
              <strong>${this.unitName(u.type)}</strong>${u.id ? html` ${u.id}` : nothing}
              ${
                which === 'defenders' && kind === 'ground'
                  ? FLAGS.map((f) =>
                      checkField(
                        t(lang, `rs.ui.${f}`),
                        !!(u as Defender)[f],
                        (on) =>
                          set({
                            ...force,
                            defenders: force.defenders.map((d, j) => (j === k ? { ...d, [f]: on } : d)),
                          }),
                        { name: f },
                      ),
                    )
                  : nothing
              }
              <button @click=${() => set({ ...force, [which]: list.filter((_, j) => j !== k) })}>
                ${t(lang, 'rs.ui.remove')}
              </button>
            </li>`,
        )}
      </ul>
      <form
        class="row"
        @submit=${onSubmit((f) => {
          const type = f.value('type') as Unit['type'];
          const id = f.value('id').trim();
          set({ ...force, [which]: [...list, { type, ...(id ? { id } : {}) }] });
          f.input('id').value = '';
        })}
      >
        <label
          >${t(lang, 'rs.ui.type')}<select name="type">
            ${this.options(types)}
          </select></label
        >
        <label>${t(lang, 'rs.ui.letter')}<input name="id" maxlength="40" autocomplete="off" /></label>
        <button type="submit">${t(lang, 'rs.ui.add')}</button>
      </form>
    </fieldset>`;
  }

  private combatForm(kind: 'ground' | 'air', side: Side) {
    const lang = this.language;
    const force = kind === 'ground' ? this.ground : this.air;
    const types = kind === 'ground' ? GROUND.filter((x) => x !== 'tank-affected') : AIR;
    const input = asJson({ kind, attacker: side, ...force });
    // Whether the combat can be resolved, and why not (no attacker, no defender, a rule's condition), is
    // the rules' (combatPreview: the procedure's own checks): the panel renders it and computes nothing.
    const preview = combatPreview(this.env, input);
    const whyNot = preview.ok ? undefined : translate(lang, preview.key, preview.params);
    return html`<section data-testid=${`rs-${kind}-combat`}>
      <h4>${t(lang, kind === 'ground' ? 'rs.ui.groundCombat' : 'rs.ui.airCombat')}</h4>
      ${this.unitList('attackers', kind, types)} ${this.unitList('defenders', kind, types)}
      ${kind === 'ground' ? this.unitList('support', kind, SUPPORT_TYPES) : nothing}
      ${
        preview.ok
          ? html`<p>${t(lang, 'rs.ui.factors', { attack: preview.attack, defence: preview.defence })}</p>
              <p class="chances" data-testid="rs-chances">${t(lang, 'rs.ui.chances', preview.chances)}</p>`
          : html`<p class="muted" role="status" data-testid="rs-why-not">${whyNot}</p>
              ${preview.key === 'rs.err.tankUnknown' ? this.askTank(String(preview.params['id']), String(preview.params['side']), `${kind}-tank`) : nothing}`
      }
      <button
        class="primary"
        ?disabled=${!preview.ok || this.store.getState().busy}
        @click=${() => this.runAt(`${kind}-combat`, 'rs.combat', input)}
      >
        ${t(lang, 'rs.ui.resolve')}
      </button>
      ${this.err(`${kind}-combat`)}
    </section>`;
  }

  /** A tank the tracker does not know, asked for right there (control `where`): full or affected (2.3). */
  private askTank(id: string, side: string, where: string) {
    const lang = this.language;
    if (side !== 'russian' && side !== 'axis') return nothing;
    return html`<div class="row" data-testid="rs-ask-tank">
        ${(['full', 'affected'] as const).map(
          (state) =>
            html`<button @click=${() => this.runAt(where, 'rs.tank', { id, side, state }, false)}>
              ${t(lang, 'rs.ui.tankAdd', { id, state: t(lang, `rs.ui.state.${state}`) })}
            </button>`,
        )}
      </div>
      ${this.err(where)}`;
  }

  private aaForm() {
    const lang = this.language;
    const cur = this.current;
    const index = phaseIndex(cur.state.game, cur.state.turn);
    const subturn = PHASES[index]!.subturn ?? 0;
    const fired = aaFired(cur.state.game, cur.state.turn, subturn);
    return html`<form
        data-testid="rs-aa"
        @submit=${onSubmit(
          (f) =>
            void this.runAt('aa', 'rs.aa', { aa: f.value('aa'), aircraft: f.value('aircraft'), type: f.value('type') }),
        )}
      >
        <h4>${t(lang, 'rs.ui.aa')}</h4>
        <div class="row">
          <label>${t(lang, 'rs.ui.aaUnit')}<input name="aa" maxlength="40" autocomplete="off" /></label>
          <label>${t(lang, 'rs.ui.aircraft')}<input name="aircraft" maxlength="40" autocomplete="off" /></label>
          <label
            >${t(lang, 'rs.ui.aircraftType')}<select name="type">
              ${this.options(AIR)}
            </select></label
          >
        </div>
        <p class="muted">
          ${AIR.map((ty) => {
            const preview = aaPreview(this.env, ty);
            return html`${this.unitName(ty)}: ${t(lang, 'rs.ui.scoreIs', preview)} `;
          })}
        </p>
        ${fired.length ? html`<p class="muted">${t(lang, 'rs.ui.fired', { list: fired.join(', ') })}</p>` : nothing}
        <button class="primary" type="submit">${t(lang, 'rs.ui.fire')}</button>
      </form>
      ${this.err('aa')}`;
  }

  /** The bombardment form as typed (one draft for the artillery's and the aviation's: one shows at a time). */
  private get bomb(): Record<string, string> {
    return this.formDraft('rs-bomb', {}) as Record<string, string>;
  }

  private bombForm(kind: 'artillery' | 'air') {
    const lang = this.language;
    const shooters = kind === 'artillery' ? SUPPORT_TYPES : BOMBERS;
    const bomb: Record<string, string> = { shooter: shooters[0]!, target: 'tank', ...this.bomb };
    const set = (k: string, v: string) => this.setFormDraft('rs-bomb', { [k]: v });
    const fortified = bomb['fortified'] === 'yes';
    // Which score a fortified target needs is the rules' (the sheet's fortified value, typed; for aircraft
    // reading A7 may keep the sheet's ordinary score).
    const typed = fortified && fortifiedScoreTyped(this.env, kind);
    const preview = typed ? undefined : bombardPreview(this.env, kind, bomb['shooter']!, bomb['target']!);
    // The step's own conditions (set-up, a tank in the tracker, three aircraft on one target) are the rules'.
    const step = bombardStepCheck(this.env, kind, {
      target: bomb['target']!,
      tank: bomb['tank'] ?? '',
      aircraft: bomb['aircraft'] ?? '',
      hex: bomb['hex'] ?? '',
    });
    const tableId = kind === 'artillery' ? 'rs-artillery-bombardment' : 'rs-aviation-bombardment';
    return html`<section data-testid=${`rs-${kind}-bombard`}>
      <h4>${t(lang, kind === 'artillery' ? 'rs.ui.bombard' : 'rs.ui.airBombing')}</h4>
      <div class="row">
        <label
          >${t(lang, 'rs.ui.shooter')}<select
            @change=${(e: Event) => set('shooter', (e.target as HTMLSelectElement).value)}
          >
            ${this.options(shooters, bomb['shooter'])}
          </select></label
        >
        ${kind === 'artillery' ? html`<label>${t(lang, 'rs.ui.unitName')}<input .value=${bomb['unit'] ?? ''} @input=${(e: Event) => set('unit', (e.target as HTMLInputElement).value)} /></label>` : nothing}
        <label
          >${t(lang, 'rs.ui.target')}<select
            @change=${(e: Event) => set('target', (e.target as HTMLSelectElement).value)}
          >
            ${this.options(TARGETS, bomb['target'])}
          </select></label
        >
        ${bomb['target'] === 'tank' ? html`<label>${t(lang, 'rs.ui.letter')}<input name="tank" .value=${bomb['tank'] ?? ''} @input=${(e: Event) => set('tank', (e.target as HTMLInputElement).value)} /></label>` : nothing}
        ${
          kind === 'air'
            ? html`<label
                  >${t(lang, 'rs.ui.aircraftName')}<input
                    name="aircraft"
                    maxlength="40"
                    autocomplete="off"
                    .value=${bomb['aircraft'] ?? ''}
                    @input=${(e: Event) => set('aircraft', (e.target as HTMLInputElement).value)}
                /></label>
                <label
                  >${t(lang, 'rs.ui.hex')}<input
                    name="hex"
                    maxlength="40"
                    autocomplete="off"
                    .value=${bomb['hex'] ?? ''}
                    @input=${(e: Event) => set('hex', (e.target as HTMLInputElement).value)}
                /></label>`
            : nothing
        }
      </div>
      ${checkField(t(lang, 'rs.ui.fortified'), fortified, (on) => set('fortified', on ? 'yes' : ''))}
      ${typed ? numberField(t(lang, 'rs.ui.score'), bomb['score'] ?? '', (v) => set('score', v), SCORE, { lang, id: 'rs-bomb-score', asked: this.askedForms.has('rs-bomb') }) : nothing}
      ${
        preview?.ok
          ? html`<p class="chances">
              ${t(lang, 'rs.ui.scoreIs', { score: preview.score, hit: preview.hit, outcomes: preview.outcomes })}
            </p>`
          : preview
            ? html`<p class="muted" role="status">
                ${translate(lang, preview.key, preview.params)}
                ${preview.key === 'rs.err.scoreMissing' ? html`<a href="#/game/${this.current.session.game}/tables/${tableId}">${t(lang, 'rs.ui.typeIn')}</a>` : nothing}
              </p>`
            : nothing
      }
      ${
        step.ok
          ? nothing
          : html`<p class="muted" role="status" data-testid="rs-bomb-why-not">
                ${translate(lang, step.key, step.params)}
              </p>
              ${step.key === 'rs.err.tankUnknown' ? this.askTank(String(step.params['id']), String(step.params['side']), `${kind}-bombard-tank`) : nothing}`
      }
      <button
        class="primary"
        ?disabled=${!step.ok || (!typed && !preview?.ok)}
        @click=${() => {
          const score = readNumber(bomb['score'], SCORE);
          if (typed && !score.ok) return void this.askForm('rs-bomb');
          void this.runAt(`${kind}-bombard`, 'rs.bombard', {
            kind,
            shooter: bomb['shooter']!,
            target: bomb['target']!,
            ...(bomb['unit'] ? { unit: bomb['unit'] } : {}),
            ...(bomb['tank'] && bomb['target'] === 'tank' ? { tank: bomb['tank'] } : {}),
            ...(kind === 'air' ? { aircraft: bomb['aircraft'] ?? '', hex: bomb['hex'] ?? '' } : {}),
            ...(fortified ? { fortified: true } : {}),
            ...(typed && score.ok ? { score: score.value! } : {}),
          });
        }}
      >
        ${t(lang, 'rs.ui.roll')}
      </button>
      ${this.err(`${kind}-bombard`)}
    </section>`;
  }

  private tankTracker() {
    const lang = this.language;
    const tanks = Object.entries(tanksOf(this.current.state.game));
    return html`<details data-testid="rs-tanks">
      <summary>${t(lang, 'rs.ui.tanks')}</summary>
      ${tanks.length ? nothing : html`<p class="muted">${t(lang, 'rs.ui.tankNone')}</p>`}
      <ul class="units">
        ${tanks.map(([k, tk]) => {
          const id = k.split(':')[1]!;
          return html`<li>
            <strong>${t(lang, `rs.ui.side.${tk.side}`)} ${id}</strong> ${t(lang, `rs.ui.state.${tk.state}`)}
            ${(['full', 'affected', 'eliminated'] as const)
              .filter((s) => s !== tk.state)
              .map(
                (s) =>
                  html`<button
                    @click=${() => this.runAt(`tank-${k}`, 'rs.tank', { id, side: tk.side, state: s }, false)}
                  >
                    ${t(lang, `rs.ui.state.${s}`)}
                  </button>`,
              )}
            ${this.err(`tank-${k}`)}
          </li>`;
        })}
      </ul>
      <form
        class="row"
        @submit=${onSubmit((f) => void this.runAt('tank-add', 'rs.tank', { id: f.value('id'), side: f.value('side') }, false))}
      >
        <label
          >${t(lang, 'rs.ui.targetSide')}<select name="side">
            <option value="russian">${t(lang, 'rs.ui.side.russian')}</option>
            <option value="axis">${t(lang, 'rs.ui.side.axis')}</option>
          </select></label
        >
        <label>${t(lang, 'rs.ui.letter')}<input name="id" maxlength="10" autocomplete="off" /></label>
        <button type="submit">${t(lang, 'rs.ui.add')}</button>
      </form>
      ${this.err('tank-add')}
    </details>`;
  }

  private victoryForm() {
    const lang = this.language;
    // Which counts the victory reads is the rules' (aircraft: reading A9; the city's hexes after the last turn, 5).
    const last = victoryCountsHexes(this.env);
    // The counts as typed (a draft: issue #28); none is read as 0 when blank (item 15).
    const draft: Draft = this.formDraft<Draft>('rs-victory', {
      russian: '',
      axis: '',
      ruAir: '',
      axAir: '',
      ruHexes: '',
      axHexes: '',
      holds: false,
    });
    const air = countsAircraft(this.env);
    const keys = ['russian', 'axis', ...(air ? ['ruAir', 'axAir'] : []), ...(last ? ['ruHexes', 'axHexes'] : [])];
    const reads = Object.fromEntries(keys.map((k) => [k, readNumber(draft[k], VICTORY[k]!)]));
    const numberAt = (k: string) => {
      const parsed = reads[k]!;
      return parsed.ok ? parsed.value! : Number.NaN;
    };
    const field = (k: string, label: string) =>
      numberField(
        label,
        String(draft[k] ?? ''),
        (text) => this.setFormDraft('rs-victory', { [k]: text }),
        VICTORY[k]!,
        {
          lang,
          id: `rs-victory-${k}`,
          name: k,
          asked: this.askedForms.has('rs-victory'),
        },
      );
    return html`<form
        @submit=${onSubmit(() => {
          if (!Object.values(reads).every((r) => r.ok)) return void this.askForm('rs-victory');
          void this.runAt(
            'victory',
            'rs.victory',
            {
              russian: numberAt('russian'),
              axis: numberAt('axis'),
              ...(air ? { russianAir: numberAt('ruAir'), axisAir: numberAt('axAir') } : {}),
              russianHoldsStalingrad: draft['holds'] === true,
              ...(last ? { russianHexes: numberAt('ruHexes'), axisHexes: numberAt('axHexes') } : {}),
            },
            false,
          );
        })}
      >
        <h4>${t(lang, 'rs.ui.victory')}</h4>
        <div class="row">
          ${field('russian', t(lang, 'rs.ui.ruCounters'))} ${field('axis', t(lang, 'rs.ui.axCounters'))}
        </div>
        ${air ? html`<div class="row">${field('ruAir', t(lang, 'rs.ui.ruAir'))} ${field('axAir', t(lang, 'rs.ui.axAir'))}</div>` : nothing}
        ${checkField(t(lang, 'rs.ui.holds'), draft['holds'] === true, (on) => this.setFormDraft('rs-victory', { holds: on }), { name: 'holds' })}
        ${last ? html`<div class="row">${field('ruHexes', t(lang, 'rs.ui.ruHexes'))} ${field('axHexes', t(lang, 'rs.ui.axHexes'))}</div>` : nothing}
        <button class="primary" type="submit">${t(lang, 'rs.ui.check')}</button>
      </form>
      ${this.err('victory')}`;
  }

  private tool(tool: string, side: Side | undefined) {
    switch (tool) {
      case 'combat':
        return this.combatForm('ground', side ?? 'russian');
      case 'air-combat':
        return this.combatForm('air', side ?? 'russian');
      case 'aa':
        return this.aaForm();
      case 'air-bombing':
        return this.bombForm('air');
      case 'bombard':
        return this.bombForm('artillery');
      case 'victory':
        return this.victoryForm();
      default:
        return nothing;
    }
  }

  override render() {
    const { lang, cur, turn, index } = this.turnPosition(PHASES, phaseIndex);
    const name = (k: number) => translate(lang, `rs.phase.${PHASES[k]!.step}`, { subturn: PHASES[k]!.subturn ?? 0 });
    const used = Object.keys(artilleryUsed(cur.state.game, turn));
    // What this step offers, and why it offers no roll, is the rules' (stepOffer).
    const offer = stepOffer(cur.state.game, turn);
    return html`<h3 style="margin-top:0" data-testid="rs-title">
        ${offer.phase.setup ? t(lang, 'rs.ui.setupTitle', { phase: name(index) }) : t(lang, 'rs.ui.title', { turn, phase: name(index) })}
      </h3>
      <label
        >${t(lang, 'rs.ui.phase')}<select
          data-testid="rs-phase"
          .value=${live(String(index))}
          @change=${(e: Event) => this.movePhase(Number((e.target as HTMLSelectElement).value))}
        >
          ${phasesOf(turn).map((k) => html`<option value=${k} ?selected=${k === index}>${name(k)}</option>`)}
        </select></label
      >
      ${this.err('phase')}
      <ul class="prompts" data-testid="rs-prompts">
        ${prompts(turn, index, this.readings).map((l) => html`<li>${translate(lang, l.key)}</li>`)}
      </ul>
      ${offer.none ? html`<p class="muted" data-testid="rs-offer">${translate(lang, offer.none.key)}</p>` : this.rollsField({ label: t(lang, 'rs.ui.dice') })}
      ${offer.tools.map((tool) => html`<div class="card">${this.tool(tool, offer.phase.side)}</div>`)}
      ${used.length ? html`<p class="muted">${t(lang, 'rs.ui.used', { list: used.join(', ') })}</p>` : nothing}
      <div class="row">
        ${this.nextPhaseButton({
          index,
          count: PHASES.length,
          next: () => this.runAt('next', PHASE_STEP, { index: index + 1 }, false),
          end: () => this.actAt('next', { type: 'end-turn' }),
          nextLabel: t(lang, 'rs.ui.next'),
          endLabel: t(lang, 'rs.ui.endTurn', { turn }),
          testid: 'rs-next',
        })}
      </div>
      ${this.err('next')} ${this.tankTracker()}
      ${this.readingsChooser({
        summary: t(lang, 'rs.ui.readings'),
        readings: READINGS,
        legend: (id) => translate(lang, `rs.reading.${id}`),
        choice: (_, ch) => translate(lang, `rs.choice.${ch}`),
      })}`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-stalingrado-panel': WcStalingradoPanel;
  }
}
