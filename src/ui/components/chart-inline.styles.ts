import { css } from 'lit';
import { base } from '../styles';

/** <wc-chart-inline>: a chart the text does not give, typed in (folded) inside the tool that needs it. */
export const chartInlineStyles = [
  base,
  css`
    details {
      margin: 0.4rem 0;
    }
    summary {
      cursor: pointer;
      font-weight: 600;
      min-height: 44px;
      display: flex;
      align-items: center;
    }
  `,
];
