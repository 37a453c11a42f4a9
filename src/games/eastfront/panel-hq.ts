/**
 * EastFront's HQ ledger tool (4.41, 5.2–5.8, 6.5, 12.22): activating the HQs in the Command phase, what
 * each can do now, the Supreme moves and the deactivations with the steps they spend.
 */
import { html, nothing } from 'lit';
import { customElement } from 'lit/decorators.js';
import { t, translate } from './messages-keys';
import { HQ_MAX_VM, SHQ_PLACES, hqLines, hqOffer } from './rules';
import { checkField, numberField, textField } from '../../ui/fields';
import { readNumber } from '../../ui/number-field';
import { EfTool, numbers } from './panel-tool';
import { sideNote } from '../../ui/side-lock';

const FRESH_HQ = { id: '', vm: '', supreme: false, blitz: false, at: 'elsewhere', front: 'east' };
type HqForm = typeof FRESH_HQ;
/** The HQ's current VM as typed (4.41, 5.1): 0 (Ø) to IV. */
const HQ_VM = { min: 0, max: HQ_MAX_VM } as const;

@customElement('wc-ef-hq')
export class WcEfHq extends EfTool {
  override render() {
    return this.hqTool();
  }

  private get hqForm(): HqForm {
    return this.formDraft<HqForm>('ef-hq', FRESH_HQ);
  }
  private set hqForm(v: HqForm) {
    this.setFormDraft('ef-hq', v);
  }

  /**
   * The HQ ledger of the player turn (4.41, 5.2–5.8, 6.5, 12.22): in the Command phase the players
   * activate each HQ typing its current VM; in every phase the ledger shows what each can do now and
   * the steps it still spends, with a button to deactivate it (5.41, 5.42, 5.43, 5.7). What is offered
   * now, and why not, is the rules' (hqOffer).
   */
  private hqTool() {
    const lang = this.language;
    const { cur, turn } = this.view;
    const offer = hqOffer(cur.state.game, this.scenario, turn);
    const { side, activate, rows } = offer;
    const typed = this.hqForm;
    const set = (patch: Partial<HqForm>) => (this.hqForm = { ...typed, ...patch });
    const vm = readNumber(typed.vm, HQ_VM);
    // 4.41: the active player activates his HQs; the other side's phone is shown why not.
    const lock = this.sideLock('ef.hqActivate', { side: side ?? 'axis' }, '4.41');
    const form = activate
      ? html`<div class="row">
            ${textField(t(lang, 'ef.ui.hqId'), typed.id, (id) => set({ id }), { testid: 'ef-hq-id', maxlength: 24 })}
            ${numberField(t(lang, 'ef.ui.hqVm'), typed.vm, (v) => set({ vm: v }), HQ_VM, {
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
                  (x) =>
                    html`<option value=${x} ?selected=${typed.front === x}>${t(lang, `ef.ui.front.${x}`)}</option>`,
                )}
              </select></label
            >
            ${checkField(t(lang, 'ef.ui.hqBlitz'), typed.blitz, (blitz) => set({ blitz }), { testid: 'ef-hq-blitz' })}
            ${checkField(t(lang, 'ef.ui.hqSupreme'), typed.supreme, (supreme) => set({ supreme }), {
              testid: 'ef-hq-supreme',
            })}
            ${
              typed.supreme
                ? html`<label
                    >${t(lang, 'ef.ui.hqAt')}<select
                      data-testid="ef-hq-at"
                      @change=${(e: Event) => set({ at: (e.target as HTMLSelectElement).value })}
                    >
                      ${SHQ_PLACES.map(
                        (x) =>
                          html`<option value=${x} ?selected=${typed.at === x}>${t(lang, `ef.ui.hqAt.${x}`)}</option>`,
                      )}
                    </select></label
                  >`
                : nothing
            }
          </div>
          <button
            class="primary"
            data-testid="ef-hq-activate"
            ?disabled=${!activate.ready || !!lock}
            @click=${() => {
              if (!vm.ok || vm.value === undefined) return this.askForm('ef-hq');
              return this.runAt('hq', 'ef.hqActivate', {
                id: typed.id,
                side: side ?? 'axis',
                vm: vm.value,
                blitz: typed.blitz,
                supreme: typed.supreme,
                front: typed.front,
                ...(typed.supreme ? { at: typed.at } : {}),
              });
            }}
          >
            ${t(lang, 'ef.ui.hqActivate')}
          </button>
          ${sideNote(lock)}
          ${
            activate.ready
              ? nothing
              : html`<p class="muted" data-testid="ef-hq-why-not">
                  ${translate(lang, activate.why.key)} (${t(lang, 'x.rule', { rule: activate.why.rule ?? '' })})
                </p>`
          }`
      : nothing;
    return html`<fieldset data-testid="ef-hq">
      <legend>${t(lang, 'ef.ui.hq')}</legend>
      ${form}
      ${
        rows.length === 0
          ? html`<p class="muted">${t(lang, 'ef.ui.hqNone')}</p>`
          : html`<ul data-testid="ef-hq-ledger" style="padding-left:1rem">
              ${rows.map(({ hq, view, live, moves, deactivate }) => {
                return html`<li data-testid="ef-hq-row" data-hq=${hq.id}>
                  <strong>${t(lang, 'ef.ui.hqRow', { id: hq.id, vm: hq.vm })}</strong> ·
                  ${t(lang, `ef.ui.hqStage.${hq.stage}`)}${
                    hq.blitz && hq.stage !== 'done' && hq.stage !== 'eliminated' ? html` · BLITZ` : nothing
                  }
                  ${view.toSpend ? html` · ${t(lang, 'ef.ui.hqToSpend', { n: view.toSpend })}` : nothing}
                  ${
                    live
                      ? html`<ul>
                          ${hqLines(hq).map(
                            (line) =>
                              html`<li>
                                ${translate(lang, line.key, numbers(line.params))}
                                (${t(lang, 'x.rule', { rule: line.rule ?? '' })})
                              </li>`,
                          )}
                        </ul>`
                      : nothing
                  }
                  ${
                    moves
                      ? html`<p data-testid="ef-hq-moves">
                          ${t(lang, 'ef.ui.movesUsed', { used: moves.used, n: moves.of })}
                        </p>`
                      : nothing
                  }
                  ${
                    moves?.move
                      ? html`<button
                          data-testid="ef-hq-move"
                          ?disabled=${!moves.move.ready}
                          @click=${() => this.runAt('hq', 'ef.hqSupremeMove', { id: hq.id })}
                        >
                          ${t(lang, 'ef.ui.supremeMove', { id: hq.id })}
                        </button>`
                      : nothing
                  }
                  ${
                    deactivate
                      ? html`<button
                          data-testid="ef-hq-deactivate"
                          @click=${() => this.runAt('hq', 'ef.hqDeactivate', { id: hq.id })}
                        >
                          ${t(lang, 'ef.ui.hqDeactivate', { id: hq.id })}
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
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-ef-hq': WcEfHq;
  }
}
