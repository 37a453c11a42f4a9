/**
 * Zitadelle's turn: the phases of 4.1 with the tools each offers — level bombing, AT fire (and
 * dive bombers), the assault with its shifts and the exact chance of every result on the CRT the
 * players typed in, the loss checks it requires, movement dice, the optional reinforcement chits —
 * and the morale tracker of the formations. Every roll is a procedure run through the store
 * (logged, replayable; typed-in dice when physical). What a chart still lacks is said with a link
 * to where to type it in.
 */
import type { ProcedureId } from './rules';
import { html, nothing } from 'lit';
import { customElement } from 'lit/decorators.js';
import { PHASE_STEP, previewEnv, type Json, type ProcedureOutcome } from '../../engine';
import {
  airUnits,
  germanStepsOf,
  phasesOf,
  type Phase,
  boxTurnsOf,
  interdictionCost,
  movementCapacities,
  typedBoxes,
  type Side,
  READINGS,
  TERRAINS,
  assaultNumbers,
  assaultPreview,
  atNumbers,
  atPreview,
  germanOrderOffer,
  levelBombingOffer,
  chitsOf,
  BOXES,
  ZI_CHIT_CUP,
  effectiveMorale,
  formationsOf,
  phaseIndex,
  pm1Of,
  type PreviewEnv,
} from './rules';
import { tx, use } from '../../ui/i18n';
import { t, translate } from './messages-keys';
import { zitadellePanelStyles } from './panel.styles';
import { SessionTool } from '../../ui/components/session-tool';
import { sideNote } from '../../ui/side-lock';
import { checkField, numberField, textField } from '../../ui/fields';
import { readNumber, type NumberRule } from '../../ui/number-field';
import { onSubmit } from '../../ui/submit';
import { PrivateView } from '../../ui/hand-off';
import { sideName } from '../../ui/explain';
import { parseRolls } from '../../ui/components/manual-dice';
import { dealBoxes, phonesForEverySide, revealHidden } from '../../ui/components/hidden-cup';
import '../../ui/components/odds-bars';
import '../../ui/components/chart-inline';
import { session } from '../../ui/i18n/session';
import { tables } from '../../ui/i18n/tables';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(session, tables);

/** The numbers the forms take, as the steps read them (rules.ts). */
const ZI_NUMBERS: Readonly<Record<string, NumberRule>> = {
  strength: { min: 1, max: 20 },
  armor: { min: 0, max: 10 },
  attack: { min: 1, max: 999 },
  defence: { min: 1, max: 999 },
  attackerArmor: { min: 0, max: 10 },
  defenderArmor: { min: 0, max: 10 },
  bombardment: { min: 0, max: 20 },
  n: { min: 0, max: 3 },
  initial: { min: 1, max: 20 },
  zones: { min: 0, max: 20 },
  boxTurn: { min: 2, max: 9 },
  stepsLost: { min: 0, max: 999 },
};

/** A number field's value as its step reads it: NaN when the field cannot be used (said at the field). */
const numberOf = (text: Json | undefined, k: string): number => {
  const parsed = readNumber(text, ZI_NUMBERS[k]!);
  return parsed.ok ? (parsed.value ?? Number.NaN) : Number.NaN;
};

/** Whether every named number field of a form can be used. */
const numbersOk = (obj: Record<string, Json>, keys: readonly string[]) =>
  keys.every((k) => readNumber(obj[k], ZI_NUMBERS[k]!).ok);

/** The form each control's step was typed in (SessionTool draftAt): its draft goes once the step is logged. */
const DRAFTS: Readonly<Record<string, string>> = {
  at: 'zi-at',
  assault: 'zi-assault',
  'loss-check': 'zi-loss-check',
  morale: 'zi-morale',
  chits: 'zi-chit-turns',
  victory: 'zi-victory',
};

const AT_FLAGS = ['tiger', 'tigerTarget', 'heights', 'entrenchedRifle', 'stream', 'river', 'screened'] as const;

@customElement('wc-zitadelle-panel')
export class WcZitadellePanel extends SessionTool<ProcedureId> {
  /** The Soviet phone reads its boxes' chits here (13.3, issue #33). */
  protected override readonly watchesHiddenChits = true;
  static override styles = zitadellePanelStyles;
  /*
   * The forms start from the game after every resolved step (issue #28): what is typed is a draft
   * (SessionTool.formDraft), kept across a reload and dropped when its step is logged. Nothing
   * carries from one fire, assault or check to the next: each is typed for its own units.
   */
  private get at(): Record<string, Json> {
    return this.formDraft('zi-at', { strength: '', armor: '' });
  }
  private get as(): Record<string, Json> {
    return this.formDraft('zi-assault', {
      attack: '',
      defence: '',
      attackerArmor: '0',
      defenderArmor: '0',
      terrain: 'clear',
      position: 'none',
      water: 'none',
      bombardment: '0',
      attackers: '',
      defenders: '',
    });
  }
  private get lc(): Record<string, Json> {
    return this.formDraft('zi-loss-check', { formation: '', unit: '', n: '0' });
  }
  /** The Soviet player's reinforcement boxes, behind the hand-off (src/ui/hand-off.ts). */
  private readonly hand = new PrivateView(this);

