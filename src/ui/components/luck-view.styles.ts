import { css } from 'lit';
import { base } from '../styles';

/** <wc-luck-view>: the luck statistics' tables. */
export const luckViewStyles = [
  base,
  css`
    table {
      border-collapse: collapse;
      margin: 0.3rem 0 0.8rem;
      font-variant-numeric: tabular-nums;
    }
    th,
    td {
      padding: 0.15rem 0.5rem;
      text-align: right;
      border-bottom: 1px solid var(--border);
    }
    th:first-child,
    td:first-child {
      text-align: left;
    }
    /* A table of many sums (3d6: 16 columns) scrolls inside its own box, never widening the page. */
    .wide {
      max-width: 100%;
      overflow-x: auto;
    }
  `,
];
