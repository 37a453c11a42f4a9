import { css } from 'lit';
import { base } from '../styles';

/** <wc-link-page>: the link screen's QR code, codes and camera, a lost device, and the shared display's big result. */
export const linkPageStyles = [
  base,
  css`
    .qr {
      display: block;
      width: min(20rem, 90vw);
      image-rendering: pixelated;
      background: #fff;
      margin: 0.4rem 0;
    }
    textarea {
      width: 100%;
      font-family: monospace;
      font-size: 0.75rem;
      min-height: 5rem;
    }
    video {
      width: min(20rem, 90vw);
    }
    .lost {
      color: var(--danger);
      font-weight: bold;
    }
    .display .big {
      font-size: clamp(2rem, 8vw, 5rem);
    }
  `,
];
