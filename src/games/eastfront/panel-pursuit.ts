/**
 * EastFront's pursuit fire tool (6.41, 6.42, 15.5, 15.6): the rearguard, the pursuers, the hex and the
 * weather, the exact chances before the roll, and the roll. The battle tool opens it on a retreat.
 */
import { html, nothing } from 'lit';
import { customElement } from 'lit/decorators.js';
import { asJson, type ProcedureOutcome } from '../../engine';
import { t, translate } from './messages-keys';
import {
  TERRAINS,
  UNIT_TYPES,
  WEATHERS,
  pursuitAsks,
  pursuitOffer,
  type Side,
  type Terrain,
  type UnitType,
  type Weather,
} from './rules';
import { textField } from '../../ui/fields';
import { readNumber } from '../../ui/number-field';
import { EfTool } from './panel-tool';

/** The pursuit form as it starts (a form draft, 'ef-pursuit'; the battle tool fills it on a retreat). */
export const FRESH_PURSUIT = {
  weather: '',
  terrain: 'clear',
  rg: { id: 'R', side: 'soviet' as Side, type: 'infantry' as UnitType, cv: '2' },
  pursuers: '',
  evacuation: 'none',
  /** In a fortress only the Original Defender has Triple Defence (1.46, 7.23): the players say which the rearguard is. */
  role: '' as '' | 'od' | 'oa',
};
export type PursuitForm = typeof FRESH_PURSUIT;

@customElement('wc-ef-pursuit')
export class WcEfPursuit extends EfTool {
  private get pursuitForm(): PursuitForm {
    return this.formDraft<PursuitForm>('ef-pursuit', FRESH_PURSUIT);
  }
  private set pursuitForm(v: PursuitForm) {
    this.setFormDraft('ef-pursuit', v);
  }

  override render() {
    return this.pursuitTool();
  }

