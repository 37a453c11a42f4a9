import { css } from 'lit';
import { base } from '../../ui/styles';

/** <wc-zitadelle-panel>: Zitadelle's turn panel (chances, plain lists). */
export const zitadellePanelStyles = [
  base,
  css`
    .chances {
      font-weight: 700;
    }
    ul.plain li {
      margin: 0.3rem 0;
    }
  `,
];
