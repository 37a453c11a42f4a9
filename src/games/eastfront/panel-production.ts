/**
 * EastFront's Production tool (11.x): the Production Level, its modifiers and the purchases.
 */
import { html, nothing } from 'lit';
import { customElement } from 'lit/decorators.js';
import { asJson, type Json } from '../../engine';
import { t, translate } from './messages-keys';
import { type Side } from './rules';
import { checkField, textField } from '../../ui/fields';
import { EfTool, numberBox } from './panel-tool';
import { sideNote } from '../../ui/side-lock';

/** The words that mark a purchase (English or Spanish): SS, beachhead, the 11.41 / 10.5 facts, an early arrival's way. */
const FLAG_WORDS: readonly (readonly [RegExp, string])[] = [
  [/^ss$/i, 'ss'],
  [/^bh$/i, 'bh'],
  [/^(engaged|implicada)$/i, 'engaged'],
  [/^(nosupply|sinlinea|sinlínea)$/i, 'noSupplyLine'],
  [/^(fortress|fortaleza)$/i, 'fortressSupply'],
  [/^(reduced|reducida)$/i, 'reduced'],
  [/^(paid|pagada)$/i, 'paid'],
];
/** An arrival place's size (11.6): a minor city or a rail entry hex takes one, a major city two. */
const SIZE_WORDS: readonly (readonly [RegExp, string])[] = [
  [/^(minor|menor)$/i, 'minor'],
  [/^(major|mayor)$/i, 'major'],
  [/^(rail|ferrocarril)$/i, 'rail'],
];

/**
 * What the players say of an arrival place (11.6, seed 004 line 1463: "Los lugares de llegada deben de
 * tener Suministro Ferroviario/Marítimo y no en batalla"): no Rail/Sea Supply, or a battle hex.
 */
const ARRIVAL_FLAG_WORDS: readonly (readonly [RegExp, 'railSupply' | 'inBattle', boolean])[] = [
  [/^(unsupplied|sinsuministro)$/i, 'railSupply', false],
  [/^(battle|batalla)$/i, 'inBattle', true],
];

@customElement('wc-ef-production')
export class WcEfProduction extends EfTool {
  private get prod(): Record<string, string> {
    // On a side's linked phone its own side is the one typed for (11.1: each player's own production).
    const link = this.store.getState().link;
    const own = link?.view === 'player' && (link.side === 'axis' || link.side === 'soviet') ? link.side : 'axis';
    return this.formDraft<Record<string, string>>('ef-production', { side: own });
  }
  private set prod(v: Record<string, string>) {
    this.setFormDraft('ef-production', v);
  }

  override render() {
    return this.productionTool();
  }

