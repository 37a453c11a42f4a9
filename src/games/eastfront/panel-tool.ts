/**
 * What every EastFront tool element shares (issue #29): a step run through the store with its refusal
 * kept and shown at the control that caused it (SessionTool's `runAt` and `refusalAt`, here with
 * EastFront's form drafts and test ids: `draftAt`, `err`), the latest result of a procedure
 * explained where it was asked for, the dice of a fire step, the chance bars, and the game's scenario.
 * Each tool of the turn panel is its own element (panel-*.ts) over this base.
 */
import type { ProcedureId } from './rules';
import { html, nothing, type TemplateResult } from 'lit';
import { type LogEntry, type ProcedureOutcome, type SumDistribution } from '../../engine';
import { SessionTool } from '../../ui/components/session-tool';
import { explain } from '../../ui/explain';
import { t, translate } from './messages-keys';
import { toolStyles } from './panel-tool.styles';
import { UNIT_TYPES, knownWeather, phaseIndex, scenarioOf, segmentFortnight, type Scenario, type Side } from './rules';

/** A line's number parameters (the HQ ledger's lines carry only numbers: radius, dice, range, moves). */
export const numbers = (params: Readonly<Record<string, unknown>> | undefined): Record<string, number> =>
  Object.fromEntries(Object.entries(params ?? {}).filter((e): e is [string, number] => typeof e[1] === 'number'));
export const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** A chance as a percentage in the players' language (below 0.05 %: "<0.1%"). */
export const pct = (lang: string, chance: number) =>
  chance > 0 && chance < 0.0005
    ? `<${new Intl.NumberFormat(lang === 'es' ? 'es-ES' : 'en-GB').format(0.1)}%`
    : `${new Intl.NumberFormat(lang === 'es' ? 'es-ES' : 'en-GB', { maximumFractionDigits: 1 }).format(100 * chance)}%`;

/** A narrow field for a number the players type, `width` wide (as its numbers need), bound like textField. */
export const numberBox = (
  label: string,
  value: string,
  onValue: (text: string) => void,
  width: string,
  testid?: string,
) =>
  html`<label
    >${label}<input
      style="width:${width}"
      inputmode="numeric"
      data-testid=${testid ?? nothing}
      .value=${value}
      @input=${(e: Event) => onValue((e.target as HTMLInputElement).value)}
  /></label>`;

/**
 * An EastFront tool: its steps, their refusals at the control (SessionTool `runAt`, `actAt`, `refuse`,
 * shown by `err`), their results.
 */
export class EfTool extends SessionTool<ProcedureId> {
  static override styles = toolStyles;

  protected get scenario(): Scenario {
    return scenarioOf(this.current.session.scenario) ?? 's41';
  }

  /** The form a step asked for at `where` was typed in (`ef-<where>`); the battle's setup has its own drafts. */
  protected override draftAt(where: string) {
    return where === 'setup' ? undefined : `ef-${where}`;
  }

  /** The refusal of the step asked for at `where`, in words, at that control (SessionTool refusalAt). */
  protected err(where: string) {
    return this.refusalAt(where, 'ef-');
  }

  /** The latest standing step of these procedures (after a reload too). */
  protected latest(ids: readonly string[], filter?: (o: ProcedureOutcome) => boolean): LogEntry | undefined {
    return this.current.session.log.findLast(
      (e) =>
        !e.undone && e.outcome.kind === 'procedure' && ids.includes(e.outcome.id) && (!filter || filter(e.outcome)),
    );
  }

  protected result(where: string, e: LogEntry | undefined, extra?: TemplateResult) {
    if (!e) return html`<div data-at=${where}></div>`;
    const explained = explain(this.language, e.outcome, this.current.ctx);
    return html`<div class="result" data-at=${where} data-testid="ef-result-${where}">
      <strong class="head">${explained.headline}</strong> <span class="muted">${explained.summary}</span>
      ${extra ?? nothing}
      <ul>
        ${explained.lines.map((l) => html`<li>${l}</li>`)}
      </ul>
    </div>`;
  }

  protected diceRow(
    shots: readonly { unit: string; fire: string; hitOn: number; dice: number[]; repulseOn?: number }[],
  ) {
    const lang = this.language;
    return html`${shots.map(
      (s) =>
        html`<div class="dice" data-testid="ef-shot">
          <span>${s.unit === 'air' ? t(lang, 'ef.ui.step.air') : s.unit} · ${translate(lang, `ef.fp.${s.fire}`)}</span>
          ${s.dice.map(
            (d) =>
              html`<span
                class="die ${d >= s.hitOn ? 'hit' : ''} ${s.repulseOn && d <= s.repulseOn ? 'rep' : ''}"
                title=${d >= s.hitOn ? t(lang, 'ef.ui.hit') : s.repulseOn && d <= s.repulseOn ? t(lang, 'ef.ui.repulsed') : ''}
                >${d}</span
              >`,
          )}
        </div>`,
    )}`;
  }

  protected bars(dist: SumDistribution, label: (k: number) => string, testid: string) {
    const lang = this.language;
    const rows = [...dist.counts].filter(([, c]) => c > 0);
    const max = Math.max(...rows.map(([, c]) => c));
    return html`<div class="bars" data-testid=${testid}>
      ${rows.map(
        ([k, c]) =>
          html`<span>${label(k)}</span
            ><span><span class="bar" style="display:block;width:${(100 * c) / max}%"></span></span
            ><span>${pct(lang, c / dist.outcomes)}</span>`,
      )}
    </div>`;
  }

  /** The weather the battle and pursuit forms start from: the fortnight's, known or rolled (12.1), else Dry. */
  protected defaultWeather(): string {
    const cur = this.current;
    const fortnight = segmentFortnight(this.scenario, cur.state.turn, phaseIndex(cur.state.game, cur.state.turn));
    return knownWeather(cur.state.game, this.scenario, cur.state.turn, fortnight, 'east') ?? 'dry';
  }

  /** "Z inf 1, W armor 3" → blocks (type by its first letters, as in the pursuit tool). */
  protected parseUnits(text: string, side: Side) {
    return text
      .split(/[,;]/)
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s, k) => {
        const parts = s.split(/\s+/);
        const cv = Number(parts.at(-1));
        const typeWord = (parts.length >= 3 ? parts[parts.length - 2] : parts[0]) ?? '';
        const id = parts.length >= 3 ? parts.slice(0, -2).join(' ') : `#${k + 1}`;
        return { id, side, type: this.typeOf(typeWord), cv };
      });
  }

  /** A unit type from the first letters of its name, in English or in the current language ("inf", "blind"). */
  protected typeOf(word: string): string {
    const lower = word.toLowerCase();
    if (!lower) return lower;
    return (
      UNIT_TYPES.find((u) => u.startsWith(lower)) ??
      UNIT_TYPES.find((u) => t(this.language, `ef.type.${u}`).toLowerCase().startsWith(lower)) ??
      lower
    );
  }
}
