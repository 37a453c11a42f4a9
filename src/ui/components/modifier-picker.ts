/**
 * The die-roll modifiers a table states, with their rule, plus one free modifier with a reason; or,
 * with `kind="shifts"`, the column shifts a CRT names (a pack's terrain, river…), with no free one
 * (the combat form adds free shifts itself).
 * Modifiers of one `group` exclude each other (radios, with "none"); those whose `when` holds this
 * turn (the game module's `conditions`: the weather rolled, the turn type) are ticked from the start.
 */
import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { Modifier, TableData } from '../../engine';
import type { Lang } from '../../app/store';
import { t, tx, use } from '../i18n';
import { modifierPickerStyles } from './modifier-picker.styles';
import { ModifiersChangeEvent } from '../events';
import { numberField, textField } from '../fields';
import { readNumber, type NumberRule } from '../number-field';
import { session } from '../i18n/session';
import { formDrafts } from '../form-drafts';
import { errors } from '../i18n/errors';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(session, errors);

/** The free modifier: a whole number beyond any chart is refused at the field; left blank, there is none. */
const OTHER: NumberRule = { min: -99, max: 99, optional: true };

@customElement('wc-modifier-picker')
export class WcModifierPicker extends LitElement {
  static override styles = modifierPickerStyles;
  /** The table whose stated modifiers are offered; choosing another table clears the choice. */
  @property({ attribute: false }) table?: TableData;
  /** The players' language. */
  @property() locale: Lang = 'en';
  /** What holds this turn ("weather:rain", "turn:evening"), from the game module; compared by value. */
  @property({ attribute: false }) conditions: readonly string[] = [];
  /** What is offered: the table's die-roll modifiers, or the column shifts it names. */
  @property() kind: 'modifiers' | 'shifts' = 'modifiers';
  /**
   * Where the choice is kept as a form draft (form-drafts.ts), per game and tool: a reload brings it
   * back for the same table; `reset` (the roll was logged) drops it. None: nothing is kept.
   */
  @property({ attribute: false }) draft?: { readonly game: string; readonly form: string };
  @state() private checked = new Set<string>();
  /** The free modifier as typed (kept as typed: the field never shows "NaN"). */
  @state() private other = '';
  @state() private otherLabel = '';

  /** The modifiers (or named shifts) the table states. */
  private offered() {
    return (this.kind === 'shifts' ? this.table?.shifts : this.table?.roll?.modifiers) ?? [];
  }

  /** The modifiers that apply by themselves this turn. */
  private due(): Set<string> {
    const now = new Set(this.conditions);
    return new Set(
      this.offered()
        .filter((m) => m.when && now.has(m.when))
        .map((m) => m.id),
    );
  }

  private conditionsChanged(changed: Map<string, unknown>): boolean {
    if (!changed.has('conditions')) return false;
    const before = (changed.get('conditions') as readonly string[] | undefined) ?? [];
    return before.length !== this.conditions.length || before.some((c, k) => c !== this.conditions[k]);
  }

  /**
   * Another table was chosen (compared by id: the same chart with a row typed in, or merged again by
   * its tool, is the same table and keeps the choice — telling them apart by identity made a tool
   * that re-merges its chart on each render loop forever, #28).
   */
  private otherTable(changed: Map<string, unknown>): boolean {
    return changed.has('table') && (changed.get('table') as TableData | undefined)?.id !== this.table?.id;
  }

  override willUpdate(changed: Map<string, unknown>) {
    const newTable = this.otherTable(changed);
    if (newTable) {
      const kept =
        this.draft && this.table ? formDrafts.get(this.draft.game, this.draft.form, this.table.id) : undefined;
      const ids = new Set(this.offered().map((m) => m.id));
      this.checked = Array.isArray(kept?.['checked'])
        ? new Set((kept['checked'] as string[]).filter((id) => ids.has(id)))
        : this.due();
      this.other = typeof kept?.['other'] === 'string' ? kept['other'] : '';
      this.otherLabel = typeof kept?.['otherLabel'] === 'string' ? kept['otherLabel'] : '';
    } else if (this.conditionsChanged(changed)) {
      // The turn changed what holds (the weather was rolled): the automatic modifiers follow it.
      const automatic = new Set(
        this.offered()
          .filter((m) => m.when)
          .map((m) => m.id),
      );
      this.checked = new Set([...[...this.checked].filter((id) => !automatic.has(id)), ...this.due()]);
    }
  }

  override updated(changed: Map<string, unknown>) {
    if (this.otherTable(changed) || this.conditionsChanged(changed)) this.changed();
  }

  /** Ticks or unticks one modifier; ticking one of a group unticks the others of its group. */
  private choose(id: string, on: boolean) {
    const mods = this.offered();
    const group = mods.find((m) => m.id === id)?.group;
    const next = new Set(
      [...this.checked].filter((x) => !(on && group && mods.find((m) => m.id === x)?.group === group)),
    );
    if (on) next.add(id);
    else next.delete(id);
    this.checked = next;
    this.chose();
  }
  /** Back to the start after a roll is logged: what holds this turn ticked, no free modifier (issue #28). */
  reset(): void {
    this.checked = this.due();
    this.other = '';
    this.otherLabel = '';
    if (this.draft) formDrafts.drop(this.draft.game, this.draft.form);
    this.changed();
  }