  private productionTool() {
    const lang = this.language;
    const form = this.prod;
    const set = (k: string, v: string) => {
      this.prod = { ...form, [k]: v };
    };
    const field = (k: string, label: string) =>
      numberBox(translate(lang, label), form[k] ?? '', (v) => set(k, v), '5rem', `ef-prod-${k}`);
    const box = (k: string, label: string) =>
      checkField(translate(lang, label), form[k] === 'yes', (on) => set(k, on ? 'yes' : ''));
    const numberOrText = (v: string | undefined) =>
      v === undefined || v.trim() === '' ? undefined : /^\d+$/.test(v.trim()) ? Number(v) : v;
    const buys = (form['buys'] ?? '')
      .split(/[,;]/)
      .map((x) => x.trim())
      .filter(Boolean)
      .map((x, k) => {
        const words = x.split(/\s+/);
        // Marks a purchase may carry (11.41, 10.5, 11.51, 15.52, 16.2), in English or Spanish.
        const isFlag = (y: string) => FLAG_WORDS.some(([re]) => re.test(y));
        const flags = new Set(words.flatMap((y) => FLAG_WORDS.filter(([re]) => re.test(y)).map(([, flag]) => flag)));
        const rest = words.filter((y) => !isFlag(y));
        const kindWord = (rest.at(-1) ?? '').toLowerCase();
        const kind = /^(cadre|cuadro)$/.test(kindWord)
          ? 'cadre'
          : /^(early|anticipada)$/.test(kindWord)
            ? 'early'
            : 'step';
        const core = /^(step|paso|cadre|cuadro|early|anticipada)$/.test(kindWord) ? rest.slice(0, -1) : rest;
        // An early arrival is named as the scenario's list names it (11.51): its type comes from the list.
        if (kind === 'early')
          return {
            unit: core.join(' '),
            kind,
            early: flags.has('paid') ? 'paid' : flags.has('reduced') ? 'reduced' : '',
          };
        const typeWord = (core.at(-1) ?? '').toLowerCase();
        const type = this.typeOf(typeWord);
        return {
          unit: core.length > 1 ? core.slice(0, -1).join(' ') : `#${k + 1}`,
          type,
          kind,
          ...(flags.has('ss') ? { ss: true } : {}),
          ...(flags.has('bh') ? { bh: true } : {}),
          ...(flags.has('engaged') ? { engaged: true } : {}),
          ...(flags.has('noSupplyLine') ? { supplyLine: false } : {}),
          ...(flags.has('fortressSupply') ? { fortressSupply: true } : {}),
        };
      });
    // Where the new cadres and reinforcements arrive (11.6): "unit @ place minor|major|rail, …".
    const arrivals = (form['arrivals'] ?? '')
      .split(/[,;]/)
      .map((x) => x.trim())
      .filter(Boolean)
      .map((x) => {
        const [unit, where] = x.split('@').map((y) => y.trim());
        const all = (where ?? '').split(/\s+/).filter(Boolean);
        // The place's marks (11.6): no Rail/Sea Supply, in battle — the procedure refuses such a place in words.
        const flags = ARRIVAL_FLAG_WORDS.filter(([re]) => all.some((y) => re.test(y))).map(([, k, v]) => [k, v]);
        const words = all.filter((y) => !ARRIVAL_FLAG_WORDS.some(([re]) => re.test(y)));
        const sizeWord = (words.at(-1) ?? '').toLowerCase();
        const size = SIZE_WORDS.find(([re]) => re.test(sizeWord))?.[1];
        return {
          unit: unit ?? '',
          at: (size ? words.slice(0, -1) : words).join(' '),
          size: size ?? sizeWord,
          ...Object.fromEntries(flags),
        };
      });
    const mods = Object.fromEntries(
      ['lendLease', 'oilRoute', 'bakuLost', 'bakuTaken', 'ploestiLost']
        .filter((k) => form[k] === 'yes')
        .map((k) => [k, true]),
    );
    const input: Record<string, Json> = {
      side: form['side'] ?? 'axis',
      modifiers: mods,
      buys: asJson(buys),
      ...(form['chained'] === 'yes' ? { chained: true } : {}),
      ...(form['bhReady'] === 'yes' ? { bhReady: true } : {}),
      ...(arrivals.length ? { arrivals: asJson(arrivals) } : {}),
    };
    for (const k of ['level', 'cities', 'resources'])
      if (numberOrText(form[k]) !== undefined) input[k] = numberOrText(form[k])!;
    const lock = this.sideLock('ef.production', input, '11.1');
    return html`<fieldset>
      <legend>${t(lang, 'ef.ui.production')}</legend>
      <div class="row">
        <label
          >${t(lang, 'ef.ui.side')}<select @change=${(e: Event) => set('side', (e.target as HTMLSelectElement).value)}>
            ${(['axis', 'soviet'] as Side[]).map((x) => html`<option value=${x} ?selected=${form['side'] === x}>${t(lang, `ef.side.${x}`)}</option>`)}
          </select></label
        >
        ${field('level', 'ef.ui.levelDirect')} ${field('cities', 'ef.ui.cities')}
        ${field('resources', 'ef.ui.resources')}
      </div>
      <div class="row">
        ${form['side'] === 'soviet' ? html`${box('lendLease', 'ef.ui.mod.lendLease')} ${box('oilRoute', 'ef.ui.mod.oilRoute')} ${box('bakuLost', 'ef.ui.mod.bakuLost')}` : box('ploestiLost', 'ef.ui.mod.ploestiLost')}
        ${box('bakuTaken', 'ef.ui.mod.bakuTaken')}
        ${this.current.state.turn === 1 ? box('chained', 'ef.ui.chained') : nothing}
        ${form['side'] === 'soviet' ? box('bhReady', 'ef.ui.bhReady') : nothing}
      </div>
      ${textField(t(lang, 'ef.ui.buys'), form['buys'] ?? '', (v) => set('buys', v), { placeholder: 'U hq step, R inf step, lang cav cadre', testid: 'ef-prod-buys' })}
      ${textField(t(lang, 'ef.ui.arrivals'), form['arrivals'] ?? '', (v) => set('arrivals', v), { placeholder: '40 PZR CPS @ Warsaw major', testid: 'ef-prod-arrivals' })}
      <button
        class="primary"
        data-testid="ef-prod-run"
        ?disabled=${!!lock}
        @click=${() => this.runAt('production', 'ef.production', input)}
      >
        ${t(lang, 'ef.ui.spend')}
      </button>
      ${sideNote(lock)} ${this.err('production')} ${this.result('production', this.latest(['ef.production']))}
    </fieldset>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-ef-production': WcEfProduction;
  }
}
