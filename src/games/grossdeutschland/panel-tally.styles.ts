import { css } from 'lit';
import { base } from '../../ui/styles';

/** <wc-gd-supply> and <wc-gd-vp>: the supply record and the victory points (their tables, each status with its sign). */
export const gdTallyStyles = [
  base,
  css`
    table {
      border-collapse: collapse;
      width: 100%;
    }
    th,
    td {
      text-align: start;
      padding: 0.35rem 0.5rem;
      border-bottom: 1px solid var(--border);
      vertical-align: middle;
    }
    caption {
      text-align: start;
      font-weight: 600;
      padding: 0.3rem 0;
    }
    .scroll {
      overflow-x: auto;
    }
    .status {
      font-weight: 700;
      white-space: nowrap;
    }
    tr.low .status {
      color: var(--warn);
    }
    tr.out .status {
      color: var(--danger);
    }
    tr.low td:first-child {
      border-inline-start: 4px solid var(--warn);
    }
    tr.out td:first-child {
      border-inline-start: 4px double var(--danger);
    }
    .big {
      font-size: 1.25rem;
      font-weight: 800;
    }
  `,
];
