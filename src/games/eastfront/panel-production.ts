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

@customElement('wc-ef-production')
export class WcEfProduction extends EfTool {
  private get prod(): Record<string, string> {
    return this.formDraft<Record<string, string>>('ef-production', { side: 'axis' });
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
        const flags = words.filter((y) => /^(ss|bh)$/i.test(y)).map((y) => y.toLowerCase());
        const rest = words.filter((y) => !/^(ss|bh)$/i.test(y));
        const kindWord = (rest.at(-1) ?? '').toLowerCase();
        const cadre = /^(cadre|cuadro)$/.test(kindWord);
        const core = /^(step|paso|cadre|cuadro)$/.test(kindWord) ? rest.slice(0, -1) : rest;
        const typeWord = (core.at(-1) ?? '').toLowerCase();
        const type = this.typeOf(typeWord);
        return {
          unit: core.length > 1 ? core.slice(0, -1).join(' ') : `#${k + 1}`,
          type,
          kind: cadre ? 'cadre' : 'step',
          ...(flags.includes('ss') ? { ss: true } : {}),
          ...(flags.includes('bh') ? { bh: true } : {}),
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
    };
    for (const k of ['level', 'cities', 'resources'])
      if (numberOrText(form[k]) !== undefined) input[k] = numberOrText(form[k])!;
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
      <button class="primary" data-testid="ef-prod-run" @click=${() => this.run('production', 'ef.production', input)}>
        ${t(lang, 'ef.ui.spend')}
      </button>
      ${this.err('production')} ${this.result('production', this.latest(['ef.production']))}
    </fieldset>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-ef-production': WcEfProduction;
  }
}
