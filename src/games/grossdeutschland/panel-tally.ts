/**
 * Grossdeutschland's running tallies at the table: the supply record (5.1, 5.2) — who is Low or Out
 * of supply and for how many phases — and the victory-point count of the scenario (18.3–21.3).
 * Both run the procedures of src/games/grossdeutschland/tally.ts, so every check is in the log; a step
 * the rules refuse is said beside the control it was asked from (SessionTool `actAt`, `refusalAt`).
 */
import type { ProcedureId } from './rules';
import { html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { Json } from '../../engine';
import { supplyOffer, supplyRecord, vpOf, type SupplyEntry, type SupplyStatus, type VpTally } from './tally';
import { tx } from '../../ui/i18n';
import { t, translate } from './messages-keys';
import { sideName } from '../../ui/explain';
import { gdTallyStyles } from './panel-tally.styles';
import { SessionTool } from '../../ui/components/session-tool';
import { checkField, textField } from '../../ui/fields';
import { notesSection } from '../../ui/notes-section';

/** A sign beside each status so it is never told by colour alone (the text says it too). */
const MARK: Record<SupplyStatus, string> = { supplied: '✓', low: '½', out: '✕' };

/** The ways a unit's supply is checked, each with its button's look. */
const SUPPLY_CHECKS = [
  ['traced', 'primary'],
  ['auto', undefined],
  ['failed', 'danger'],
] as const;

@customElement('wc-gd-supply')
export class WcGdSupply extends SessionTool<ProcedureId> {
  static override styles = gdTallyStyles;
  @state() private unit = '';
  @state() private side = '';
  /** The auto-supplied stack's battalion and hex (5.1: one per battalion a turn), if the players name them. */
  @state() private battalion = '';
  @state() private hex = '';

  private get sides() {
    return this.current.bundle.game.sides;
  }
  private defaultSide(): string {
    const acting = this.store.getState().side;
    return this.side || (acting && this.sides.some((s) => s.id === acting) ? acting : (this.sides[0]?.id ?? 'german'));
  }

  /** Records a unit's supply check (5.1) asked for at `where` (the form, or the record's rows); it rolls nothing. */
  private async check(where: string, unit: string, side: string, how: 'traced' | 'auto' | 'failed') {
    const stack: Record<string, Json> =
      how === 'auto' && this.battalion.trim() ? { battalion: this.battalion.trim(), hex: this.hex.trim() } : {};
    const input: Json = {
      unit,
      side,
      traced: how === 'traced',
      ...(how === 'auto' ? { autoSupplied: true, ...stack } : {}),
    };
    return this.actAt(where, { type: 'procedure', id: 'gd.supply', input });
  }

  private async submit(how: 'traced' | 'auto' | 'failed') {
    if (await this.check('supply', this.unit, this.defaultSide(), how)) this.unit = '';
  }

  private row(e: SupplyEntry, turn: number) {
    const lang = this.language;
    const due = e.lastTurn < turn;
    return html`<tr class=${e.status}>
      <th scope="row">${e.unit}</th>
      <td>${sideName(lang, this.sides, e.side)}</td>
      <td class="status"><span aria-hidden="true">${MARK[e.status]}</span> ${t(lang, `gdt.status.${e.status}`)}</td>
      <td>${e.failures}</td>
      <td>${e.losses}</td>
      <td>
        ${due ? html`<strong>${t(lang, 'gdt.ui.checkedDue', { turn: e.lastTurn })}</strong>` : t(lang, 'gdt.ui.checkedNow')}
      </td>
      <td>
        <div class="row">
          ${
            due
              ? html` <button
                    aria-label=${t(lang, 'gdt.ui.rowTracedLabel', { unit: e.unit })}
                    @click=${() => this.check('record', e.unit, e.side, 'traced')}
                  >
                    ${t(lang, 'gdt.ui.rowTraced')}
                  </button>
                  <button
                    aria-label=${t(lang, 'gdt.ui.rowFailedLabel', { unit: e.unit })}
                    @click=${() => this.check('record', e.unit, e.side, 'failed')}
                  >
                    ${t(lang, 'gdt.ui.rowFailed')}
                  </button>`
              : nothing
          }
          <button
            class="danger"
            aria-label=${t(lang, 'gdt.ui.removeLabel', { unit: e.unit })}
            @click=${() => this.actAt('record', { type: 'procedure', id: 'gd.supply.remove', input: { unit: e.unit, side: e.side } })}
          >
            ${t(lang, 'gdt.ui.remove')}
          </button>
        </div>
      </td>
    </tr>`;
  }

  override render() {
    const { lang, cur, turn } = this.view;
    const record = supplyRecord(cur.state.game);
    const side = this.defaultSide();
    const count = (s: SupplyStatus) => record.filter((e) => e.status === s).length;
    const due = record.filter((e) => e.lastTurn < turn).length;
    // Whether a check is offered, and why not (no name, or checked this turn: 5.1), is the rules'.
    const offer = supplyOffer(cur.state, { unit: this.unit, side });
    const whyNot = !offer.ok && this.unit.trim() ? translate(lang, offer.key, offer.params) : undefined;
    const disabled = !offer.ok || cur.readOnly;
    return html` <h3 style="margin-top:0">${t(lang, 'gdt.ui.supply.title')}</h3>
      <p class="muted">${t(lang, 'gdt.ui.supply.help')}</p>
      <form
        @submit=${(e: Event) => {
          e.preventDefault();
        }}
      >
        <fieldset>
          <legend>${t(lang, 'gdt.ui.supply.form')}</legend>
          <div class="row">
            ${textField(t(lang, 'gdt.ui.unit'), this.unit, (v) => (this.unit = v), { name: 'unit', autocomplete: 'off', maxlength: 40 })}
            <label
              >${t(lang, 'gdt.ui.side')}<select
                name="side"
                @change=${(e: Event) => (this.side = (e.target as HTMLSelectElement).value)}
              >
                ${this.sides.map((s) => html`<option value=${s.id} ?selected=${s.id === side}>${sideName(lang, this.sides, s.id)}</option>`)}
              </select></label
            >
            ${textField(t(lang, 'gdt.ui.battalion'), this.battalion, (v) => (this.battalion = v), { name: 'battalion', maxlength: 20 })}
            ${textField(t(lang, 'gdt.ui.hex'), this.hex, (v) => (this.hex = v), { name: 'hex', inputmode: 'numeric', maxlength: 8 })}
          </div>
          <div class="row">
            ${SUPPLY_CHECKS.map(
              ([how, kind]) =>
                html`<button
                  type="button"
                  class=${kind ?? nothing}
                  data-how=${how}
                  ?disabled=${disabled}
                  @click=${() => this.submit(how)}
                >
                  ${t(lang, `gdt.ui.${how}`)}
                </button>`,
            )}
          </div>
          ${whyNot ? html`<p class="muted" role="status" data-testid="gdt-why-not">${whyNot}</p>` : nothing}
          ${this.refusalAt('supply', 'gd-')}
        </fieldset>
      </form>
      ${
        record.length
          ? html` <p role="status">
                <strong>${t(lang, 'gdt.ui.summary', { low: count('low'), out: count('out'), due })}</strong>
              </p>
              <div class="scroll">
                <table>
                  <caption>
                    ${t(lang, 'gdt.ui.record')}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">${t(lang, 'gdt.ui.col.unit')}</th>
                      <th scope="col">${t(lang, 'gdt.ui.col.side')}</th>
                      <th scope="col">${t(lang, 'gdt.ui.col.status')}</th>
                      <th scope="col">${t(lang, 'gdt.ui.col.failures')}</th>
                      <th scope="col">${t(lang, 'gdt.ui.col.losses')}</th>
                      <th scope="col">${t(lang, 'gdt.ui.col.checked')}</th>
                      <th scope="col">${t(lang, 'gdt.ui.col.actions')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    ${record.map((e) => this.row(e, turn))}
                  </tbody>
                </table>
              </div>
              ${this.refusalAt('record', 'gd-')}`
          : html`<p class="muted">${t(lang, 'gdt.ui.empty')}</p>`
      }`;
  }
}

@customElement('wc-gd-vp')
export class WcGdVp extends SessionTool<ProcedureId> {
  static override styles = gdTallyStyles;
  /** The boxes ticked; until the players touch one, the last count's. */
  @state() private held?: ReadonlySet<number>;
  @state() private extra?: string;

  private side(id: string) {
    return translate(this.language, `gdt.side.${id}`);
  }

  /** The last count's headline, as the log says it. */
  private verdict(v: VpTally): string {
    const lang = this.language;
    if (v.threshold === null) return t(lang, 'gdt.vp.head.total', { side: this.side(v.side), total: v.total });
    if (v.winner === v.side) return t(lang, 'gdt.vp.head.wins', { side: this.side(v.side), total: v.total });
    if (v.winner === 'draw') return t(lang, 'gdt.vp.head.draw', { total: v.total });
    return t(lang, 'gdt.vp.head.short', {
      side: this.side(v.side),
      other: v.winner ? this.side(v.winner) : '?',
      total: v.total,
    });
  }

  override render() {
    const lang = this.language;
    const cur = this.current;
    const victory = cur.ctx.scenario?.victory;
    if (!victory) return html`<p class="muted">${t(lang, 'gdt.ui.vp.noData')}</p>`;
    const last = vpOf(cur.state.game);
    const held = this.held ?? new Set(last?.held ?? []);
    const extra = this.extra ?? String(last?.extra ?? 0);
    const side = this.side(victory.side);
    const toggle = (k: number, on: boolean) => {
      const next = new Set(held);
      if (on) next.add(k);
      else next.delete(k);
      this.held = next;
    };
    const count = async () => {
      const extraVp = extra.trim() === '' ? 0 : Number(extra.trim().replace('−', '-'));
      const input: Json = { held: [...held].sort((a, b) => a - b), extra: extraVp };
      if (await this.actAt('vp', { type: 'procedure', id: 'gd.vp', input })) {
        this.held = undefined;
        this.extra = undefined;
      }
    };
    return html` <h3 style="margin-top:0">${t(lang, 'gdt.ui.vp.title', { rule: victory.rule })}</h3>
      <p class="muted">${t(lang, 'gdt.ui.vp.help', { side })}</p>
      ${victory.threshold !== undefined ? html`<p>${t(lang, 'gdt.ui.vp.threshold', { side, threshold: victory.threshold })}</p>` : nothing}
      <fieldset>
        <legend>${t(lang, 'gdt.ui.vp.locations', { side })}</legend>
        ${victory.locations.map(
          (l, k) =>
            html`<div>
              ${checkField(
                t(lang, l.hex ? 'gdt.ui.vp.location' : l.note ? 'gdt.ui.vp.locationPlain' : 'gdt.ui.vp.locationAny', {
                  name: tx(lang, l.name),
                  vp: l.vp,
                  hex: l.hex ?? '',
                }),
                held.has(k),
                (on) => toggle(k, on),
                { name: `loc${k}` },
              )}
              ${l.note ? html`<span class="muted">${tx(lang, l.note)}</span>` : nothing}
            </div>`,
        )}
      </fieldset>
      <div class="row">
        ${textField(t(lang, 'gdt.ui.vp.extra'), extra, (v) => (this.extra = v), { name: 'extra', inputmode: 'numeric' })}
        <button class="primary" ?disabled=${cur.readOnly} @click=${count}>${t(lang, 'gdt.ui.vp.count')}</button>
      </div>
      ${this.refusalAt('vp', 'gd-')}
      ${
        last
          ? html`<div class="card" role="status">
              <p>${t(lang, 'gdt.ui.vp.last', { turn: last.turn })}</p>
              <p class="big">${this.verdict(last)}</p>
              <p>${t(lang, 'gdt.ui.vp.breakdown', { locations: last.locations, extra: last.extra })}</p>
            </div>`
          : nothing
      }
      ${notesSection(lang, t(lang, 'gdt.ui.vp.notes'), victory.notes, true)}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'wc-gd-supply': WcGdSupply;
    'wc-gd-vp': WcGdVp;
  }
}
