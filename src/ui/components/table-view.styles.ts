import { css } from 'lit';
import { base } from '../styles';
import { chartEditorStyles } from './chart-editor.styles';

/** <wc-table-view>: the table, its cells' states, and what the text says about it; then the editor's forms. */
export const tableViewStyles = [
  base,
  css`
    :host {
      display: block;
    }
    .scroll {
      position: relative;
      overflow-x: auto;
      max-width: 100%;
      border: 1px solid var(--border);
      border-radius: 12px;
      background: var(--surface);
      -webkit-overflow-scrolling: touch;
    }
    table {
      border-collapse: separate;
      border-spacing: 0;
      min-width: 100%;
      font-size: 1.05rem;
    }
    .head {
      margin: 0.3rem 0;
    }
    .head .title {
      font-weight: 700;
      font-size: 1.15rem;
    }
    .head .axes {
      display: block;
      font-size: 0.9rem;
      color: var(--muted);
    }
    th,
    td {
      border-right: 1px solid var(--border);
      border-bottom: 1px solid var(--border);
      padding: 0.4rem 0.55rem;
      text-align: center;
      vertical-align: middle;
      height: 44px;
      min-width: 2.8rem;
    }
    thead th {
      background: var(--surface-2);
      white-space: normal;
      min-width: 3.2rem;
      max-width: 9rem;
    }
    th[scope='row'],
    thead th:first-child {
      position: sticky;
      left: 0;
      z-index: 1;
      background: var(--surface-2);
      text-align: left;
      max-width: 8rem;
    }
    thead th:first-child {
      white-space: normal;
      font-size: 0.8rem;
      font-weight: 600;
      color: var(--muted);
      min-width: 4rem;
    }
    td {
      font-weight: 700;
      font-variant-numeric: tabular-nums;
      white-space: nowrap;
    }
    td.text {
      font-weight: 400;
      white-space: normal;
      text-align: left;
      min-width: 8rem;
      max-width: 18rem;
    }
    td.missing {
      color: var(--muted);
      font-weight: 400;
    }
    td.entered .v {
      text-decoration: underline dotted;
      text-underline-offset: 0.25em;
    }
    td.entered {
      background: color-mix(in srgb, var(--link) 10%, transparent);
    }
    td.erratum {
      background: color-mix(in srgb, var(--warn) 12%, transparent);
    }
    .mark {
      color: var(--warn);
      font-size: 0.75rem;
      margin-left: 0.1rem;
      vertical-align: super;
    }
    td.hl {
      outline: 4px solid var(--accent);
      outline-offset: -4px;
      background: color-mix(in srgb, var(--accent) 22%, transparent);
    }
    td input {
      width: 4.2rem;
      min-width: 44px;
      padding: 0.2rem 0.3rem;
      text-align: center;
      font-weight: 700;
    }
    td.text input {
      width: 10rem;
      text-align: left;
      font-weight: 400;
    }
    .err {
      display: block;
      color: var(--danger);
      font-size: 0.85rem;
      font-weight: 600;
      white-space: normal;
      text-align: left;
      min-width: 10rem;
      max-width: 16rem;
      margin-top: 0.2rem;
    }
    .progress {
      font-weight: 600;
    }
    .about h3 {
      font-size: 1.05rem;
      margin-top: 1rem;
    }
    .about ul {
      padding-left: 1.2rem;
      margin: 0.3rem 0;
    }
    .about li {
      margin: 0.3rem 0;
    }
    dl.legend {
      display: grid;
      grid-template-columns: minmax(2.5rem, max-content) minmax(0, 1fr);
      gap: 0.3rem 0.8rem;
      margin: 0.3rem 0;
    }
    dl.legend dt {
      max-width: 9rem;
      overflow-wrap: anywhere;
    }
    dl.legend dd {
      min-width: 0;
      overflow-wrap: anywhere;
    }
    dl.legend dt {
      font-weight: 800;
    }
    dl.legend dd {
      margin: 0;
    }
    .errata li.on {
      border-left: 4px solid var(--warn);
      padding-left: 0.5rem;
      list-style: none;
      margin-left: -1.2rem;
    }
    .errata li.off {
      list-style: none;
      margin-left: -1.2rem;
      padding-left: 0.5rem;
      border-left: 4px solid var(--border);
    }
    button.remove {
      min-height: 32px;
      min-width: 32px;
      padding: 0 0.4rem;
      margin-left: 0.3rem;
    }
  `,
  chartEditorStyles,
];
