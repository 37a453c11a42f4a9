import { css } from 'lit';
import { base } from '../styles';

/** <wc-result-view>: one explained result (the dice, the result, how it came about). */
export const resultViewStyles = [
  base,
  css`
    .head {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.6rem;
    }
    .big {
      font-size: 2.4rem;
      font-weight: 800;
      line-height: 1;
      min-width: 2.6rem;
    }
    .summary {
      font-size: 1.15rem;
      font-weight: 600;
    }
    ol {
      margin: 0.4rem 0 0;
      padding-left: 1.3rem;
    }
    li {
      margin: 0.15rem 0;
    }
    /* One line (the result sheet folded on a phone): nothing wraps; the summary is cut with an ellipsis. */
    :host([line]) .head {
      flex-wrap: nowrap;
      gap: 0.4rem;
      min-width: 0;
      overflow: hidden;
    }
    :host([line]) .head > * {
      flex: none;
    }
    :host([line]) .big {
      flex: 0 1 auto;
      font-size: 1.3rem;
      min-width: 0;
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    :host([line]) .summary {
      flex: 1 1 0;
      min-width: 0;
      font-size: 1rem;
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    :host([line]) .die {
      width: 1.8rem;
      height: 1.8rem;
      font-size: 1rem;
      flex: none;
    }
    :host([line]) .row {
      flex-wrap: nowrap;
      gap: 0.25rem;
    }
    :host([compact]) .big {
      font-size: 1.5rem;
    }
    :host([compact]) .die {
      width: 2rem;
      height: 2rem;
      font-size: 1.05rem;
    }
  `,
];