  /*
   * Every step is asked for from a control (`where`) with SessionTool's runAt/actAt: a step the rules
   * refuse is said beside that control (`err`), with the way to make it anyway where the players keep
   * the last word (out of its phase, issue #29), and the page's banner stays empty for it.
   */

  /** The form whose draft goes once the step asked for at `where` is logged. */
  protected override draftAt(where: string) {
    return DRAFTS[where];
  }

  /** The refusal of the step asked for at `where`, beside that control (test ids `zi-error-<where>`, `zi-anyway-<where>`). */
  private err(where: string) {
    return this.refusalAt(where, 'zi-');
  }

  /** The tables as the engine reads them: the players' rows, columns and ends merged in. */
  private get env(): PreviewEnv {
    const cur = this.current;
    return previewEnv(cur.ctx, cur.state, cur.session.settings.errata, this.readings);
  }

  /** Why a preview is refused; a chart it needs is typed in right here (the form keeps what is typed, #28 item 10). */
  private problem(key: string, params: Record<string, string | number>, table?: string) {
    return html`<p class="muted" role="status">
        ${translate(this.language, key, params)}
        ${table ? html`<a href="#/game/${this.current.session.game}/tables/${table}">${t(this.language, 'chart.openTables')}</a>` : nothing}
      </p>
      ${table ? html`<wc-chart-inline .store=${this.store} .current=${this.current} .tableId=${table}></wc-chart-inline>` : nothing}`;
  }

  private check(obj: Record<string, Json>, set: (k: string, v: Json) => void, k: string, label: string) {
    return checkField(label, obj[k] === true, (on) => set(k, on), { name: k });
  }

  /**
   * A field for `obj[k]`, labelled `zi.ui.<k>`, in the form `form`: a number field (checked at the
   * field against ZI_NUMBERS) unless `text`.
   */
  private field(
    obj: Record<string, Json>,
    set: (k: string, v: Json) => void,
    k: string,
    inputmode?: 'numeric' | 'text',
    form = '',
  ) {
    const label = translate(this.language, `zi.ui.${k}`);
    const rule = inputmode === 'text' ? undefined : ZI_NUMBERS[k];
    return rule
      ? numberField(label, String(obj[k] ?? ''), (v) => set(k, v), rule, {
          lang: this.language,
          id: `${form}-${k}`,
          name: k,
          asked: this.askedForms.has(form),
        })
      : textField(label, String(obj[k] ?? ''), (v) => set(k, v), { name: k, inputmode });
  }

  private atForm(phaseId: string) {
    const lang = this.language;
    const dive = phaseId === 's-dive';
    const fire: Record<string, Json> = { ...this.at, dive };
    const set = (k: string, v: Json) => this.setFormDraft('zi-at', { [k]: v });
    const input = {
      ...Object.fromEntries(Object.entries(fire).filter(([, v]) => v === true)),
      ...(dive ? {} : { strength: numberOf(fire['strength'], 'strength') }),
      armor: numberOf(fire['armor'], 'armor'),
      ...(fire['formation'] ? { formation: String(fire['formation']) } : {}),
    } as Json;
    const names = Object.keys(formationsOf(this.current.state.game));
    const ready = numbersOk(fire, atNumbers(dive));
    const preview = ready ? atPreview(this.env, input) : undefined;
    return html`<section data-testid="zi-at">
      <h4>${t(lang, dive ? 'zi.ui.dive' : 'zi.ui.at')}</h4>
      ${
        dive
          ? html`<p>
                <button data-testid="zi-scatter" @click=${() => this.scatter()}>${t(lang, 'zi.ui.scatter')}</button>
              </p>
              ${this.err('scatter')}`
          : nothing
      }
      <div class="row">
        ${dive ? nothing : this.field(fire, set, 'strength', 'numeric', 'zi-at')}
        ${this.field(fire, set, 'armor', 'numeric', 'zi-at')}
      </div>
      ${dive ? this.check(fire, set, 'forestTown', t(lang, 'zi.ui.forestTown')) : AT_FLAGS.map((k) => this.check(fire, set, k, t(lang, `zi.ui.${k}`)))}
      <div class="row">
        <label
          >${t(lang, 'zi.ui.targetFormation')}<select
            name="formation"
            @change=${(e: Event) => set('formation', (e.target as HTMLSelectElement).value)}
          >
            <option value="">—</option>
            ${names.map((n) => html`<option value=${n} ?selected=${fire['formation'] === n}>${n}</option>`)}
          </select></label
        >
        ${this.check(fire, set, 'lastStep', t(lang, 'zi.ui.lastStep'))}
      </div>
      ${
        preview?.ok
          ? html`<p class="chances" data-testid="zi-at-chance">
              ${t(lang, 'zi.ui.atChance', { total: preview.total, hit: preview.hit, outcomes: preview.outcomes })}
              ${preview.unknown ? t(lang, 'zi.ui.atUnknown', { n: preview.unknown, outcomes: preview.outcomes }) : nothing}
            </p>`
          : preview
            ? this.problem(preview.key, preview.params, 'zi-at-fire-table')
            : nothing
      }
      <button
        class="primary"
        ?disabled=${ready && !preview?.ok}
        @click=${() => (ready ? this.runAt('at', 'zi.at', input) : this.askForm('zi-at'))}
      >
        ${t(lang, 'zi.ui.fire')}
      </button>
      ${this.err('at')}
    </section>`;
  }

