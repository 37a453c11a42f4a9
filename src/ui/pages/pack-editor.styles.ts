import { css } from 'lit';
import { base } from '../styles';

/** <wc-pack-editor>: the pack editor's forms, one column, 44 px targets. */
export const packEditorStyles = [
  base,
  css`
    fieldset {
      border: 1px solid var(--border);
      border-radius: 14px;
      margin: 0.8rem 0;
      padding: 0.6rem 0.8rem;
      min-width: 0;
    }
    legend {
      font-weight: 700;
      font-size: 1.1rem;
    }
    label {
      display: flex;
      flex-direction: column;
      gap: 0.2rem;
    }
    .item {
      border-top: 1px solid var(--border);
      padding: 0.5rem 0;
    }
    .templates button {
      width: 100%;
      justify-content: flex-start;
      margin: 0.3rem 0;
    }
    .grid {
      overflow: auto;
      max-height: 70vh;
    }
    .grid table {
      border-collapse: separate;
      border-spacing: 0;
    }
    .grid th,
    .grid td {
      padding: 2px;
      text-align: center;
    }
    /* The die column and the odds row stay in view while the grid scrolls (issue #32). */
    .grid thead th {
      position: sticky;
      top: 0;
      z-index: 2;
      background: var(--bg);
    }
    .grid tbody th {
      position: sticky;
      left: 0;
      z-index: 1;
      background: var(--bg);
    }
    .chips {
      display: flex;
      flex-wrap: wrap;
      gap: 0.3rem;
      margin: 0.3rem 0;
    }
    .chips button {
      min-width: 2.75rem;
      min-height: 2.75rem;
      padding: 0 0.5rem;
    }
    .grid thead th:first-child {
      left: 0;
      z-index: 3;
    }
    .grid input {
      width: 4.6rem;
      min-width: 4.6rem;
      padding: 0.2rem;
      text-align: center;
    }
    textarea {
      font: inherit;
      min-height: 6rem;
      width: 100%;
      box-sizing: border-box;
      border-radius: 10px;
      border: 2px solid var(--border);
      background: var(--surface);
      color: var(--fg);
      padding: 0.4rem;
    }
    input[type='color'] {
      width: 4rem;
      padding: 0.2rem;
    }
    .problems {
      border: 2px solid var(--danger);
    }
    .ok {
      border: 2px solid var(--ok);
    }
    .problems pre {
      white-space: pre-wrap;
      font-size: 0.85rem;
    }
  `,
];
