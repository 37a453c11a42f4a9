import { css } from 'lit';

/**
 * <wc-chart-editor>'s forms. The editor renders in <wc-table-view>'s shadow root, so these are part of
 * the view's styles (table-view.styles.ts), after its own.
 */
export const chartEditorStyles = css`
  wc-chart-editor {
    display: contents;
  }
  form.add {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: flex-end;
    margin: 0.4rem 0;
  }
  form.add .err {
    min-width: 0;
  }
  form.add .help {
    flex-basis: 100%;
    margin: 0;
  }
  .problems {
    border-left: 4px solid var(--warn);
    padding-left: 0.6rem;
  }
  .problems ul {
    margin: 0.2rem 0;
    padding-left: 1.2rem;
  }
`;
