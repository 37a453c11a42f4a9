import { css } from 'lit';
import { base } from '../../ui/styles';

/** <wc-stalingrado-panel>: ¿Resiste Stalingrado?'s turn panel (units, chances, prompts). */
export const stalingradoPanelStyles = [
  base,
  css`
    ul.units {
      list-style: none;
      padding: 0;
      margin: 0.3rem 0;
    }
    ul.units li {
      display: flex;
      flex-wrap: wrap;
      gap: 0.4rem;
      align-items: center;
      border-bottom: 1px solid var(--border);
      padding: 0.2rem 0;
    }
    .chances {
      font-weight: 700;
    }
    .prompts li {
      margin: 0.3rem 0;
    }
  `,
];
