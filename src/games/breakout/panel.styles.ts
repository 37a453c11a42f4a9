import { css } from 'lit';
import { base } from '../../ui/styles';

/** <wc-breakout-panel>: Breakout: Normandy's turn panel (its phases' buttons). */
export const breakoutPanelStyles = [
  base,
  css`
    .phases {
      display: flex;
      flex-wrap: wrap;
      gap: 0.3rem;
    }
    .phases button {
      min-width: 3.2rem;
    }
    .phases button[aria-current='step'] {
      background: var(--accent);
      color: var(--on-accent);
      border-color: var(--accent);
    }
  `,
];
