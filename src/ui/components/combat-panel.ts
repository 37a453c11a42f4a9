/**
 * Combat on a CRT: strengths, column shifts, die-roll modifiers and the dice to use; the column
 * and the exact chance of every result are shown live, before anyone rolls.
 */
import { html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import {
  combatColumn,
  combatDistribution,
  diceLabel,
  nextSums,
  type DiceSpec,
  type Shift,
  type TableData,
} from '../../engine';
import { renderChartProblems } from './chart-problems';
import { t, tx, use } from '../i18n';
import { ChartTool } from './chart-tool';
import './manual-dice';
import './odds-bars';
import './deck-odds';
import { session } from '../i18n/session';
import { tables } from '../i18n/tables';
import { errors } from '../i18n/errors';
import { ModifiersChangeEvent } from '../events';
import './modifier-picker';
import { numberField, textField } from '../fields';
import { readNumber, type NumberRule } from '../number-field';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(session, tables, errors);

/** A strength: a number from 0 (the engine's error.strength); a defence of 0 is refused by the engine for odds. */
const STRENGTH: NumberRule = { min: 0, max: 1_000_000, whole: false };
/** A game whose strengths are whole numbers (a pack's manifest says so; issue #32): 8.5 is refused at the field. */
const WHOLE_STRENGTH: NumberRule = { ...STRENGTH, whole: true };
/** A column shift: a whole number (the engine's error.shift-range); a blank row is not "no shift", it is asked for. */
const SHIFT: NumberRule = { min: -20, max: 20 };

/** The combat form with nothing typed: each combat starts from it (issue #28). */
const FRESH = { attack: '', defence: '', shifts: [] as { amount: string; label: string }[] };
type CombatForm = typeof FRESH;

/** A number as the form reads it: NaN when its field cannot be used (said at the field). */
const numberOf = (text: string, rule: NumberRule) => {
  const r = readNumber(text, rule);
  return r.ok ? (r.value ?? Number.NaN) : Number.NaN;
};

@customElement('wc-combat-panel')
export class WcCombatPanel extends ChartTool {
  @state() private tableId = '';
  @state() private diceKey = '';
  /** The column shifts the chart names (a pack's terrain, river…) that the players ticked. */
  @state() private namedShifts: readonly Shift[] = [];

  /**
   * The strengths and shifts as typed: a draft kept across a reload, dropped once the combat is
   * logged, so the next combat starts clean. The chart and the dice chosen stay (a tool's choice,
   * not a combat's); the modifiers go back to those that hold this turn.
   */
  private get form(): CombatForm {
    return this.formDraft<CombatForm>('combat', FRESH);
  }
  private setForm(patch: Partial<CombatForm>) {
    this.setFormDraft('combat', patch);
  }

  /** What a strength may be in this game: whole numbers only where the game says so. */
  private get strength(): NumberRule {
    return this.current.bundle.game.strengths === 'whole' ? WHOLE_STRENGTH : STRENGTH;
  }

  /** Every strength and shift can be used; if not, each field says why and the first gets the focus. */
  protected override fieldsOk(): boolean {
    const f = this.form;
    const ok =
      readNumber(f.attack, this.strength).ok &&
      readNumber(f.defence, this.strength).ok &&
      f.shifts.every((x) => readNumber(x.amount, SHIFT).ok);
    if (!ok) {
      void this.askForm('combat');
      return false;
    }
    return super.fieldsOk();
  }

  /** Faces typed for other dice do not carry over to a different roll. */
  override willUpdate(changed: Map<string, unknown>) {
    if (changed.has('tableId') || changed.has('diceKey')) this.dice.reset();
  }

  /**
   * The dice: the table's own, only (issue #30: the game decides the dice). Where the rules roll a
   * CRT with other dice (Grossdeutschland's 3d6 at night, 13.2), the game's procedure rolls them with its rule.
   */
  private diceChoices(t0: TableData): { key: string; spec: DiceSpec }[] {
    const own = t0.roll!.dice;
    return [{ key: diceLabel(own), spec: own }];
  }

  private input(t0: TableData) {
    const lang = this.store.getState().lang;
    const f = this.form;
    const shifts: Shift[] = [
      ...this.namedShifts,
      ...f.shifts
        .map((s) => ({ amount: numberOf(s.amount, SHIFT), label: s.label.trim() || t(lang, 'combat.shifts') }))
        .filter((s) => s.amount !== 0),
    ];
    const attack = numberOf(f.attack, this.strength);
    const defence = numberOf(f.defence, this.strength);
    return {
      table: t0.id,
      attack: Number.isNaN(attack) ? undefined : attack,
      defence: Number.isNaN(defence) ? undefined : defence,
      shifts,
      modifiers: [...this.modifiers],
    };
  }

  private async resolve(t0: TableData, spec: DiceSpec) {
    const i = this.input(t0);
    if (i.attack === undefined || i.defence === undefined || i.shifts.some((x) => Number.isNaN(x.amount))) return;
    const entry = await this.dice.act(this.store, this.physical, {
      type: 'combat',
      table: t0.id,
      attack: i.attack,
      defence: i.defence,
      shifts: i.shifts,
      modifiers: i.modifiers,
      dice: spec,
    });
    if (entry) {
      this.dropFormDraft('combat');
      for (const picker of this.renderRoot.querySelectorAll('wc-modifier-picker')) picker.reset();
    }
  }

  override render() {
    const lang = this.store.getState().lang;
    const list = this.chartsOf('crt');
    if (!list.length) return this.noChartsNote('chart.noCrt', 'chart.noCrtDice');
    const t0 = list.find((x) => x.id === this.tableId) ?? list[0]!;
    const choices = this.diceChoices(t0);
    const dice = choices.find((c) => c.key === this.diceKey) ?? choices[0]!;
    const i = this.input(t0);
    const problems = this.problemsOf(t0);
    let column: string | undefined, dist;
    /** Beyond an end of the table whose result is automatic: no die is rolled or typed. */
    let automatic = false;
    if (i.attack !== undefined && i.defence !== undefined && !i.shifts.some((x) => Number.isNaN(x.amount))) {
      try {
        const col = combatColumn(t0, { attack: i.attack, defence: i.defence, shifts: i.shifts });
        column = col.after.key;
        automatic = col.after.at !== 'column' && col.after.auto !== undefined;
        dist = combatDistribution(
          t0,
          { attack: i.attack, defence: i.defence, shifts: i.shifts, modifiers: i.modifiers },
          dice.spec,
          { errata: this.current.session.settings.errata, entered: this.current.ctx.entered?.[t0.id] },
          nextSums(this.current.state, dice.spec),
        );
      } catch {
        /* shown when resolving */
      }
    }
    const form = this.form;
    const asked = this.askedForms.has('combat');
    const setShift = (k: number, patch: Partial<{ amount: string; label: string }>) =>
      this.setForm({ shifts: this.form.shifts.map((s, j) => (j === k ? { ...s, ...patch } : s)) });
    return html` <div class="row">
        <label
          >${t(lang, 'combat.table')}<select
            @change=${(e: Event) => {
              this.tableId = (e.target as HTMLSelectElement).value;
              this.blockedTapped = false;
            }}
          >
            ${list.map((x) => html`<option value=${x.id} ?selected=${x === t0}>${tx(lang, x.title)} (${x.rule})</option>`)}
          </select></label
        >
        ${numberField(t(lang, 'combat.attack'), form.attack, (v) => this.setForm({ attack: v }), this.strength, { lang, id: 'combat-attack', name: 'attack', asked })}
        ${numberField(t(lang, 'combat.defence'), form.defence, (v) => this.setForm({ defence: v }), this.strength, { lang, id: 'combat-defence', name: 'defence', asked })}
        <label
          >${t(lang, 'combat.diceUsed')}<select
            @change=${(e: Event) => (this.diceKey = (e.target as HTMLSelectElement).value)}
          >
            ${choices.map((c) => html`<option value=${c.key} ?selected=${c === dice}>${c.key}</option>`)}
          </select></label
        >
      </div>
      <wc-modifier-picker
        kind="shifts"
        .table=${t0}
        .locale=${lang}
        .conditions=${this.conditions}
        @wc-modifiers-change=${(e: ModifiersChangeEvent) => {
          this.namedShifts = e.modifiers.map((m) => ({
            amount: m.value,
            label: m.label,
            ...(m.rule ? { rule: m.rule } : {}),
          }));
        }}
      ></wc-modifier-picker>
      <fieldset>
        <legend>${t(lang, 'combat.shifts')}</legend>
        ${form.shifts.map(
          (s, k) =>
            html`<div class="row">
              ${numberField(t(lang, 'combat.shiftAmount'), s.amount, (amount) => setShift(k, { amount }), SHIFT, {
                lang,
                id: `combat-shift-${k}`,
                asked,
              })}
              ${textField(t(lang, 'combat.shiftLabel'), s.label, (label) => setShift(k, { label }), { maxlength: 80 })}
              <button @click=${() => this.setForm({ shifts: this.form.shifts.filter((_, j) => j !== k) })}>
                ${t(lang, 'combat.remove')}
              </button>
            </div>`,
        )}
        <button @click=${() => this.setForm({ shifts: [...this.form.shifts, { amount: '-1', label: '' }] })}>
          ${t(lang, 'combat.addShift')}
        </button>
      </fieldset>
      ${renderChartProblems(lang, t0, problems)} ${problems.length ? nothing : this.progressNote(t0)}
      ${this.inlineChart(t0)} ${this.modifierPicker(t0)}
      ${column ? html`<p><strong data-testid="column">${t(lang, 'combat.column', { column })}</strong></p>` : nothing}
      <h4>${t(lang, 'odds.chances')}</h4>
      <wc-deck-odds .store=${this.store} .spec=${dice.spec} ?physical=${this.physical}></wc-deck-odds>
      <wc-odds-bars .dist=${dist} .table=${t0} .locale=${lang}></wc-odds-bars>
      ${
        automatic
          ? html`<p data-testid="no-die">${t(lang, 'combat.noDie')}</p>`
          : this.physical
            ? this.dice.input(dice.spec, lang)
            : nothing
      }
      ${this.chartButton({
        chart: t0,
        blocked: problems.length > 0,
        reasonId: 'combat-resolve-blocked',
        reason: 'combat.resolveBlocked',
        label: t(lang, 'combat.resolve'),
        press: () => this.resolve(t0, dice.spec),
      })}`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-combat-panel': WcCombatPanel;
  }
}
