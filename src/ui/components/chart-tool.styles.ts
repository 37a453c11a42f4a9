import { css } from 'lit';
import { base } from '../styles';

/** ChartTool, the base of the tools that read a chart: a button whose chart has problems. */
export const chartToolStyles = [
  base,
  css`
    /* A button whose chart has problems: still focusable (its reason is read with it), but looks off. */
    button[aria-disabled='true'] {
      opacity: 0.5;
      cursor: not-allowed;
    }
  `,
];
