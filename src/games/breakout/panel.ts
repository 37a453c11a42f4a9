/**
 * Breakout's turn: phases I–XII (5.0) with the tools each phase needs — weather, air superiority,
 * the order of movement and combat, river crossings, combat with its shifts and CAS, the Rifle
 * Corps return queue, and the VP tally — plus the readings of the rules the text leaves open.
 */
import type { ProcedureId } from './rules';
import { html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { PHASE_STEP, previewEnv, type Json, type PreviewEnv } from '../../engine';
import {
  PHASES,
  READINGS,
  casLeft,
  combatPreview,
  probeOffered,
  KG_FROM_TURN,
  KG_MARKERS,
  kgOf,
  ledgerHeld,
  ledgerTotal,
  phaseIndex,
  phaseTools,
  returnsDue,
  returnsQueued,
  weatherOf,
  type Terrain,
} from './rules';
import { tx, use } from '../../ui/i18n';
import { t, translate } from './messages-keys';
import { breakoutPanelStyles } from './panel.styles';
import { SessionTool } from '../../ui/components/session-tool';
import { sideNote } from '../../ui/side-lock';
import { checkField, numberField, textField } from '../../ui/fields';
import { readNumber, type NumberRule } from '../../ui/number-field';
import { onSubmit } from '../../ui/submit';
import '../../ui/components/odds-bars';
import { session } from '../../ui/i18n/session';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(session);

const TERRAINS: Terrain[] = ['clear', 'forest', 'swamp', 'rough', 'population', 'fortified'];

/** Phases IV–V are the Soviet's, VI–IX the German's (5.0). */
const phaseOwner = (phase: string): 'soviet' | 'german' => (phase === 'IV' || phase === 'V' ? 'soviet' : 'german');

/** The combat form's numbers, as the combat step reads them (rules.ts readCombat; strengths as in error.strength). */
const BO_NUMBER_RULES: Readonly<Record<string, NumberRule>> = {
  attack: { min: 0, max: 1_000_000, whole: false },
  defence: { min: 0, max: 1_000_000, whole: false },
  kg: { min: 0, max: 3 },
  tiger: { min: 0, max: 5 },
  cas: { min: 0, max: 10 },
  casDefence: { min: 0, max: 10 },
  artillery: { min: 0, max: 99 },
  mortar: { min: 0, max: 99 },
  support18: { min: 0, max: 99 },
};

/** A count of the VP tally (4.1), as the tally step reads it (rules.ts vp). */
const VP_COUNT: NumberRule = { min: 0, max: 99 };

const newCombat = (attacker: 'soviet' | 'german'): Record<string, Json> => ({
  attacker,
  attack: '',
  defence: '',
  terrain: 'clear',
  kg: '0',
  tiger: '0',
  cas: '0',
  casDefence: '0',
  oos: '',
  artillery: '0',
  mortar: '0',
  support18: '0',
});

@customElement('wc-breakout-panel')
export class WcBreakoutPanel extends SessionTool<ProcedureId> {
  static override styles = breakoutPanelStyles;
  @state() private ledgerKind: 'capture' | 'recapture' | 'exit' | 'division' = 'capture';

  /*
   * Every step is asked for from a control (`where`) with SessionTool's runAt/actAt: a step the rules
   * refuse is said beside that control (`err`), with the way to make it anyway where the players keep
   * the last word (a second weather or air roll this turn, a step out of its phase: issue #29), and the
   * page's banner stays empty for it.
   */

  /** The form whose draft goes once the step asked for at `where` is logged: the combat's and the tally's. */
  protected override draftAt(where: string) {
    return where === 'combat' ? 'bo-combat' : where === 'vp' ? 'bo-vp' : undefined;
  }

  /** The refusal of the step asked for at `where`, beside that control (test ids `bo-error-<where>`, `bo-anyway-<where>`). */
  private err(where: string) {
    return this.refusalAt(where, 'bo-');
  }

  /** The turn and phase the combat form belongs to: each phase starts a clean one (5.0). */
  private get combatScope(): string {
    const turn = this.current.state.turn;
    return `${turn}:${PHASES[phaseIndex(this.current.state.game, turn)]!.id}`;
  }

  /**
   * The combat form: nothing typed, with the attacker whose phase it is (5.0), and what the players
   * typed since the last combat resolved (kept across a reload, dropped once it is logged: issue #28).
   * Nothing carries from one combat to the next: KG, Tiger and CAS are chosen per combat (13.3, 13.4).
   */
  /** What the rules' previews read: the open game's tables, state and readings. */
  private get env(): PreviewEnv {
    const cur = this.current;
    return previewEnv(cur.ctx, cur.state, cur.session.settings.errata, this.readings);
  }

  private get combat(): Record<string, Json> {
    const phase = PHASES[phaseIndex(this.current.state.game, this.current.state.turn)]!.id;
    return this.formDraft('bo-combat', newCombat(phaseOwner(phase)), this.combatScope);
  }

  private combatForm(phaseId: string) {
    const lang = this.language;
    const cur = this.current;
    const form = this.combat;
    const set = (k: string, v: Json) => {
      this.setFormDraft('bo-combat', { [k]: v }, this.combatScope);
    };
    const german = form['attacker'] === 'german';
    // The fields this attacker's combat reads: a blank or a bad number is said at its field, never read as 0.
    const numbers = (
      [
        'attack',
        'defence',
        'kg',
        'tiger',
        'cas',
        ...(german ? ['support18'] : ['casDefence', 'artillery', 'mortar']),
      ] as const
    ).map((k) => [k, readNumber(form[k], BO_NUMBER_RULES[k]!)] as const);
    const numberBad = numbers.some(([, r]) => !r.ok);
    const labelOf = (k: string) =>
      translate(
        lang,
        k === 'attack'
          ? 'combat.attack'
          : k === 'defence'
            ? 'combat.defence'
            : k === 'cas'
              ? 'bo.ui.casAttack'
              : `bo.ui.${k}`,
      );
    const num = (k: string) =>
      numberField(labelOf(k), String(form[k] ?? ''), (v) => set(k, v), BO_NUMBER_RULES[k]!, {
        lang,
        id: `bo-combat-${k}`,
        testid: `bo-${k}`,
        asked: this.askedForms.has('bo-combat'),
      });
    // The KG tracker: with markers on the map, the shift names the marker that gives it (13.4).
    const kgOnMap = kgOf(cur.state.game, cur.state.turn);
    const numberAt = (k: string) => {
      const parsed = readNumber(form[k], BO_NUMBER_RULES[k]!);
      return parsed.ok ? (parsed.value ?? 0) : Number.NaN;
    };
    const oos = String(form['oos'] ?? '')
      .split(/[,\s]+/)
      .filter(Boolean)
      .map(Number);
    const input: Record<string, Json> = {
      attacker: form['attacker'] ?? null,
      terrain: form['terrain'] ?? null,
      acrossRiver: form['acrossRiver'] === true,
      concentric: form['concentric'] === true,
      attack: numberAt('attack'),
      defence: numberAt('defence'),
      kg: numberAt('kg'),
      ...(kgOnMap && form['kgMarker'] ? { kgMarker: form['kgMarker'] } : {}),
      tiger: numberAt('tiger'),
      cas: numberAt('cas'),
      ...(german
        ? { support18: numberAt('support18') }
        : { casDefence: numberAt('casDefence'), oos, artillery: numberAt('artillery'), mortar: numberAt('mortar') }),
    };
    // What the step offers, and why not, is the rules' (combatPreview: the procedure's own checks).
    const preview = numberBad ? undefined : combatPreview(this.env, input);
    const column = preview?.ok ? preview.column : undefined;
    const dist = preview?.ok ? preview.dist : undefined;
    const refused = preview && !preview.ok ? translate(lang, preview.key, preview.params as never) : undefined;
    return html`<fieldset>
      <legend>${t(lang, 'proc.bo.combat')}</legend>
      <div class="row" role="radiogroup" aria-label=${t(lang, 'bo.ui.attacker')}>
        ${(['soviet', 'german'] as const).map(
          (s) =>
            html`<label class="inline"
              ><input
                type="radio"
                name="attacker"
                .checked=${form['attacker'] === s}
                @change=${() => set('attacker', s)}
              />
              ${tx(lang, cur.bundle.game.sides.find((x) => x.id === s)!.name)}</label
            >`,
        )}
      </div>
      <div class="row">
        ${num('attack')} ${num('defence')}
        <label
          >${t(lang, 'bo.ui.terrain')}<select
            @change=${(e: Event) => set('terrain', (e.target as HTMLSelectElement).value)}
          >
            ${TERRAINS.map((x) => html`<option value=${x} ?selected=${form['terrain'] === x}>${t(lang, `bo.terrain.${x}`)}</option>`)}
          </select></label
        >
      </div>
      ${(['acrossRiver', 'concentric'] as const).map((k) => checkField(t(lang, `bo.ui.${k}`), form[k] === true, (on) => set(k, on)))}
      <div class="row">
        ${num('kg')}
        ${
          kgOnMap
            ? html`<label
                >${t(lang, 'bo.ui.kgMarker')}<select
                  @change=${(e: Event) => set('kgMarker', (e.target as HTMLSelectElement).value)}
                >
                  <option value="">—</option>
                  ${Object.entries(kgOnMap.hexes).map(([k, hex]) => html`<option value=${k} ?selected=${form['kgMarker'] === k}>${k} (${hex})</option>`)}
                </select></label
              >`
            : nothing
        }
        ${num('tiger')} ${num('cas')} ${german ? nothing : num('casDefence')}
      </div>
      <div class="row">
        ${
          german
            ? num('support18')
            : html`${textField(t(lang, 'bo.ui.oos'), String(form['oos'] ?? ''), (v) => set('oos', v), { inputmode: 'numeric' })}
              ${num('artillery')} ${num('mortar')}`
        }
      </div>
      ${column ? html`<p><strong data-testid="bo-column">${t(lang, 'combat.column', { column })}</strong></p>` : nothing}
      ${refused ? html`<p class="muted" data-testid="bo-refused">${refused}</p>` : nothing}
      <wc-odds-bars .dist=${dist} .table=${cur.ctx.tables.get('bo-crt')} .locale=${lang}></wc-odds-bars>
      <div class="row">
        <button
          class="primary"
          ?disabled=${!!refused}
          @click=${async () => {
            // Said at each field the combat cannot use; the first one gets the focus.
            if (numberBad) return this.askForm('bo-combat');
            await this.runAt('combat', 'bo.combat', input);
          }}
        >
          ${t(lang, 'bo.ui.resolve')}
        </button>
        ${probeOffered(phaseId) ? html`<button @click=${() => this.runAt('special', 'bo.special', { kind: 'probe' })}>${t(lang, 'bo.ui.probe')}</button>` : nothing}
        <button @click=${() => this.runAt('special', 'bo.special', { kind: 'lone-artillery' })}>
          ${t(lang, 'bo.ui.loneArt')}
        </button>
      </div>
      ${this.err('combat')} ${this.err('special')}
    </fieldset>`;
  }

  private tool(tool: string, phaseId: string) {
    const { lang, cur, turn } = this.view;
    const game = cur.state.game;
    switch (tool) {
      case 'weather': {
        const weather = weatherOf(game, turn);
        const rolled = turn === 1 || (game['weather'] as { turn?: number } | undefined)?.turn === turn;
        const lock = this.sideLock('bo.weather', {}, '5.1');
        return html`<p>
            ${weather && rolled ? t(lang, 'bo.ui.weatherIs', { weather: tx(lang, cur.ctx.tables.get('bo-weather')!.legend![weather]!.name) }) : nothing}
          </p>
          <button class="primary" ?disabled=${!!lock} @click=${() => this.runAt('weather', 'bo.weather', {})}>
            ${t(lang, 'bo.ui.weather')}
          </button>
          ${sideNote(lock)} ${this.err('weather')}`;
      }
      case 'air':
        return html`<p>
            ${t(lang, 'bo.ui.cas', { s: casLeft(game, turn, 'soviet'), g: casLeft(game, turn, 'german') })}
          </p>
          <button class="primary" @click=${() => this.runAt('air', 'bo.air', {})}>${t(lang, 'bo.ui.air')}</button>
          ${this.err('air')}`;
      case 'order': {
        const who = phaseId === 'IV' || phaseId === 'V' ? 'soviet' : 'german';
        const lock = this.sideLock('bo.order', { side: who }, '5.4');
        return html`<div class="row" role="group" aria-label=${t(lang, 'bo.ui.order')}>
            ${(['move-combat', 'combat-move'] as const).map(
              (o) =>
                html` <button
                  ?disabled=${!!lock}
                  @click=${() => this.runAt('order', 'bo.order', { side: who, order: o })}
                >
                  ${t(lang, `bo.order.${o}`)}
                </button>`,
            )}
          </div>
          ${sideNote(lock)} ${this.err('order')}`;
      }
      case 'river':
        return html`<fieldset>
          <legend>${t(lang, 'bo.ui.river')}</legend>
          <label class="inline"><input type="checkbox" name="named" /> ${t(lang, 'bo.ui.named')}</label>
          <label
            >${t(lang, 'bo.ui.exemption')}<select name="exemption">
              <option value="none">${t(lang, 'bo.ui.exNone')}</option>
              <option value="population">${t(lang, 'bo.ui.exPopulation')}</option>
              <option value="kg">${t(lang, 'bo.ui.exKg')}</option>
            </select></label
          >
          <button
            class="primary"
            @click=${(e: Event) => {
              const fs = (e.target as HTMLElement).closest('fieldset')!;
              void this.runAt('river', 'bo.river', {
                namedRiver: fs.querySelector<HTMLInputElement>('input[name=named]')!.checked,
                exemption: fs.querySelector<HTMLSelectElement>('select[name=exemption]')!.value,
              });
            }}
          >
            ${t(lang, 'bo.ui.rollRiver')}
          </button>
          ${this.err('river')}
        </fieldset>`;
      case 'combat':
        return this.combatForm(phaseId);
      case 'rifle-corps': {
        const lock = this.sideLock('bo.rifle-corps', {}, '11.1');
        return html`<form
            class="row"
            @submit=${onSubmit((f) => {
              const input = f.input('corps');
              // The corps typed goes once its return is logged; refused, it stays to be put right.
              void this.runAt('rifle-corps', 'bo.rifle-corps', { corps: input.value }).then((entry) => {
                if (entry) input.value = '';
              });
            })}
          >
            <label>${t(lang, 'bo.ui.corps')}<input name="corps" maxlength="40" /></label>
            <button type="submit" ?disabled=${!!lock}>${t(lang, 'bo.ui.rollReturn')}</button>
            ${sideNote(lock)}
          </form>
          ${this.err('rifle-corps')}`;
      }
      case 'kg': {
        if (turn < KG_FROM_TURN) return html`<p class="muted">${t(lang, 'bo.phase.kgSkipped')}</p>`;
        const on = kgOf(game, turn);
        const lock = this.sideLock('bo.kg.deploy', {}, '5.3');
        return html`<form
            @submit=${onSubmit((f) => {
              const hexes = Object.fromEntries(KG_MARKERS.map((k) => [k, f.value(`kg-${k}`).trim()]));
              void this.runAt('kg', 'bo.kg.deploy', { hexes });
            })}
          >
            ${
              on
                ? html`<p>
                    ${t(lang, 'bo.ui.kgOnMap', {
                      list: Object.entries(on.hexes)
                        .map(([k, h]) => `${k} ${h}`)
                        .join(', '),
                    })}
                  </p>`
                : nothing
            }
            <div class="row">
              ${KG_MARKERS.map((k) => html`<label>${t(lang, 'bo.ui.kgHex', { kg: k })}<input name=${`kg-${k}`} type="text" inputmode="numeric" maxlength="4" /></label>`)}
            </div>
            <button class="primary" type="submit" ?disabled=${!!lock}>${t(lang, 'bo.ui.kgDeploy')}</button>
            ${sideNote(lock)}
          </form>
          ${this.err('kg')}`;
      }
      case 'reinforcements': {
        // Phase X (10.1): the players' reinforcement chart, row = turn (arrival turns are printed on the counters).
        const due = String(cur.ctx.entered?.['bo-reinforcements']?.[`${turn}|units`] ?? '').trim();
        const typed = Object.values(cur.ctx.entered?.['bo-reinforcements'] ?? {}).some((v) => String(v ?? '').trim());
        return html`<p data-testid="bo-reinforcements">
            ${due ? t(lang, 'bo.ui.reinforcements', { list: due }) : typed ? t(lang, 'bo.ui.reinforcements', { list: '—' }) : t(lang, 'bo.ui.reinforcementsNone')}
          </p>
          ${turn === 2 ? html`<p class="muted">${t(lang, 'bo.ui.kgAvailable')}</p>` : nothing}`;
      }
      case 'ledger': {
        const held = [...ledgerHeld(game)].map(([hex, h]) => `${hex} (${h.vp})`);
        const kind = this.ledgerKind;
        return html`<form
            @submit=${onSubmit((f) => {
              const typed = (n: string) => f.value(n).trim();
              void this.runAt('ledger', 'bo.ledger', {
                kind,
                ...(kind === 'capture' || kind === 'recapture'
                  ? { hex: typed('hex'), type: typed('type') }
                  : { name: typed('name') }),
                // A blank or bad count goes as typed, refused by the step in words: never read as 0 (issue #28).
                ...(kind === 'division'
                  ? {
                      steps: readNumber(typed('steps'), { min: 1, max: 20 }).ok
                        ? Number(typed('steps').replace('+', ''))
                        : typed('steps'),
                    }
                  : {}),
              });
            })}
          >
            <fieldset>
              <legend>${t(lang, 'bo.ui.ledger')}</legend>
              <p>
                <strong data-testid="bo-ledger">${t(lang, 'bo.ui.ledgerTotal', { total: ledgerTotal(game) })}</strong>
              </p>
              ${held.length ? html`<p class="muted">${t(lang, 'bo.ui.ledgerHeld', { list: held.join(', ') })}</p>` : nothing}
              <div class="row" role="radiogroup" aria-label=${t(lang, 'bo.ui.ledger')}>
                ${(['capture', 'recapture', 'exit', 'division'] as const).map(
                  (k) =>
                    html`<label class="inline"
                      ><input
                        type="radio"
                        name="ledger-kind"
                        .checked=${kind === k}
                        @change=${() => (this.ledgerKind = k)}
                      />
                      ${t(lang, `bo.ui.ledger.${k}`)}</label
                    >`,
                )}
              </div>
              <div class="row">
                ${
                  kind === 'capture' || kind === 'recapture'
                    ? html`<label
                          >${t(lang, 'bo.ui.hex')}<input name="hex" type="text" inputmode="numeric" maxlength="4"
                        /></label>
                        <label
                          >${t(lang, 'bo.ui.localityType')}<select name="type">
                            <option value="population">${t(lang, 'bo.terrain.population')}</option>
                            <option value="fortified">${t(lang, 'bo.terrain.fortified')}</option>
                          </select></label
                        >`
                    : html`<label>${t(lang, 'bo.ui.name')}<input name="name" maxlength="40" /></label>`
                }
                ${kind === 'division' ? html`<label>${t(lang, 'bo.ui.steps')}<input name="steps" type="text" inputmode="numeric" /></label>` : nothing}
              </div>
              <button class="primary" type="submit">${t(lang, 'bo.ui.record')}</button>
            </fieldset>
          </form>
          ${this.err('ledger')}`;
      }
      case 'returns': {
        const due = returnsDue(game, turn);
        return html`<p>
          <strong
            >${due.length ? t(lang, 'bo.ui.returnsDue', { list: due.map((r) => r.corps).join(', ') }) : t(lang, 'bo.ui.returnsNone')}</strong
          >
        </p>`;
      }
      case 'vp': {
        // The tally's counts as typed (a draft, clean after each tally: issue #28); a blank is asked for, not read as 0.
        const fresh = { population: '0', fortified: '0', outOfComms: '0', exited: '0', divisions: '' };
        const draft = this.formDraft<Record<string, Json>>('bo-vp', fresh);
        const counts = ['population', 'fortified', 'outOfComms', 'exited'] as const;
        const reads = counts.map((k) => readNumber(draft[k], VP_COUNT));
        return html`<form
            @submit=${onSubmit(() => {
              if (!reads.every((r) => r.ok)) return void this.askForm('bo-vp');
              const divisions = String(draft['divisions'] ?? '')
                .split(/[,\s]+/)
                .filter(Boolean)
                .map(Number);
              void this.runAt('vp', 'bo.vp', {
                ...Object.fromEntries(counts.map((k, j) => [k, (reads[j] as { value: number }).value])),
                divisions,
              });
            })}
          >
            <fieldset>
              <legend>${t(lang, 'bo.ui.vp')}</legend>
              <div class="row">
                ${counts.map((n) =>
                  numberField(
                    t(lang, `bo.ui.${n === 'outOfComms' ? 'comms' : n}`),
                    String(draft[n] ?? ''),
                    (text) => this.setFormDraft('bo-vp', { [n]: text }),
                    VP_COUNT,
                    { lang, id: `bo-vp-${n}`, name: n, asked: this.askedForms.has('bo-vp') },
                  ),
                )}
                ${textField(t(lang, 'bo.ui.divisions'), String(draft['divisions'] ?? ''), (text) => this.setFormDraft('bo-vp', { divisions: text }), { name: 'divisions', inputmode: 'numeric' })}
              </div>
              <button class="primary" type="submit">${t(lang, 'bo.ui.tally')}</button>
            </fieldset>
          </form>
          ${this.err('vp')}`;
      }
      default:
        return nothing;
    }
  }

  override render() {
    const { lang, cur, turn, index, phase } = this.turnPosition(PHASES, phaseIndex);
    const queued = returnsQueued(cur.state.game).filter((r) => r.turn > turn);
    const readings = this.readings;
    return html` <h3 style="margin-top:0">
        ${t(lang, 'bo.ui.turnTitle', { turn, phase: t(lang, `bo.phase.${phase.id}`) })}
      </h3>
      <nav class="phases" aria-label=${t(lang, 'proc.bo.phase')}>
        ${PHASES.map(
          (p, k) =>
            html`<button
              aria-current=${k === index ? 'step' : 'false'}
              title=${t(lang, `bo.phase.${p.id}`)}
              @click=${() => this.movePhase(k)}
            >
              ${p.id}
            </button>`,
        )}
      </nav>
      ${this.err('phase')} ${this.rollsField()}
      ${phaseTools(index, readings).map((tool) => html`<div class="card">${this.tool(tool, phase.id)}</div>`)}
      ${queued.length ? html`<p class="muted">${t(lang, 'bo.ui.queue', { list: queued.map((r) => `${r.corps} (${t(lang, 'play.turn', { n: r.turn })})`).join(', ') })}</p>` : nothing}
      <div class="row">
        ${this.nextPhaseButton({
          index,
          count: PHASES.length,
          next: () => this.runAt('next', PHASE_STEP, { index: index + 1 }, false),
          end: () => this.actAt('next', { type: 'end-turn' }),
          nextLabel: t(lang, 'bo.ui.nextPhase'),
          endLabel: t(lang, 'bo.ui.endTurn', { turn }),
        })}
      </div>
      ${this.err('next')}
      ${this.readingsChooser({
        summary: t(lang, 'bo.ui.readings'),
        readings: READINGS,
        legend: (id) => translate(lang, `bo.ui.${id.slice(3)}`),
        choice: (_, ch) => translate(lang, `reading.${ch}`),
      })}`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-breakout-panel': WcBreakoutPanel;
  }
}
