/**
 * What every EastFront tool element shares (issue #29): a step run through the store with its refusal
 * kept and shown at the control that caused it (`run`, `refusal`), the latest result of a procedure
 * explained where it was asked for, the dice of a fire step, the chance bars, and the game's scenario.
 * Each tool of the turn panel is its own element (panel-*.ts) over this base.
 */
import type { ProcedureId } from './rules';
import { css, html, nothing, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';
import {
  PHASE_STEP,
  type Action,
  type Context,
  type Json,
  type LogEntry,
  type ProcedureOutcome,
  type SumDistribution,
} from '../../engine';
import type { Problem } from '../../app/store-types';
import { SessionTool } from '../../ui/components/session-tool';
import { parseRolls } from '../../ui/components/manual-dice';
import { explain } from '../../ui/explain';
import { t, translate } from './messages-keys';
import { base } from '../../ui/styles';
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

/** The look every EastFront tool shares: dice, chance bars, the blocks' rows, results. */
export const toolStyles = [
  base,
  css`
    .dice {
      display: flex;
      flex-wrap: wrap;
      gap: 0.25rem;
      align-items: center;
    }
    .die {
      width: 2rem;
      height: 2rem;
      font-size: 1.05rem;
    }
    .die.rep {
      outline: 3px dashed var(--warn);
      outline-offset: -3px;
    }
    .bars {
      display: grid;
      grid-template-columns: 4.5rem 1fr 3.6rem;
      gap: 0.15rem 0.4rem;
      align-items: center;
      font-size: 0.9rem;
    }
    .bar {
      height: 0.8rem;
      background: var(--accent);
      border-radius: 4px;
    }
    .blk {
      display: flex;
      flex-wrap: wrap;
      gap: 0.3rem;
      align-items: flex-end;
      border-top: 1px solid var(--border);
      padding: 0.3rem 0;
    }
    .blk input.lbl {
      width: 4.2rem;
    }
    .blk input.cv {
      width: 3.4rem;
    }
    label.inline {
      flex-direction: row;
      align-items: center;
      min-height: 44px;
      gap: 0.4rem;
    }
    label.inline input {
      min-height: auto;
      min-width: auto;
      width: 1.3rem;
      height: 1.3rem;
    }
    .result {
      border-left: 4px solid var(--accent);
      padding-left: 0.6rem;
      margin: 0.4rem 0;
    }
    .result strong.head {
      font-size: 1.15rem;
    }
    .result ul {
      margin: 0.2rem 0;
      padding-left: 1.1rem;
      font-size: 0.9rem;
    }
    .status span.tag {
      font-size: 0.8rem;
      color: var(--muted);
    }
    .status li.out {
      text-decoration: line-through;
      color: var(--muted);
    }
  `,
];

/** An EastFront tool: its steps, their refusals at the control, their results. */
export class EfTool extends SessionTool<ProcedureId> {
  static override styles = toolStyles;

  /** The refusals of the steps run from this tool, by the place they were asked from (`run`'s `where`). */
  @state() protected errors: Record<string, Problem> = {};

  protected get scenario(): Scenario {
    return scenarioOf(this.current.session.scenario) ?? 's41';
  }

  /** Runs a procedure; a refusal is kept to be shown at the control `where`, not in the page's banner. */
  protected run(where: string, id: ProcedureId | typeof PHASE_STEP, input: Json) {
    const manual = this.physical ? parseRolls(this.rolls) : undefined;
    return this.attempt(where, { type: 'procedure', id, input, ...(manual ? { manual } : {}) });
  }

  /** Moves to a segment of the month: the engine's phase step (src/engine/sequence.ts), its refusal at the segment picker. */
  protected override movePhase(index: number) {
    return this.run('phase', PHASE_STEP, { index });
  }

  /**
   * A step through the store: the form it was run from starts clean once it is logged; a refusal is
   * kept at `where`, with the step itself when the players may make it anyway with their reason (a step
   * out of its phase, issue #29; a second roll of a once-per-occasion step).
   */
  protected async attempt(where: string, action: Action, context?: Context) {
    const entry = await this.store.act(action, context);
    // The form the step was run from starts clean (issue #28); the battle's setup has its own drafts.
    if (entry && where !== 'setup') this.dropFormDraft(`ef-${where}`);
    const errors = { ...this.errors };
    delete errors[where];
    // Typed-in faces are used up only by a step that rolled them; a step that rolls nothing leaves them.
    if (entry && entry.outcome.kind === 'procedure' && entry.outcome.rolls.length) this.rolls = '';
    else {
      const problem = this.store.getState().problem;
      if (problem) {
        errors[where] = problem;
        this.store.dismissProblem();
      }
    }
    this.errors = errors;
    await this.updateComplete;
    const at = this.renderRoot.querySelector(`[data-at="${where}"]`);
    (at?.querySelector('.head') ?? at)?.scrollIntoView?.({ block: 'nearest' });
    return entry;
  }

  /** A refusal the tool makes itself before asking the rules (shown at `where` as theirs would be). */
  protected refuse(where: string, problem: Problem) {
    this.errors = { ...this.errors, [where]: problem };
  }

  /** The refusal of the step asked for at `where`, in words, at that control. */
  protected err(where: string) {
    const problem = this.errors[where];
    if (!problem) return nothing;
    const params = Object.fromEntries(
      Object.entries(problem.params ?? {}).map(([k, v]) => [
        k,
        typeof v === 'string' && v.startsWith('ef.') ? translate(this.language, v) : String(v),
      ]),
    );
    return html`<p class="err" role="alert" data-testid="ef-error-${where}">
        ${translate(this.language, problem.key, params)}
      </p>
      ${this.anyway(where, problem)}`;
  }

  /**
   * Players keep the last word (issue #29): a step the sequence of play does not offer now, or a second
   * roll of a once-per-occasion step, is made anyway with their reason, which the log keeps.
   */
  private anyway(where: string, problem: Problem) {
    const again = problem.reroll;
    if (!again || again.action.type !== 'procedure') return nothing;
    const lang = this.language;
    const outOfPhase = problem.key === 'error.sequence';
    const submit = (e: Event) => {
      e.preventDefault();
      const reason = String(new FormData(e.target as HTMLFormElement).get('reason') ?? '');
      void this.attempt(
        where,
        { ...again.action, ...(outOfPhase ? { outOfSequence: reason } : { reroll: reason }) },
        again.context,
      );
    };
    return html`<form class="row" data-testid="ef-anyway-${where}" @submit=${submit}>
      <label
        >${t(lang, outOfPhase ? 'sequence.reason' : 'reroll.reason')}
        <input name="reason" required maxlength="200" data-testid="ef-anyway-reason"
      /></label>
      <button type="submit">${t(lang, outOfPhase ? 'sequence.button' : 'reroll.button')}</button>
    </form>`;
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
