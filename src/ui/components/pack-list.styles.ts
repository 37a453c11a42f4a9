import { css } from 'lit';
import { common } from '../styles-common';

/** <wc-pack-list>: the game packs on this device, as cards on the home screen. */
export const packListStyles = [
  common,
  css`
    li.card {
      min-width: 0;
    }
    .name {
      overflow-wrap: anywhere;
      unicode-bidi: isolate;
    }
    a.open {
      display: block;
      text-decoration: none;
      color: inherit;
      min-height: 44px;
    }
  `,
];
