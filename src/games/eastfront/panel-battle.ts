/**
 * EastFront's battle tool (7.x, 13.x, 14.4, 15.43): the battle's hex, weather and assault, each side's
 * blocks (hidden ones behind a hand-off, 7.12), the round run step by step with each step's dice and the
 * chance of each number of hits before the roll, the owner's choice on ties, the verdict, and a retreat
 * that opens pursuit fire (6.41, 6.42). It tells the panel when a retreat is open (`ef-retreating`).
 */
import { html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { asJson, EngineError, type Json, type ProcedureOutcome } from '../../engine';
import { t, translate } from './messages-keys';
import {
  TERRAINS,
  UNIT_TYPES,
  WEATHERS,
  airFire,
  alive,
  battleNext,
  battleOf,
  hqLedger,
  hqView,
  passiveMult,
  readBlock,
  sealedCountOf,
  sealedRefs,
  shooters,
  stepPreview,
  type Battle,
  type Block,
  type Side,
  type UnitType,
} from './rules';
import { checkField, textField } from '../../ui/fields';
import { PrivateView } from '../../ui/hand-off';
import { privacyOf } from '../../ui/private';
import { EfTool } from './panel-tool';
import type { PropertyValues } from 'lit';
import { FRESH_PURSUIT, type PursuitForm } from './panel-pursuit';
import './panel-pursuit';

type RoundForm = { active?: Side; supported: boolean; air: string };

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

/** A list of blocks being typed: the battle's own (the setup's draft) or those joining it under way (7.15). */
interface BlockList {
  readonly list: Draft[];
  set(list: Draft[]): void;
  /** The fieldset's and add button's test ids: `ef-blocks-<side>`, `ef-add-<side>` (or `ef-join-…`). */
  readonly prefix: string;
  /** Labels already used elsewhere in the battle: a new block's label avoids them. */
  readonly taken?: ReadonlySet<string>;
}

@customElement('wc-ef-battle')
export class WcEfBattle extends EfTool {
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
  /** Blocks this phone's side moves into the battle under way, typed before they are sealed (7.15): a form draft. */
  private get joinDraft(): Draft[] {
    return this.formDraft<{ blocks?: Draft[] }>('ef-join-blocks', {}).blocks ?? [];
  }
  private set joinDraft(list: Draft[]) {
    if (list.length) this.setFormDraft('ef-join-blocks', { blocks: list });
    else this.dropFormDraft('ef-join-blocks');
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

  override render() {
    return this.battleTool();
  }

  /** The round asked for while the phones' sealed blocks were awaited: it starts by itself once they are shown (7.14). */
  private waitingRound?: Record<string, Json>;

  /** Starts the round; refused only because sealed blocks are awaited, it waits for them and starts when they come. */
  private async startRound(input: Record<string, Json>) {
    this.waitingRound = undefined;
    // Once it is logged, the next round starts clean: its own active side, support and air (issue #28).
    const entry = await this.runAt('battle', 'ef.round', input);
    if (!entry && this.refusalOf('battle')?.key === 'ef.err.sealedWait') this.waitingRound = input;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const waiting = this.waitingRound;
    if (waiting) {
      const battle = battleOf(this.current.state.game);
      const refs = battle ? sealedRefs(battle) : [];
      if (!refs.length || battle?.round) this.waitingRound = undefined;
      else if (refs.every((r) => this.current.state.sealed?.[r.id]?.revealed)) void this.startRound(waiting);
    }
    // The panel shows pursuit fire inside the battle during a retreat, not a second time among its tools.
    if ((changed as ReadonlyMap<PropertyKey, unknown>).has('retreating'))
      this.dispatchEvent(new CustomEvent('ef-retreating', { detail: this.retreating, bubbles: true, composed: true }));
  }

  /** Which field of block `id` the setup's refusal is about: its CV (a number out of range) or its label (twice). */
  private fieldError(id: string): 'cv' | 'label' | undefined {
    const problem = this.refusalOf('setup');
    if (!problem) return undefined;
    if (problem.key === 'ef.err.number' && problem.params?.['name'] === id) return 'cv';
    if (problem.key === 'ef.err.duplicate' && problem.params?.['unit'] === id) return 'label';
    return undefined;
  }

  // ------------------------------------------------------------------ battle

  private blocksNow(): Draft[] {
    if (this.draft) return this.draft;
    const battle = battleOf(this.current.state.game);
    return (battle?.blocks ?? []).map((x) => ({
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
    const battle = battleOf(this.current.state.game) as Readonly<Record<string, Json>> | undefined;
    return this.setup[k] ?? battle?.[k] ?? fallback;
  }

  /**
   * Blocks sealed on a side's own phone (issue #33): with that side's phone linked, its hidden blocks
   * are typed there and only their count and commitment reach this device. The newest sealed value of
   * that side not shown yet, if any (its id and count).
   */
  private sealedFor(side: Side): { id: string; n: number } | undefined {
    const all = Object.entries(this.current.state.sealed ?? {}).filter(
      ([id, s]) => id.startsWith(`ef-blocks-${side}-`) && s.side === side && !s.revealed,
    );
    const newest = all.sort(([, a], [, b]) => b.seq - a.seq)[0];
    return newest ? { id: newest[0], n: newest[1].n } : undefined;
  }

  /** The sides whose hidden blocks are typed on their own phone (a linked phone holds that side), as this device sees it. */
  private onPhone(side: Side): boolean {
    return privacyOf(this.store.getState(), side) !== 'handoff';
  }

  private battleInput(keep: boolean): Json {
    const assaultTyped = (this.setupValue('assault', {}) ?? {}) as Record<string, Json>;
    const hidden = this.privateMode || !!battleOf(this.current.state.game)?.hidden?.length;
    // A new battle entered hidden takes each phone's sealed blocks; an edit keeps the battle's own.
    const sealed = Object.fromEntries(
      (['axis', 'soviet'] as Side[]).flatMap((s) => {
        const v = !keep && hidden && this.onPhone(s) ? this.sealedFor(s) : undefined;
        return v ? [[s, v.id]] : [];
      }),
    );
    const kept = keep ? battleOf(this.current.state.game)?.sealed : undefined;
    const typedHere = (d: Draft) => !sealed[d.side] && !kept?.[d.side];
    return {
      terrain: this.setupValue('terrain', 'clear'),
      weather: this.setupValue('weather', this.defaultWeather()),
      scenario: this.scenario,
      od: this.setupValue('od', 'soviet'),
      ...(this.setupValue('june1941', false) === true ? { june1941: true } : {}),
      ...(this.setupValue('city', false) === true ? { city: true } : {}),
      assault: assaultTyped,
      continue: keep,
      ...(Object.keys(sealed).length ? { sealed } : {}),
      blocks: asJson(
        this.blocksNow()
          .filter(typedHere)
          .map((d) => ({
            ...d,
            cv: /^\d+$/.test(d.cv.trim()) ? Number(d.cv) : d.cv,
          })),
      ),
    };
  }

  /**
   * The sides an edit of the battle keeps hidden, as its `hidden` field: before the first round those
   * entered hidden (7.12, 7.14); after a round only the Original Defender's (`od`), which stand up again
   * — the Original Attacker's stay face up (7.12, seed 004 line 969; 7.21, line 999).
   */
  private keptHidden(battle: Battle, od: Json): { hidden?: Side[] } {
    const hidden = (battle.hidden ?? []).filter((s) => !battle.rounds || s === od);
    return hidden.length ? { hidden } : {};
  }

  /** The battle's own blocks as the setup edits them. */
  private battleList(): BlockList {
    return { list: this.blocksNow(), set: (l) => (this.draft = l), prefix: 'ef' };
  }

  private editBlock(src: BlockList, k: number, patch: Partial<Draft>) {
    const list = [...src.list];
    list[k] = { ...list[k]!, ...patch };
    src.set(list);
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
    // That side's phone is linked: its blocks are typed and sealed there (issue #33), never here.
    const privacy = privacyOf(this.store.getState(), side);
    if (privacy === 'mine') return this.sealEditor(side);
    if (privacy === 'theirs') {
      const sealed = battleOf(this.current.state.game)?.sealed?.[side] ?? this.sealedFor(side);
      return html`<p data-testid="ef-hidden-${side}">
        ${
          sealed
            ? t(lang, 'ef.ui.sealedCount', { side: name, n: sealed.n })
            : t(lang, 'ef.ui.sealAwaited', { side: t(lang, `ef.adj.${side}`) })
        }
      </p>`;
    }
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

  /**
   * On a side's own phone (issue #33): its blocks typed here and sealed — kept on this phone with a
   * random salt; the table gets their count and commitment only — and the blocks it has sealed and
   * not shown yet. The first round asks this phone for them; it shows them by itself (7.14).
   */
  private sealEditor(side: Side) {
    const lang = this.language;
    const pending = this.sealedFor(side);
    const held = pending ? this.store.sealedHeld?.(pending.id) : undefined;
    const mine = this.blocksNow().filter((d) => d.side === side);
    return html`${this.blockEditor(side)}
      <p class="muted">${t(lang, 'ef.ui.sealHelp')}</p>
      <button
        class="primary"
        data-testid="ef-seal-${side}"
        ?disabled=${!mine.length}
        @click=${() => this.seal(side, mine)}
      >
        ${t(lang, 'ef.ui.seal', { n: mine.length })}
      </button>
      ${this.err('seal')}
      ${
        pending
          ? html`<p data-testid="ef-sealed-${side}">
              ${t(lang, 'ef.ui.sealedHere', { n: pending.n })}
              ${Array.isArray(held) ? (held as { id?: string; cv?: number }[]).map((b) => `${b.id} (${b.cv})`).join(', ') : ''}
            </p>`
          : nothing
      }`;
  }

  /**
   * Seals this phone's side's blocks, read first as the battle will read them at the reveal (7.12: a
   * CV out of range or a label twice is refused here, while the player can still correct it).
   */
  private async seal(side: Side, mine: Draft[]) {
    const entry = await this.sealAt('seal', 'ef-blocks', side, mine);
    if (entry) this.draft = this.blocksNow().filter((d) => d.side !== side);
  }

  /**
   * Reads `mine` as the battle will read them at the reveal and seals them on this phone under `kind`
   * (a refusal is said at `where`, while the player can still correct it). `taken`: labels already in
   * the battle, which a block joining it may not use again (7.14: the round would refuse the reveal).
   */
  private async sealAt(where: string, kind: string, side: Side, mine: Draft[], taken?: ReadonlySet<string>) {
    let blocks: Block[];
    try {
      blocks = mine.map((d, i) => readBlock(asJson({ ...d, cv: /^\d+$/.test(d.cv.trim()) ? Number(d.cv) : d.cv }), i));
      const twice = blocks.find((b, i) => blocks.findIndex((x) => x.id === b.id) !== i || taken?.has(b.id));
      if (twice) return this.refuse(where, { key: 'ef.err.duplicate', params: { unit: twice.id } });
    } catch (e) {
      if (e instanceof EngineError) return this.refuse(where, { key: String(e.params['key']), params: e.params });
      throw e;
    }
    const entry = await this.store.seal?.(kind, side, asJson(blocks));
    if (!entry) {
      const problem = this.store.getState().problem;
      if (problem) {
        this.refuse(where, problem);
        this.store.dismissProblem();
      }
      return undefined;
    }
    const { [where]: _s, ...rest } = this.refusals;
    this.refusals = rest;
    return entry;
  }

  // ------------------------------------------------------------------ blocks joining under way (7.15)

  /**
   * The sealed values of `side` made to join the battle (kind `ef-join`), not shown and not in the
   * battle yet: their id and count, oldest first.
   */
  private joinPending(battle: Battle, side: Side): { id: string; n: number }[] {
    const inBattle = new Set(sealedRefs(battle).map((r) => r.id));
    return Object.entries(this.current.state.sealed ?? {})
      .filter(([id, v]) => id.startsWith(`ef-join-${side}-`) && v.side === side && !v.revealed && !inBattle.has(id))
      .sort(([, a], [, b]) => a.seq - b.seq)
      .map(([id, v]) => ({ id, n: v.n }));
  }

  /**
   * Adds the blocks sealed on the phones to join the battle under way (7.15): an edit that keeps
   * everything else. `sealed`: the value this phone has just sealed (its id is in the entry even before
   * this device's state has caught up with it); else the oldest not added of each side.
   */
  private async saveJoin(battle: Battle, sealed?: { side: Side; id: string }) {
    const join = sealed
      ? { [sealed.side]: sealed.id }
      : Object.fromEntries(
          (['axis', 'soviet'] as Side[]).flatMap((s) => {
            const first = this.joinPending(battle, s)[0];
            return first ? [[s, first.id]] : [];
          }),
        );
    if (!Object.keys(join).length) return;
    // The battle as it stands, not this device's setup form (a draft left there is not part of the move).
    await this.runAt('join', 'ef.battle', {
      terrain: battle.terrain,
      weather: battle.weather,
      scenario: battle.scenario,
      od: battle.od,
      ...(battle.june1941 ? { june1941: true } : {}),
      ...(battle.city ? { city: true } : {}),
      assault: asJson(battle.assault ?? {}),
      ...this.keptHidden(battle, battle.od),
      continue: true,
      blocks: asJson(battle.blocks),
      join,
    });
  }

  /** Seals the blocks typed on this phone to join the battle, then adds them to it (one press, two steps). */
  private async sealJoin(side: Side, battle: Battle) {
    const taken = new Set(battle.blocks.map((b) => b.id));
    const mine = this.joinDraft.filter((d) => d.side === side);
    const entry = await this.sealAt('join', 'ef-join', side, mine, taken);
    if (!entry || entry.action.type !== 'sealed.commit') return;
    this.joinDraft = this.joinDraft.filter((d) => d.side !== side);
    await this.saveJoin(battleOf(this.current.state.game) ?? battle, { side, id: entry.action.id });
  }

  /**
   * Blocks moved into the battle under way, with a side's phone linked (issue #33; 7.15, seed 004 line
   * 987): on that phone, the Original Defender's (or, before the first round, either side's, 6.31) are
   * typed and sealed there, and stand hidden until the next round shows them (7.14); the Original
   * Attacker's are revealed as they join, so they are typed in the open. Every device sees how many
   * are sealed and not added yet, and may add them. A side with no phone: the setup's hand-off, as on
   * one device.
   */
  private joinSection(battle: Battle) {
    const lang = this.language;
    const sides = (['axis', 'soviet'] as Side[]).filter((s) => this.onPhone(s));
    if (!sides.length || (battle.round && battle.round.step !== 'done') || battleNext(battle).kind === 'over')
      return nothing;
    const taken = new Set(battle.blocks.map((b) => b.id));
    const parts = sides.map((side) => {
      const name = t(lang, `ef.side.${side}`);
      const pending = this.joinPending(battle, side);
      const mine = privacyOf(this.store.getState(), side) === 'mine';
      const shown = battle.rounds > 0 && side !== battle.od;
      const src: BlockList = {
        list: this.joinDraft,
        set: (l) => (this.joinDraft = l),
        prefix: 'ef-join',
        taken,
      };
      const typed = this.joinDraft.filter((d) => d.side === side);
      return html`${
        mine && shown
          ? html`<p class="muted" data-testid="ef-join-open-${side}">${t(lang, 'ef.ui.joinOpen', { side: name })}</p>`
          : mine
            ? html`${this.blockEditor(side, src)}
                <p class="muted">${t(lang, 'ef.ui.joinHelp')}</p>
                <button
                  class="primary"
                  data-testid="ef-join-seal-${side}"
                  ?disabled=${!typed.length}
                  @click=${() => this.sealJoin(side, battle)}
                >
                  ${t(lang, 'ef.ui.joinSeal', { n: typed.length })}
                </button>`
            : nothing
      }
      ${pending.map(
        (p) =>
          html`<p data-testid="ef-join-pending-${side}">
            ${t(lang, 'ef.ui.joinPending', { side: name, n: p.n })} ${mine ? this.heldList(p.id) : nothing}
          </p>`,
      )}`;
    });
    const anyPending = sides.some((s) => this.joinPending(battle, s).length);
    // A side with no phone linked: as on one device, its blocks are typed here after a hand-off — said so.
    const handoff = (['axis', 'soviet'] as Side[])
      .filter((s) => !this.onPhone(s))
      .map(
        (s) =>
          html`<p class="muted" data-testid="ef-join-handoff-${s}">
            ${t(lang, 'ef.ui.joinHandoff', { side: t(lang, `ef.side.${s}`) })}
          </p>`,
      );
    return html`<fieldset data-testid="ef-join">
      <legend>${t(lang, 'ef.ui.join')}</legend>
      ${parts} ${handoff}
      ${
        anyPending
          ? html`<button data-testid="ef-join-save" @click=${() => this.saveJoin(battle)}>
              ${t(lang, 'ef.ui.joinAdd')}
            </button>`
          : nothing
      }
      ${this.err('join')}
    </fieldset>`;
  }

  /** On the phone that sealed it: the blocks of a sealed value, as this phone alone holds them. */
  private heldList(id: string) {
    const held = this.store.sealedHeld?.(id);
    return Array.isArray(held)
      ? (held as { id?: string; cv?: number }[]).map((b) => `${b.id} (${b.cv})`).join(', ')
      : '';
  }

  private blockEditor(side: Side, src: BlockList = this.battleList()) {
    const lang = this.language;
    const list = src.list;
    const terrain = this.setupValue('terrain', 'clear');
    const od = this.setupValue('od', 'soviet');
    return html`<fieldset data-testid="${src.prefix}-blocks-${side}">
      <legend>${t(lang, 'ef.ui.blocks', { side: t(lang, `ef.adjPl.${side}`) })}</legend>
      ${list.map((d, k) => {
        // A block's yes-or-no marks (SS, siege, largest in a fortress), each shown where it applies.
        const flag = (key: 'ss' | 'siege' | 'largest', label: string) =>
          checkField(translate(lang, label), !!d[key], (on) => this.editBlock(src, k, { [key]: on }));
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
                  @input=${(e: Event) => this.editBlock(src, k, { id: (e.target as HTMLInputElement).value })}
              /></label>
              <label
                >${t(lang, 'ef.ui.type')}<select
                  data-testid="ef-type"
                  @change=${(e: Event) => this.editBlock(src, k, { type: (e.target as HTMLSelectElement).value as UnitType })}
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
                  @input=${(e: Event) => this.editBlock(src, k, { cv: (e.target as HTMLInputElement).value })}
              /></label>
              ${side === 'axis' && (d.type === 'armor' || d.type === 'mech') ? flag('ss', 'ef.ui.ss') : nothing}
              ${side === 'axis' && d.type === 'infantry' ? flag('siege', 'ef.ui.siege') : nothing}
              ${terrain === 'fortress' && side === od ? flag('largest', 'ef.ui.largest') : nothing}
              <button
                aria-label=${t(lang, 'ef.ui.remove', { unit: d.id })}
                @click=${() => src.set(src.list.filter((_, j) => j !== k))}
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
        data-testid="${src.prefix}-add-${side}"
        @click=${() => {
          const prefix = side === 'axis' ? 'A' : 'S';
          let n = list.filter((b) => b.side === side).length + 1;
          while (list.some((b) => b.id === `${prefix}${n}`) || src.taken?.has(`${prefix}${n}`)) n++;
          src.set([...list, { id: `${prefix}${n}`, side, type: 'infantry', cv: '3' }]);
        }}
      >
        ${t(lang, 'ef.ui.add', { side: t(lang, `ef.adj.${side}`) })}
      </button>
    </fieldset>`;
  }

  private select(k: string, options: readonly string[], label: string, prefix: string, fallback: string) {
    const lang = this.language;
    const chosen = String(this.setupValue(k, fallback));
    return html`<label
      >${translate(lang, label)}<select
        data-testid="ef-${k}"
        @change=${(e: Event) => (this.setup = { ...this.setup, [k]: (e.target as HTMLSelectElement).value })}
      >
        ${options.map((o) => html`<option value=${o} ?selected=${chosen === o}>${translate(lang, `${prefix}${o}`)}</option>`)}
      </select></label
    >`;
  }

  private battleSetupForm() {
    const lang = this.language;
    const assaultTyped = (this.setupValue('assault', {}) ?? {}) as Record<string, Json>;
    const setA = (k: string, v: boolean) => {
      this.setup = { ...this.setup, assault: { ...assaultTyped, [k]: v } };
    };
    const check = (k: string, label: string) =>
      checkField(translate(lang, label), assaultTyped[k] === true, (on) => setA(k, on), { testid: `ef-assault-${k}` });
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
          ${assaultTyped['naval'] === true ? check('coast', 'ef.ui.coast') : nothing}
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
      ${(['axis', 'soviet'] as Side[]).map((side) => this.privateEditor(side, this.privateMode || !!battle?.hidden?.includes(side)))}
      <div class="row">
        <button data-testid="ef-clear" @click=${() => (this.draft = [])}>${t(lang, 'ef.ui.clear')}</button>
        <button
          class="primary"
          data-testid="ef-new-battle"
          @click=${async () => {
            // A side whose phone is linked seals its blocks there first (issue #33): said, not entered empty.
            const unsealed = (['axis', 'soviet'] as Side[]).find(
              (s) => this.privateMode && this.onPhone(s) && !this.sealedFor(s),
            );
            if (unsealed)
              return this.refuse('setup', { key: 'ef.err.sealedUnknown', params: { side: `ef.side.${unsealed}` } });
            if (
              await this.runAt('setup', 'ef.battle', {
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
                    await this.runAt('setup', 'ef.battle', {
                      ...(this.battleInput(true) as Record<string, Json>),
                      ...this.keptHidden(battle, this.setupValue('od', battle.od)),
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
    const battle = battleOf(this.current.state.game)!;
    const round = battle.round;
    const mult = round ? passiveMult(battle, round.active, round.supported).mult : 2;
    return html`<div class="row status" style="align-items:flex-start" data-testid="ef-status">
      ${(['axis', 'soviet'] as Side[]).map((side) =>
        battle.hidden?.includes(side) && (!round || round.step === 'done')
          ? html`<div data-testid="ef-standing-${side}">
              <strong>${t(lang, `ef.side.${side}`)}${side === battle.od ? ` ${t(lang, 'ef.ui.odTag')}` : ''}</strong>
              <p class="muted">
                ${t(lang, 'ef.ui.standing', {
                  n: battle.blocks.filter((x) => x.side === side && alive(x)).length + sealedCountOf(battle, side),
                })}
              </p>
              ${this.joiningLine(battle, side)}
            </div>`
          : html`<div>
              <strong>${t(lang, `ef.side.${side}`)}${side === battle.od ? ` ${t(lang, 'ef.ui.odTag')}` : ''}</strong>
              <ul class="plain">
                ${battle.blocks
                  .filter((x) => x.side === side)
                  .map(
                    (x: Block) =>
                      html`<li class=${alive(x) ? '' : 'out'} data-testid="ef-block-${x.id}">
                        ${x.id} · ${t(lang, `ef.type.${x.type}`)} ·
                        <strong>${x.eliminated ? '✕' : x.type === 'hq' && x.cv === 0 ? 'Ø' : x.cv}</strong>
                        ${round?.partial[x.id] ? html`<span class="tag">${t(lang, 'ef.ui.partial', { n: round.partial[x.id]!, mult })}</span>` : nothing}
                        ${x.repulsed ? html`<span class="tag">${t(lang, 'ef.ui.repulsed')}</span>` : nothing}
                        ${x.eliminated ? html`<span class="tag">${t(lang, 'ef.ui.eliminated')}</span>` : nothing}
                      </li>`,
                  )}
              </ul>
              ${this.joiningLine(battle, side)}
            </div>`,
      )}
    </div>`;
  }

  /** A side's blocks that joined the battle sealed on its phone (7.15): how many, and on that phone which. */
  private joiningLine(battle: Battle, side: Side) {
    const refs = (battle.joining?.[side] ?? []).filter((r) => !this.current.state.sealed?.[r.id]?.revealed);
    if (!refs.length) return nothing;
    const lang = this.language;
    const mine = privacyOf(this.store.getState(), side) === 'mine';
    return html`<p class="muted" data-testid="ef-joining-${side}">
      ${t(lang, 'ef.ui.joining', { side: t(lang, `ef.side.${side}`), n: refs.reduce((a, r) => a + r.n, 0) })}
      ${mine ? refs.map((r) => this.heldList(r.id)).join(', ') : nothing}
    </p>`;
  }

  private roundControls() {
    const lang = this.language;
    const cur = this.current;
    const battle = battleOf(cur.state.game)!;
    const thisRound = battle.round;
    const last = this.latest(['ef.battle', 'ef.round', 'ef.fire', 'ef.choose']);
    const lastShots =
      last && (last.outcome as ProcedureOutcome).id === 'ef.fire'
        ? ((last.outcome as ProcedureOutcome).result as { shots?: never[] }).shots
        : undefined;
    const next = battleNext(battle);
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
    if (!thisRound || thisRound.step === 'done') {
      const active = this.round.active ?? (battle.od === 'axis' ? 'soviet' : 'axis');
      return html`${battle.rounds > 0 ? this.retreatOffer(battle) : nothing}
        <fieldset>
          <legend>${t(lang, 'ef.ui.startRound', { n: battle.rounds + 1 })}</legend>
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
          ${this.airFromLedger(active)} ${this.sealedWait(battle)}
          <button
            class="primary"
            data-testid="ef-start-round"
            @click=${async () => {
              // Blocks sealed on the phones are asked for first (7.14): each phone shows its own by itself.
              const sealedIds = sealedRefs(battle).map((r) => r.id);
              const uncalled = sealedIds.filter(
                (id) => !cur.state.sealed?.[id]?.called && !cur.state.sealed?.[id]?.revealed,
              );
              if (uncalled.length && !(await this.actAt('battle', { type: 'sealed.call', ids: uncalled }))) return;
              await this.startRound({
                active,
                supported: this.round.supported,
                air: /^\d+$/.test(this.round.air.trim()) ? Number(this.round.air) : this.round.air,
              });
            }}
          >
            ${t(lang, 'ef.ui.startRound', { n: battle.rounds + 1 })}
          </button>
        </fieldset>
        ${this.err('battle')} ${this.result('battle', last, lastShots ? this.diceRow(lastShots) : undefined)}`;
    }
    const prompt = thisRound.pending?.prompt;
    if (prompt) {
      return html`<fieldset data-testid="ef-prompt">
          <legend>
            ${t(lang, thisRound.pending!.kind === 'repulse' ? 'ef.prompt.repulse' : 'ef.prompt.hit', { side: t(lang, `ef.side.${prompt.owner}`), list: prompt.candidates.join(', ') })}
          </legend>
          <div class="row">
            ${prompt.candidates.map(
              (id) =>
                html`<button
                  class="primary"
                  data-testid="ef-choose-${id}"
                  @click=${() => this.runAt('battle', 'ef.choose', { block: id })}
                >
                  ${id}
                </button>`,
            )}
          </div>
        </fieldset>
        ${this.err('battle')} ${this.result('battle', last, lastShots ? this.diceRow(lastShots) : undefined)}`;
    }
    const air =
      thisRound.step === 'air'
        ? airFire({ table: (id: string) => cur.ctx.tables.get(id)! }, battle.scenario, thisRound.active)
        : undefined;
    const preview = stepPreview(battle, this.readings, air ?? null)!;
    const shooting = thisRound.step === 'air' ? [] : shooters(battle, this.readings);
    const hint =
      thisRound.step === 'air'
        ? `${t(lang, 'ef.ui.step.air')}: ${thisRound.air}`
        : shooting.map((s) => `${s.block.id}: ${s.block.cv}`).join(' · ');
    const stepName = t(lang, `ef.ui.step.${thisRound.step}`);
    return html`<fieldset>
        <legend data-testid="ef-step">${t(lang, 'ef.ui.round', { n: battle.rounds, step: stepName })}</legend>
        <p>
          ${preview.pools.map((x) => t(lang, 'ef.ui.pools', { dice: x.dice, fire: t(lang, `ef.fp.${x.fire}`) })).join(' + ') || t(lang, 'ef.fire.none')}
          ${preview.mult > 1 && thisRound.step !== 'defence' ? html` · ${t(lang, 'ef.ui.multNote', { mult: preview.mult })}` : nothing}
        </p>
        ${preview.noHits ? html`<p class="muted">${t(lang, 'ef.ui.noHitsNote')}</p>` : nothing}
        ${
          preview.pools.length
            ? html`<p class="muted" style="margin-bottom:0">${t(lang, 'ef.ui.chance')}</p>
                ${this.bars(preview.hits, (k) => t(lang, 'ef.ui.hitsN', { n: k }), 'ef-chance')}`
            : nothing
        }
        ${
          preview.repulse
            ? html`<p class="muted" style="margin-bottom:0">
                  ${t(lang, 'ef.ui.chanceRepulse', { t: preview.repulse.t })}
                </p>
                ${this.bars(preview.repulse.dist, (k) => String(k), 'ef-chance-repulse')}`
            : nothing
        }
        ${preview.pools.length ? this.rollsField({ label: t(this.language, 'ef.ui.dice'), hint, testid: 'ef-rolls', card: false }) : nothing}
        <button class="primary" data-testid="ef-fire" @click=${() => this.runAt('battle', 'ef.fire', {})}>
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
      ${
        this.retreating
          ? html`<wc-ef-pursuit
              .store=${this.store}
              .current=${this.current}
              .physical=${this.physical}
            ></wc-ef-pursuit>`
          : nothing
      }
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
    // An open pursuit form shows the new retreat's rearguard and pursuers (its form draft was just written).
    this.renderRoot.querySelector('wc-ef-pursuit')?.requestUpdate();
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

  /** The sides whose sealed blocks the table has asked for and not yet received: named (issue #33, 7.14). */
  private sealedWait(battle: NonNullable<ReturnType<typeof battleOf>>) {
    const lang = this.language;
    const waiting = (['axis', 'soviet'] as Side[]).filter((s) =>
      sealedRefs(battle).some((r) => {
        const v = r.side === s ? this.current.state.sealed?.[r.id] : undefined;
        return v?.called && !v.revealed;
      }),
    );
    return waiting.map(
      (s) =>
        html`<p class="muted" role="status" data-testid="ef-sealed-wait-${s}">
          ${t(lang, 'ef.ui.sealedWait', { side: t(lang, `ef.side.${s}`) })}
        </p>`,
    );
  }

  private battleTool() {
    const lang = this.language;
    const battle = battleOf(this.current.state.game);
    return html`<section data-testid="ef-battle">
      <h4 style="margin:0.2rem 0">${t(lang, 'ef.ui.battle')}</h4>
      ${this.battleSetupForm()}
      ${battle ? html`${this.battleStatus()} ${this.joinSection(battle)} ${this.roundControls()}` : html`<p class="muted">${t(lang, 'ef.ui.noBattle')}</p>`}
    </section>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-ef-battle': WcEfBattle;
  }
}
