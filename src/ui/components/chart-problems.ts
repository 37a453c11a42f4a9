/** What a chart the players type in still lacks, said in the player's language, with where to type it in. */
import { html, nothing } from 'lit';
import type { ChartProblem, TableData } from '../../engine';
import type { Lang } from '../../app/store';
import { t, translate, use, type MessageKey } from '../i18n';
import { tables } from '../i18n/tables';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(tables);

/** The link to a chart on the Tables page, where the players type it in (`label`: "Type it in on the Tables page"). */
export const chartLink = (lang: Lang, table: TableData, label: MessageKey = 'chart.openTables') =>
  html`<a href="#/game/${table.game}/tables/${table.id}">${t(lang, label)}</a>`;

export function renderChartProblems(lang: Lang, table: TableData, problems: readonly ChartProblem[]) {
  if (!problems.length) return nothing;
  return html`<div class="card chart-problems" role="status" data-testid="chart-problems">
    <p><strong>${t(lang, 'chart.problems')}</strong></p>
    <ul>
      ${problems.slice(0, 6).map((p) => html`<li>${translate(lang, p.key, p.params)}</li>`)}
    </ul>
    <p>${chartLink(lang, table)}</p>
  </div>`;
}
