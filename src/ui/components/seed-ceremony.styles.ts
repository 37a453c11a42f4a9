import { css } from 'lit';
import { base } from '../styles';

/** <wc-seed-ceremony>: the start ceremony's commitments and its tap target. */
export const seedCeremonyStyles = [
  base,
  css`
    code {
      font-size: 1.05rem;
      word-break: break-all;
    }
    .tap {
      min-height: 5rem;
      width: 100%;
      font-size: 1.2rem;
    }
  `,
];
