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
import { textField, wholeNumberField } from '../fields';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(session, tables, errors);

/** A strength as typed: '' stays empty (asked for), anything else goes to the engine, which refuses bad values with a message. */
const parseStrength = (s: string): number | undefined => (s.trim() === '' ? undefined : Number(s.replace(',', '.')));

@customElement('wc-combat-panel')
export class WcCombatPanel extends ChartTool {
  @state() private tableId = '';
  @state() private attack = '';
  @state() private defence = '';
  @state() private shifts: { amount: number; label: string }[] = [];
  @state() private diceKey = '';
  /** The column shifts the chart names (a pack's terrain, river…) that the players ticked. */
  @state() private namedShifts: readonly Shift[] = [];

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
    const shifts: Shift[] = [
      ...this.namedShifts,
      ...this.shifts
        .filter((s) => s.amount !== 0)
        .map((s) => ({ amount: s.amount, label: s.label.trim() || t(lang, 'combat.shifts') })),
    ];
    return {
      table: t0.id,
      attack: parseStrength(this.attack),
      defence: parseStrength(this.defence),
      shifts,
      modifiers: [...this.modifiers],
    };
  }

  private async resolve(t0: TableData, spec: DiceSpec) {
    const i = this.input(t0);
    if (i.attack === undefined || i.defence === undefined) {
      this.store.report({ key: 'combat.needStrengths' });
      return;
    }
    await this.dice.act(this.store, this.physical, {
      type: 'combat',
      table: t0.id,
      attack: i.attack,
      defence: i.defence,
      shifts: i.shifts,
      modifiers: i.modifiers,
      dice: spec,
    });
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
    if (i.attack !== undefined && i.defence !== undefined) {
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
    const setShift = (k: number, patch: Partial<{ amount: number; label: string }>) => {
      this.shifts = this.shifts.map((s, j) => (j === k ? { ...s, ...patch } : s));
    };
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
        ${textField(t(lang, 'combat.attack'), this.attack, (v) => (this.attack = v), { name: 'attack', inputmode: 'decimal', autocomplete: 'off' })}
        ${textField(t(lang, 'combat.defence'), this.defence, (v) => (this.defence = v), { name: 'defence', inputmode: 'decimal', autocomplete: 'off' })}
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
        ${this.shifts.map(
          (s, k) =>
            html`<div class="row">
              ${wholeNumberField(
                t(lang, 'combat.shiftAmount'),
                s.amount,
                (amount) => setShift(k, { amount }),
                { min: -20, max: 20 },
                (p) => t(lang, 'field.number', p),
              )}
              ${textField(t(lang, 'combat.shiftLabel'), s.label, (label) => setShift(k, { label }), { maxlength: 80 })}
              <button @click=${() => (this.shifts = this.shifts.filter((_, j) => j !== k))}>
                ${t(lang, 'combat.remove')}
              </button>
            </div>`,
        )}
        <button @click=${() => (this.shifts = [...this.shifts, { amount: -1, label: '' }])}>
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