  /** Keeps the choice as typed (a reload brings it back), in the scope of its table. */
  private keep() {
    if (!this.draft || !this.table) return;
    const fields = { checked: [...this.checked], other: this.other, otherLabel: this.otherLabel };
    formDrafts.set(this.draft.game, this.draft.form, fields, this.table.id);
  }

  /** Whether the free modifier holds what no roll can use (said at the field). */
  get invalid(): boolean {
    return !readNumber(this.other, OTHER).ok;
  }

  /** The free modifier cannot be used: its field gets the focus (its message is under it). */
  async reportInvalid(): Promise<void> {
    await this.updateComplete;
    const field = this.renderRoot.querySelector<HTMLInputElement>('#other-modifier');
    field?.focus({ preventScroll: true });
    field?.scrollIntoView?.({ block: 'center' });
  }

  /**
   * The modifiers chosen, each with its source. A free modifier that is not a number is passed on
   * as NaN: the tool refuses to roll with it (ChartTool), pointing at the field that says why.
   */
  private chosen(): Modifier[] {
    const lang = this.locale;
    const mods: Modifier[] = this.offered()
      .filter((m) => this.checked.has(m.id))
      .map((m) => ({ value: m.value, label: m.label, rule: m.rule }));
    if (this.kind === 'modifiers') {
      const other = readNumber(this.other, OTHER);
      const value = other.ok ? (other.value ?? 0) : Number.NaN;
      if (value !== 0) mods.push({ value, label: this.otherLabel.trim() || t(lang, 'table.otherModifier') });
    }
    return mods;
  }

  private changed() {
    this.dispatchEvent(new ModifiersChangeEvent(this.chosen()));
  }

  /** What the player changed: said to the tool, and kept. */
  private chose() {
    this.keep();
    this.changed();
  }

  private text(m: Modifier & { readonly rule?: string }, due: Set<string>, id: string) {
    const lang = this.locale;
    return html`<span
      >${m.value > 0 ? '+' : ''}${m.value} ${tx(lang, m.label)}
      <span class="muted">(${m.rule})</span
      >${due.has(id) ? html` <span class="tag">${t(lang, 'table.modifierNow')}</span>` : nothing}</span
    >`;
  }

  override render() {
    const lang = this.locale;
    const mods = this.offered();
    const due = this.due();
    const groups = [...new Set(mods.flatMap((m) => (m.group ? [m.group] : [])))];
    if (this.kind === 'shifts' && !mods.length) return nothing;
    return html`<fieldset>
      <legend>${t(lang, this.kind === 'shifts' ? 'combat.namedShifts' : 'table.modifiers')}</legend>
      ${mods
        .filter((m) => !m.group)
        .map(
          (m) =>
            html`<label class="inline">
              <input
                type="checkbox"
                .checked=${this.checked.has(m.id)}
                @change=${(e: Event) => this.choose(m.id, (e.target as HTMLInputElement).checked)}
              />
              ${this.text(m, due, m.id)}</label
            >`,
        )}
      ${groups.map((g) => {
        const members = mods.filter((m) => m.group === g);
        const name = `${this.table?.id ?? 'table'}-${g}`;
        return html`<div class="group" role="radiogroup" aria-label=${t(lang, 'table.modifierGroup')}>
          <span class="muted">${t(lang, 'table.modifierGroup')}</span>
          <label class="inline">
            <input
              type="radio"
              name=${name}
              .checked=${!members.some((m) => this.checked.has(m.id))}
              @change=${() => {
                for (const m of members) if (this.checked.has(m.id)) this.choose(m.id, false);
              }}
            />
            <span>${t(lang, 'table.modifierNone')}</span></label
          >
          ${members.map(
            (m) =>
              html`<label class="inline">
                <input
                  type="radio"
                  name=${name}
                  .checked=${this.checked.has(m.id)}
                  @change=${() => this.choose(m.id, true)}
                />
                ${this.text(m, due, m.id)}</label
              >`,
          )}
        </div>`;
      })}
      ${this.kind === 'shifts' ? nothing : this.renderOther()}
    </fieldset>`;
  }

  /** One free modifier with its reason. */
  private renderOther() {
    const lang = this.locale;
    return html`<div class="row">
      ${numberField(
        t(lang, 'table.otherModifier'),
        this.other,
        (text) => {
          // Text, a decimal or a number beyond any chart is refused at the field, never read as 0.
          this.other = text;
          this.chose();
        },
        OTHER,
        { lang, id: 'other-modifier', testid: 'other-modifier' },
      )}
      ${textField(
        t(lang, 'table.otherLabel'),
        this.otherLabel,
        (text) => {
          this.otherLabel = text;
          this.chose();
        },
        { maxlength: 80 },
      )}
    </div>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-modifier-picker': WcModifierPicker;
  }
}