  private pursuitTool() {
    const lang = this.language;
    const form = this.pursuitForm;
    const set = (patch: Partial<typeof form>) => {
      this.pursuitForm = { ...form, ...patch };
    };
    const pursuers = form.pursuers
      .split(/[,;]/)
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s, k) => {
        const [type, cv] = s.split(/\s+/);
        const tp = this.typeOf(type ?? '');
        return { id: `P${k + 1}`, side: form.rg.side === 'axis' ? 'soviet' : 'axis', type: tp, cv: Number(cv) };
      });
    return html`<fieldset>
      <legend>${t(lang, 'ef.ui.pursuit')}</legend>
      <div class="row">
        <label
          >${t(lang, 'ef.ui.weather')}<select
            @change=${(e: Event) => set({ weather: (e.target as HTMLSelectElement).value })}
          >
            ${WEATHERS.map((w) => html`<option value=${w} ?selected=${(form.weather || this.defaultWeather()) === w}>${t(lang, `ef.w.${w}`)}</option>`)}
          </select></label
        >
        <label
          >${t(lang, 'ef.ui.terrain')}<select
            @change=${(e: Event) => set({ terrain: (e.target as HTMLSelectElement).value })}
          >
            ${TERRAINS.map((w) => html`<option value=${w} ?selected=${form.terrain === w}>${t(lang, `ef.t.${w}`)}</option>`)}
          </select></label
        >
      </div>
      <div class="row">
        <label
          >${t(lang, 'ef.ui.rearguard')}<select
            @change=${(e: Event) => set({ rg: { ...form.rg, side: (e.target as HTMLSelectElement).value as Side } })}
          >
            ${(['axis', 'soviet'] as Side[]).map((s) => html`<option value=${s} ?selected=${form.rg.side === s}>${t(lang, `ef.side.${s}`)}</option>`)}
          </select></label
        >
        <label
          >${t(lang, 'ef.ui.type')}<select
            @change=${(e: Event) => set({ rg: { ...form.rg, type: (e.target as HTMLSelectElement).value as UnitType } })}
          >
            ${UNIT_TYPES.map((u) => html`<option value=${u} ?selected=${form.rg.type === u}>${t(lang, `ef.type.${u}`)}</option>`)}
          </select></label
        >
        <label
          >${t(lang, 'ef.ui.cv')}<input
            class="cv"
            style="width:3.4rem"
            inputmode="numeric"
            .value=${form.rg.cv}
            @input=${(e: Event) => set({ rg: { ...form.rg, cv: (e.target as HTMLInputElement).value } })}
        /></label>
      </div>
      ${
        form.terrain === 'fortress'
          ? html`<div class="row" role="radiogroup" aria-label=${t(lang, 'ef.ui.rgRole')} data-testid="ef-rg-role">
              <span>${t(lang, 'ef.ui.rgRole')}:</span>
              ${(['od', 'oa'] as const).map(
                (v) =>
                  html`<label class="inline"
                    ><input
                      type="radio"
                      name="ef-rg-role"
                      data-testid="ef-rg-${v}"
                      .checked=${form.role === v}
                      @change=${() => set({ role: v })}
                    />${t(lang, `ef.ui.rgRole.${v}`)}</label
                  >`,
              )}
            </div>`
          : nothing
      }
      ${textField(t(lang, 'ef.ui.pursuers'), form.pursuers, (pursuers) => set({ pursuers }), { placeholder: 'armor 3, infantry 2' })}
      <label
        >${t(lang, 'ef.ui.evacuation')}<select
          @change=${(e: Event) => set({ evacuation: (e.target as HTMLSelectElement).value })}
        >
          ${['none', 'naval', 'coast'].map((v) => html`<option value=${v} ?selected=${form.evacuation === v}>${translate(lang, `ef.ui.evac.${v}`)}</option>`)}
        </select></label
      >
      ${this.pursuitChances(form, pursuers)}
      ${this.rollsField({ label: t(this.language, 'ef.ui.dice'), testid: 'ef-rolls', card: false })}
      <button
        class="primary"
        data-testid="ef-pursuit-roll"
        @click=${() => {
          // What the rules still need to know before the roll (pursuitAsks: a fortress rearguard's role, 7.23, 7.35).
          const asks = pursuitAsks(form.terrain as Terrain, form.role);
          if (asks) return this.refuse('pursuit', { key: asks.key });
          return this.runAt('pursuit', 'ef.pursuit', {
            weather: form.weather || this.defaultWeather(),
            terrain: form.terrain,
            evacuation: form.evacuation,
            rearguard: { ...form.rg, cv: Number(form.rg.cv) },
            pursuers: asJson(pursuers),
            ...(form.terrain === 'fortress' && form.role ? { rearguardOD: form.role === 'od' } : {}),
          });
        }}
      >
        ${t(lang, 'ef.ui.rollPursuit')}
      </button>
      ${this.err('pursuit')}
      ${(() => {
        const entry = this.latest(['ef.pursuit']);
        const shots = entry ? ((entry.outcome as ProcedureOutcome).result as { shots?: never[] }).shots : undefined;
        return this.result('pursuit', entry, shots ? this.diceRow(shots) : undefined);
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
    if (!ok) return nothing;
    const cur = this.current;
    // The chances, or what the rules still need to know: theirs (pursuitOffer), not decided here.
    const preview = pursuitOffer(
      { table: (id: string) => cur.ctx.tables.get(id)! },
      {
        weather: (f.weather || this.defaultWeather()) as Weather,
        terrain: f.terrain as (typeof TERRAINS)[number],
        scenario: this.scenario,
        rearguard: { side: f.rg.side, type: f.rg.type, cv: cv.value },
        pursuers: pursuers.map((x) => ({ type: x.type as UnitType, cv: x.cv })),
        evacuation: f.evacuation as 'none' | 'naval' | 'coast',
        role: f.role,
        readings: this.readings,
      },
    );
    if (!preview.ok) return nothing;
    return html`<div data-testid="ef-pursuit-chances">
      <p>
        ${t(lang, 'ef.ui.pursuitSpeed', { speed: preview.speed })} ·
        ${
          preview.pools
            .map((x) => t(lang, 'ef.ui.pools', { dice: x.dice, fire: t(lang, `ef.fp.${x.fire}`) }))
            .join(' + ') || t(lang, 'ef.fire.none')
        }
        ${preview.mult > 1 ? html` · ${t(lang, 'ef.ui.multNote', { mult: preview.mult })}` : nothing}
      </p>
      <p class="muted" style="margin-bottom:0">${t(lang, 'ef.ui.pursuitChance')}</p>
      ${this.bars(
        preview.steps,
        (k) => (k === preview.elim ? t(lang, 'ef.ui.rgElim') : t(lang, 'ef.ui.stepsN', { n: k })),
        'ef-pursuit-chance',
      )}
    </div>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-ef-pursuit': WcEfPursuit;
  }
}
