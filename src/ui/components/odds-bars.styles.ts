import { css } from 'lit';
import { base } from '../styles';

/** <wc-odds-bars>: the exact chance of each result, as bars with percentages. */
export const oddsBarsStyles = [
  base,
  css`
    :host {
      display: block;
      max-width: 100%;
    }
    /* Fixed layout: the code and the percentage keep their width on a 360 px phone; the bar takes the rest. */
    table {
      border-collapse: collapse;
      width: 100%;
      table-layout: fixed;
    }
    th {
      text-align: left;
      font-weight: 700;
      padding: 0.2rem 0.5rem 0.2rem 0;
      width: 42%;
      overflow-wrap: anywhere;
      vertical-align: middle;
    }
    th .name {
      display: block;
      font-weight: 400;
      font-size: 0.82rem;
      color: var(--muted);
      line-height: 1.2;
    }
    td {
      padding: 0.15rem 0;
    }
    .bar {
      height: 1.5rem;
      background: var(--accent);
      border-radius: 4px;
      min-width: 2px;
    }
    /* The share of cells not known yet: striped, not the results' colour. */
    .bar.unknown {
      background: repeating-linear-gradient(45deg, var(--muted), var(--muted) 4px, transparent 4px, transparent 8px);
    }
    .pct {
      white-space: nowrap;
      padding-left: 0.4rem;
      font-variant-numeric: tabular-nums;
      width: 4.2rem;
      text-align: right;
    }
  `,
];