  /** 9.31a: 2d6 on the scatter diagram as the players typed it in (a table step, recorded with the chart it read). */
  private async scatter() {
    const manual = this.physical ? parseRolls(this.rolls)[0] : undefined;
    await this.actAt('scatter', { type: 'table', table: 'zi-scatter', ...(manual ? { manual } : {}) });
  }

  private assaultInput(side: string): Json {
    const form = this.as;
    const numberAt = (k: string) => numberOf(form[k], k);
    const names = (k: string) =>
      String(form[k] ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    return {
      attacker: side,
      attack: numberAt('attack'),
      defence: numberAt('defence'),
      attackerArmor: numberAt('attackerArmor'),
      defenderArmor: numberAt('defenderArmor'),
      terrain: String(form['terrain']),
      position: String(form['position']),
      water: String(form['water']),
      division: form['division'] === true,
      bombardment: numberAt('bombardment'),
      engineer: form['engineer'] === true,
      attackers: names('attackers'),
      defenders: names('defenders'),
    };
  }

  private assaultForm(side: string) {
    const lang = this.language;
    const form = this.as;
    const set = (k: string, v: Json) => this.setFormDraft('zi-assault', { [k]: v });
    const german = side === 'german';
    // The German bombardment factor on turn 1 (7.48, 10.13), as the rules read it.
    const turn1 = assaultNumbers(side, this.current.state.turn).includes('bombardment');
    const field = (k: string, inputmode: 'numeric' | 'text' = 'numeric') =>
      this.field(form, set, k, inputmode, 'zi-assault');
    const select = (k: string, options: readonly [string, string][]) =>
      html`<label
        >${translate(lang, `zi.ui.${k}`)}<select
          name=${k}
          @change=${(e: Event) => set(k, (e.target as HTMLSelectElement).value)}
        >
          ${options.map(([v, label]) => html`<option value=${v} ?selected=${form[k] === v}>${label}</option>`)}
        </select></label
      >`;
    const input = this.assaultInput(side);
    const ready = numbersOk(form, assaultNumbers(side, this.current.state.turn));
    const preview = ready ? assaultPreview(this.env, input) : undefined;
    const crt = this.env.table('zi-crt');
    return html`<section data-testid="zi-assault">
      <h4>${t(lang, 'zi.ui.assault')}</h4>
      <div class="row">${field('attack')} ${field('defence')} ${field('attackerArmor')} ${field('defenderArmor')}</div>
      <div class="row">
        ${select(
          'terrain',
          TERRAINS.map((x) => [x, t(lang, `zi.ui.terrain.${x}`)]),
        )}
        ${
          german
            ? select('position', [
                ['none', t(lang, 'zi.ui.none')],
                ['entrenchment', t(lang, 'zi.ui.entrenchment')],
                ['improvised', t(lang, 'zi.ui.improvised')],
              ])
            : nothing
        }
        ${select('water', [
          ['none', t(lang, 'zi.ui.none')],
          ['stream', t(lang, 'zi.ui.streamSide')],
          ['river', t(lang, 'zi.ui.riverSide')],
        ])}
      </div>
      ${german ? this.check(form, set, 'division', t(lang, 'zi.ui.division')) : nothing}
      ${
        german && turn1
          ? html`<div class="row">${field('bombardment')}</div>
              ${this.check(form, set, 'engineer', t(lang, 'zi.ui.engineer'))}`
          : nothing
      }
      <div class="row">${field('attackers', 'text')} ${field('defenders', 'text')}</div>
      ${
        preview?.ok
          ? html`<p><strong data-testid="zi-column">${t(lang, 'zi.ui.column', { column: preview.column })}</strong></p>
              <wc-odds-bars .dist=${preview.dist} .table=${crt} .locale=${lang}></wc-odds-bars>`
          : preview
            ? this.problem(preview.key, preview.params, preview.key.startsWith('zi.err.tec') ? 'zi-tec' : 'zi-crt')
            : nothing
      }
      <button
        class="primary"
        ?disabled=${ready && !preview?.ok}
        @click=${() => (ready ? this.runAt('assault', 'zi.assault', input) : this.askForm('zi-assault'))}
      >
        ${t(lang, 'zi.ui.resolve')}
      </button>
      ${this.err('assault')}
    </section>`;
  }

  /** The loss checks the last assault asked for, as buttons that fill in the loss-check form. */
  private pendingChecks() {
    const last = this.current.session.log.findLast((e) => !e.undone);
    const outcome = last?.outcome as ProcedureOutcome | undefined;
    if (!outcome || outcome.kind !== 'procedure' || outcome.id !== 'zi.assault') return nothing;
    const input = outcome.input as { attackers?: string[]; defenders?: string[] };
    const checks = (
      (outcome.result as { checks?: { side: string; n: number; eliminated?: boolean }[] }).checks ?? []
    ).filter((c) => !c.eliminated);
    if (!checks.length) return nothing;
    const lang = this.language;
    return html`<div data-testid="zi-pending">
      <p><strong>${t(lang, 'zi.ui.checks')}</strong></p>
      <div class="row">
        ${checks.flatMap((c) =>
          ((c.side === 'attacker' ? input.attackers : input.defenders) ?? []).map(
            (unit) =>
              html`<button @click=${() => this.setFormDraft('zi-loss-check', { unit, n: String(c.n) })}>
                ${t(lang, 'zi.ui.check', { unit })} (+${c.n})
              </button>`,
          ),
        )}
      </div>
    </div>`;
  }

  private lossCheckForm() {
    const lang = this.language;
    const form = this.lc;
    const set = (k: string, v: Json) => this.setFormDraft('zi-loss-check', { [k]: v });
    const names = Object.keys(formationsOf(this.current.state.game));
    return html`<section data-testid="zi-loss-check">
      <h4>${t(lang, 'zi.ui.lossCheck')}</h4>
      ${this.pendingChecks()}
      <div class="row">
        <label
          >${t(lang, 'zi.ui.formation')}<select
            name="formation"
            @change=${(e: Event) => set('formation', (e.target as HTMLSelectElement).value)}
          >
            <option value="">—</option>
            ${names.map((n) => html`<option value=${n} ?selected=${form['formation'] === n}>${n}</option>`)}
          </select></label
        >
        ${this.field(form, set, 'unit', 'text')} ${this.field(form, set, 'n', 'numeric', 'zi-loss-check')}
      </div>
      ${this.check(form, set, 'surrounded', t(lang, 'zi.ui.surrounded'))}
      ${this.check(form, set, 'hq', t(lang, 'zi.ui.hq'))}
      ${this.check(form, set, 'lastStep', t(lang, 'zi.ui.lastStep'))}
      ${this.check(form, set, 'notCounted', t(lang, 'zi.ui.notCounted'))}
      <button
        class="primary"
        @click=${() =>
          !numbersOk(form, ['n'])
            ? this.askForm('zi-loss-check')
            : this.runAt('loss-check', 'zi.loss-check', {
                formation: String(form['formation'] ?? ''),
                unit: String(form['unit'] ?? ''),
                n: numberOf(form['n'], 'n'),
                surrounded: form['surrounded'] === true,
                hq: form['hq'] === true,
                lastStep: form['lastStep'] === true,
                notCounted: form['notCounted'] === true,
              })}
      >
        ${t(lang, 'zi.ui.roll')}
      </button>
      ${this.err('loss-check')}
    </section>`;
  }

  private moraleTracker(bombing: boolean) {
    const { lang, cur, turn } = this.view;
    const all = Object.entries(formationsOf(cur.state.game));
    // The form to add a formation: nothing typed after one is added (issue #28).
    const draft = this.formDraft('zi-morale', { formation: '', side: 'german', initial: '' });
    const bombLock = bombing ? this.sideLock('zi.level-bombing', {}, '9.21') : undefined;
    return html`<section data-testid="zi-morale">
      <h4>${t(lang, 'zi.ui.morale')}</h4>
      ${all.length ? nothing : html`<p class="muted">${t(lang, 'zi.ui.moraleNone')}</p>`}
      ${all.length ? sideNote(bombLock) : nothing}
      <ul class="plain">
        ${all.map(
          ([name, f]) =>
            html`<li>
              <strong>${name}</strong> (${t(lang, `zi.ui.side.${f.side}`)})
              ${t(lang, 'zi.ui.level', { level: f.level })}${pm1Of(cur.state.game, turn, name) ? html`, ${t(lang, 'zi.ui.effective', { eff: effectiveMorale(cur.state.game, turn, name)! })}` : nothing}
              <button
                @click=${() => this.runAt(`morale-${name}`, 'zi.morale', { op: 'eliminated', formation: name, units: 1 }, false)}
              >
                ${t(lang, 'zi.ui.eliminated')}
              </button>
              ${bombing && levelBombingOffer(this.env, name).ok ? html`<button ?disabled=${!!bombLock} @click=${() => this.runAt(`bomb-${name}`, 'zi.level-bombing', { army: name })}>${t(lang, 'zi.ui.levelBomb')}</button>` : nothing}
              ${this.err(`morale-${name}`)} ${this.err(`bomb-${name}`)}
            </li>`,
        )}
      </ul>
      <form
        class="row"
        @submit=${onSubmit(() =>
          !numbersOk(draft, ['initial'])
            ? void this.askForm('zi-morale')
            : void this.runAt(
                'morale',
                'zi.morale',
                {
                  op: 'set',
                  formation: String(draft['formation']).trim(),
                  side: String(draft['side']),
                  initial: numberOf(draft['initial'], 'initial'),
                },
                false,
              ),
        )}
      >
        ${textField(
          t(lang, 'zi.ui.formation'),
          String(draft['formation']),
          (v) => {
            // A formation the game already tracks: its side and initial level are what the game knows (7.71).
            const known = formationsOf(cur.state.game)[v.trim()];
            this.setFormDraft('zi-morale', {
              formation: v,
              ...(known ? { side: known.side, initial: String(known.initial) } : {}),
            });
          },
          { name: 'formation', maxlength: 40, autocomplete: 'off' },
        )}
        <label
          >${t(lang, 'zi.ui.side')}<select
            name="side"
            @change=${(e: Event) => this.setFormDraft('zi-morale', { side: (e.target as HTMLSelectElement).value })}
          >
            <option value="german" ?selected=${draft['side'] === 'german'}>${t(lang, 'zi.ui.side.german')}</option>
            <option value="soviet" ?selected=${draft['side'] === 'soviet'}>${t(lang, 'zi.ui.side.soviet')}</option>
          </select></label
        >
        ${this.field(draft, (k, v) => this.setFormDraft('zi-morale', { [k]: v }), 'initial', 'numeric', 'zi-morale')}
        <button type="submit">${t(lang, 'zi.ui.add')}</button>
      </form>
      ${this.err('morale')}
    </section>`;
  }

  private chits() {
    const lang = this.language;
    const cur = this.current;
    const chits = chitsOf(cur.state.game);
    // Each side's phone linked to this table: the boxes are placed between the phones (issue #33).
    const between = phonesForEverySide(this.store, cur);
    // The boxes whose turn the text does not give, typed in from the printed display (13.32; zi.chitBoxes).
    const open = typedBoxes(this.readings['zi.chitBoxes']);
    const turns = this.formDraft<Record<string, Json>>('zi-chit-turns', Object.fromEntries(open.map((b) => [b, ''])));
    // On a linked phone the table places the chits (between the phones when each side has its own).
    if (!chits && this.store.getState().link?.role === 'replica')
      return html`<section data-testid="zi-chits">
        <h4>${t(lang, 'zi.ui.chits')}</h4>
        <p class="muted">${t(lang, 'zi.ui.tablePlaces')}</p>
      </section>`;
    if (!chits)
      return html`<form
          data-testid="zi-chits"
          @submit=${onSubmit((f) => {
            if (!open.every((b) => readNumber(turns[b], ZI_NUMBERS['boxTurn']!).ok && String(turns[b] ?? '').trim()))
              return void this.askForm('zi-chit-turns');
            void this.runAt(
              'chits',
              'zi.chits-setup',
              {
                chits: f
                  .value('chits')
                  .split(',')
                  .map((s) => s.trim())
                  .filter(Boolean),
                turns: Object.fromEntries(open.map((b) => [b, numberOf(turns[b], 'boxTurn')])),
                ...(between ? { hidden: true } : {}),
              },
              false,
            ).then((entry) => (entry && between ? dealBoxes(ZI_CHIT_CUP, 'soviet') : undefined));
          })}
        >
          <h4>${t(lang, 'zi.ui.chits')}</h4>
          <label>${t(lang, 'zi.ui.chitNames')}<input name="chits" autocomplete="off" /></label>
          <p class="muted">${t(lang, 'zi.ui.boxTurnsHelp')}</p>
          <div class="row">
            ${open.map((b) =>
              numberField(
                t(lang, 'zi.ui.boxTurn', { box: b }),
                String(turns[b] ?? ''),
                (v) => this.setFormDraft('zi-chit-turns', { [b]: v }),
                ZI_NUMBERS['boxTurn']!,
                { lang, id: `zi-chit-turns-${b}`, name: `turn-${b}`, asked: this.askedForms.has('zi-chit-turns') },
              ),
            )}
          </div>
          <p class="muted" data-testid="zi-chits-how">
            ${t(lang, between ? 'zi.ui.placeHiddenHelp' : 'zi.ui.onScreenOnly')}
          </p>
          <button type="submit">${t(lang, between ? 'zi.ui.placeHidden' : 'zi.ui.place')}</button>
        </form>
        ${this.err('chits')}`;
    const boxTurns = boxTurnsOf(cur.state.game);
    if (chits.hidden) return this.hiddenBoxes(chits.hidden, boxTurns);
    const due = Object.entries(boxTurns).some(([b, turn]) => turn === cur.state.turn && !chits.revealed.includes(b));
    return html`<section data-testid="zi-chits">
      <h4>${t(lang, 'zi.ui.chits')}</h4>
      ${chits.revealed.length ? html`<p>${t(lang, 'zi.ui.revealed', { list: chits.revealed.map((b) => `${b}: ${chits.boxes[b]}`).join(', ') })}</p>` : nothing}
      ${due ? html`<button class="primary" @click=${() => this.runAt('chits-reveal', 'zi.chits-reveal', {}, false)}>${t(lang, 'zi.ui.reveal')}</button>` : nothing}
      ${this.err('chits-reveal')}
      <p class="muted">${t(lang, 'zi.ui.onScreenOnly')}</p>
      ${
        // The boxes are the Soviet player's secret (13.3): shown only once that player holds the device.
        this.hand.gate('zi-chits', {
          side: 'soviet',
          name: sideName(lang, cur.bundle.game.sides, 'soviet'),
          ask: t(lang, 'zi.ui.handoff'),
          testid: 'zi-chits-private',
          show: () =>
            html`<ul class="plain" data-testid="zi-chit-boxes">
              ${Object.entries(chits.boxes).map(([b, chit]) => html`<li>${b} (${t(lang, 'play.turn', { n: boxTurns[b]! })}): ${chit}</li>`)}
            </ul>`,
        })
      }
    </section>`;
  }

  /**
   * The boxes placed between the phones (13.3, issue #33): card i of the cup's deal is box BOXES[i].
   * Every device shows the boxes played (each checked against the card drawn); the Soviet phone alone
   * shows what each box holds and plays a box on its turn (13.34). The table finishes a placement
   * that stopped (a phone left mid-way).
   */
  private hiddenBoxes(cupId: string, boxTurns: Readonly<Record<string, number>>) {
    const lang = this.language;
    const cur = this.current;
    const l = this.store.getState().link;
    const deal = cur.state.hidden?.[cupId];
    const busy = this.store.getState().busy;
    const played = deal
      ? Object.entries(deal.revealed).map(([pos, index]) => `${BOXES[Number(pos)]}: ${deal.chits[index]}`)
      : [];
    const placed = deal?.drawn.length ?? 0;
    const soviet = l?.role === 'replica' && l.view === 'player' && l.side === 'soviet';
    const mine = (this.store.getState().hiddenChits?.mine ?? []).filter(
      (m) => m.cup === cupId && m.deal === deal?.deal,
    );
    return html`<section data-testid="zi-chits">
      <h4>${t(lang, 'zi.ui.chits')}</h4>
      ${
        // After the audit of the deal (issue #33) every box is public: shown, not played before its turn.
        played.length
          ? html`<p>${t(lang, deal?.closed ? 'zi.ui.boxesAudited' : 'zi.ui.revealed', { list: played.join(', ') })}</p>`
          : nothing
      }
      ${
        placed < BOXES.length
          ? html`<p>${t(lang, 'zi.ui.boxesPlacing', { n: placed })}</p>
              ${
                l?.role === 'writer'
                  ? html`<button ?disabled=${busy} @click=${() => dealBoxes(cupId, 'soviet')}>
                      ${t(lang, 'zi.ui.placeHidden')}
                    </button>`
                  : nothing
              }`
          : html`<p class="muted">${t(lang, 'zi.ui.boxesOnPhone')}</p>`
      }
      ${
        soviet
          ? html`<ul class="plain" data-testid="zi-chit-boxes">
              ${mine.map((m) => {
                const box = BOXES[m.pos] ?? '?';
                const turn = boxTurns[box] ?? 0;
                return html`<li class="row">
                  <span>${t(lang, 'zi.ui.box', { box, turn, chit: m.chit })}</span>
                  ${
                    !m.revealed && turn === cur.state.turn
                      ? html`<button class="primary" ?disabled=${busy} @click=${() => revealHidden(m.deal, m.pos)}>
                          ${t(lang, 'zi.ui.playBox', { box })}
                        </button>`
                      : nothing
                  }
                </li>`;
              })}
            </ul>`
          : nothing
      }
    </section>`;
  }

  /**
   * The movement phase (8.1): each formation of the phasing side with its capacity from its morale
   * (8.13; level bombing's PM-1 markers included, 9.25), the disorganized half (8.14), and for the
   * Soviet player the air interdiction surcharge of the hex entered (8.42).
   */
  private capacity(side: Side) {
    const { lang, cur } = this.view;
    const env = this.env;
    const list = movementCapacities(env, side);
    const missing = [...new Set(list.filter((c) => c.capacity === undefined).map((c) => c.level))].sort(
      (a, b) => a - b,
    );
    const draft = this.formDraft<Record<string, Json>>('zi-zones', { zones: '' });
    const zr = readNumber(draft['zones'], ZI_NUMBERS['zones']!);
    const zones = zr.ok && zr.value !== undefined ? zr.value : undefined;
    return html`<section data-testid="zi-capacity">
      <h4>${t(lang, 'zi.ui.capacity')}</h4>
      ${list.length ? nothing : html`<p class="muted">${t(lang, 'zi.ui.capacityNone', { side: sideName(lang, cur.bundle.game.sides, side) })}</p>`}
      <ul class="plain" data-testid="zi-capacity-list">
        ${list.map(
          (c) =>
            html`<li data-formation=${c.formation}>
              <strong>${c.formation}</strong>:
              ${c.pm1 ? t(lang, 'zi.ui.capLevelPm1', { level: c.level, track: c.track, n: c.pm1 }) : t(lang, 'zi.ui.capLevel', { level: c.level })}
              —
              ${
                c.capacity === undefined
                  ? t(lang, 'zi.ui.capMissing', { level: c.level })
                  : html`${t(lang, 'zi.ui.capValue', { mp: c.capacity })}${c.origin === 'entered' ? html` <span class="muted">${t(lang, 'zi.ui.capTyped')}</span>` : nothing};
                    ${t(lang, 'zi.ui.capDisorg', { mp: c.disorganized! })}`
              }
            </li>`,
        )}
      </ul>
      ${missing.length ? this.problem('zi.ui.trackMissing', { levels: missing.join(', ') }, 'zi-morale-track') : nothing}
      ${
        side === 'soviet'
          ? html`${numberField(t(lang, 'zi.ui.zones'), String(draft['zones'] ?? ''), (v) => this.setFormDraft('zi-zones', { zones: v }), ZI_NUMBERS['zones']!, { lang, id: 'zi-zones', name: 'zones' })}
              <p data-testid="zi-interdiction" role="status">
                ${zones === undefined ? t(lang, 'zi.ui.interdictionRule') : t(lang, 'zi.ui.interdiction', { n: zones, mp: interdictionCost('soviet', zones) })}
              </p>`
          : html`<p class="muted">${t(lang, 'zi.ui.noInterdiction')}</p>`
      }
    </section>`;
  }

  /** 9.12: this turn's air units, north and south, from the turn record track (typed in where the text lacks them). */
  private air() {
    const { lang, turn } = this.view;
    const air = airUnits(this.env, turn);
    return air.north !== undefined && air.south !== undefined
      ? html`<p data-testid="zi-air">${t(lang, 'zi.ui.air', { north: air.north, south: air.south })}</p>`
      : html`<div data-testid="zi-air">${this.problem('zi.ui.airMissing', { turn }, 'zi-turn-track')}</div>`;
  }

  /** 13.6, optional: from turn 2, before the German player turn is under way, the German player may take the variant sequence. */
  private germanOrder() {
    const { lang, cur, turn } = this.view;
    // Whether the German player may choose now is the rules' (13.6: the procedure's own conditions).
    if (!germanOrderOffer(this.env).ok) return nothing;
    const on = phasesOf(cur.state.game, turn)[1]?.id === 'g-move';
    const lock = this.sideLock('zi.german-order', {}, '13.61');
    return html`<div data-testid="zi-order">
      ${checkField(t(lang, 'zi.ui.orderVariant'), on, (v) => this.runAt('order', 'zi.german-order', { variant: v }, false), { name: 'order', disabled: !!lock })}
      ${sideNote(lock)} ${this.err('order')}
    </div>`;
  }

  private tool(tool: string, phase: Phase) {
    const lang = this.language;
    switch (tool) {
      case 'at':
        return this.atForm(phase.id);
      case 'assault':
        return this.assaultForm(phase.side);
      case 'loss-check':
        return this.lossCheckForm();
      case 'level-bombing':
        return html`${this.air()}${this.moraleTracker(true)}`;
      case 'd6':
        return html`<div class="row">
            <button @click=${() => this.runAt('d6', 'zi.d6', { kind: 'minefield' })}>
              ${t(lang, 'zi.ui.minefield')}
            </button>
            <button @click=${() => this.runAt('d6', 'zi.d6', { kind: 'breakdown' })}>
              ${t(lang, 'zi.ui.breakdown')}
            </button>
          </div>
          ${this.err('d6')}`;
      case 'chits':
        return this.chits();
      case 'capacity':
        return this.capacity(phase.side);
      case 'min-move':
        return html`<form
            class="row"
            data-testid="zi-min-move"
            @submit=${onSubmit((f) => void this.runAt('min-move', 'zi.min-move', { formation: f.value('formation') }))}
          >
            <label
              >${t(lang, 'zi.ui.minMove')}<select name="formation">
                ${Object.keys(formationsOf(this.current.state.game)).map((n) => html`<option value=${n}>${n}</option>`)}
              </select></label
            >
            <button type="submit">${t(lang, 'zi.ui.roll')}</button>
          </form>
          ${this.err('min-move')}`;
      case 'victory': {
        // The German steps the resolved fires and checks counted (12.21): the players may correct it.
        const counted = germanStepsOf(this.current.state.game);
        const draft = this.formDraft<Record<string, Json>>('zi-victory', { stepsLost: String(counted) });
        return html`<form
            data-testid="zi-victory"
            data-draft="zi-victory"
            @submit=${onSubmit((f) => {
              // A blank or bad count is said at its field, never read as 0 (issue #28, item 15).
              if (!numbersOk(draft, ['stepsLost'])) return void this.askForm('zi-victory');
              void this.runAt(
                'victory',
                'zi.victory',
                {
                  fatezh: f.checked('fatezh'),
                  hexes: f
                    .value('hexes')
                    .split(',')
                    .map((x) => x.trim())
                    .filter(Boolean)
                    .map(Number),
                  stepsLost: numberOf(draft['stepsLost'], 'stepsLost'),
                  belgorod: f.checked('belgorod'),
                },
                false,
              );
            })}
          >
            <h4>${t(lang, 'zi.ui.victory')}</h4>
            <p class="muted">${t(lang, 'zi.ui.stepsSoFar', { steps: counted })}</p>
            <label class="inline"><input type="checkbox" name="fatezh" />${t(lang, 'zi.ui.fatezh')}</label>
            <label>${t(lang, 'zi.ui.hexes')}<input name="hexes" autocomplete="off" /></label>
            ${this.field(draft, (k, x) => this.setFormDraft('zi-victory', { [k]: x }), 'stepsLost', 'numeric', 'zi-victory')}
            <label class="inline"><input type="checkbox" name="belgorod" />${t(lang, 'zi.ui.belgorod')}</label>
            <button class="primary" type="submit">${t(lang, 'zi.ui.tally')}</button>
          </form>
          ${this.err('victory')}`;
      }
      default:
        return nothing;
    }
  }

  override render() {
    const phases = phasesOf(this.current.state.game, this.current.state.turn);
    const { lang, cur, turn, index, phase } = this.turnPosition(phases, phaseIndex);
    return html`<h3 style="margin-top:0" data-testid="zi-title">
        ${t(lang, 'zi.ui.title', { turn, phase: t(lang, `zi.phase.${phase.id}`) })}
      </h3>
      ${this.phaseSelect({ label: t(lang, 'zi.ui.phase'), testid: 'zi-phase', names: phases.map((p) => t(lang, `zi.phase.${p.id}`)), index })}
      ${this.err('phase')} ${this.germanOrder()} ${this.rollsField({ label: t(lang, 'zi.ui.dice') })}
      ${turn === 1 && this.readings['zi.model'] === 'taken' ? html`<p class="muted" data-testid="zi-model">${t(lang, 'zi.ui.model')}</p>` : nothing}
      ${phase.tools.map((tool) => html`<div class="card">${this.tool(tool, phase)}</div>`)}
      <div class="row">
        ${this.nextPhaseButton({
          index,
          count: phases.length,
          next: () => this.runAt('next', PHASE_STEP, { index: index + 1 }, false),
          end: () => this.actAt('next', { type: 'end-turn' }),
          nextLabel: t(lang, 'zi.ui.next'),
          endLabel: t(lang, 'zi.ui.endTurn', { turn }),
        })}
      </div>
      ${this.err('next')}
      ${
        phase.tools.includes('level-bombing' as never)
          ? nothing
          : html`<details>
              <summary>${t(lang, 'zi.ui.morale')}</summary>
              ${this.moraleTracker(false)}
            </details>`
      }
      ${this.readingsChooser({
        summary: t(lang, 'zi.ui.readings'),
        readings: READINGS,
        legend: (id) => translate(lang, `zi.reading.${id}`),
        choice: (_, ch) => translate(lang, `zi.choice.${ch}`),
      })}
      <p class="muted">${tx(lang, cur.bundle.game.name)}</p>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-zitadelle-panel': WcZitadellePanel;
  }
}
