import { css } from 'lit';
import { base } from '../../ui/styles';

/** <wc-gd-activation>: the Activation phase (the drawn chit, the big draw button). */
export const gdActivationStyles = [
  base,
  css`
    .drawn {
      font-size: 1.6rem;
      font-weight: 700;
      border-left: 0.6rem solid var(--side, var(--accent));
      padding-left: 0.75rem;
    }
    button.big {
      min-height: 64px;
      font-size: 1.2rem;
      width: 100%;
    }
  `,
];
