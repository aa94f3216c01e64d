"""The dashboards' stylesheet: big touch targets, wrapping rows, tables that scroll sideways
on a phone. Plain CSS, no fonts or icons from the network."""

CSS = """
<style>
.tt-app { width: 100%; max-width: 1200px; min-width: 0; box-sizing: border-box; margin: 0 auto;
  font-size: 16px; line-height: 1.35;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK JP", sans-serif; }
.tt-app .widget-html-content, .tt-app .widget-html { font-size: 16px; line-height: 1.35; }
.tt-app .widget-html { margin: 0; }
.tt-app .widget-box, .tt-app .widget-vbox, .tt-app .widget-hbox, .tt-app .widget-html,
.tt-app .widget-html-content { min-width: 0; max-width: 100%; box-sizing: border-box; }
.tt-root { width: 100%; min-width: 0; }
/* the language picker comes last in the page's box (so tests and code find the page first) and is
   drawn at its top right */
.tt-root > .tt-lang { order: -1; align-self: flex-end; width: auto; margin: 4px 8px 0; }
.tt-root > .tt-lang select { min-height: 36px; font-size: 15px; }
.tt-app .jupyter-button.tt-btn, .tt-app .widget-button.tt-btn {
  height: auto; min-height: 48px; min-width: 64px; width: auto; max-width: 100%;
  padding: 8px 14px; margin: 4px 8px 4px 0; font-size: 16px; line-height: 1.2;
  white-space: normal; border-radius: 8px; border: 1px solid #b9c0c8; background: #f7f9fb; }
.tt-app .jupyter-button.tt-btn:hover { background: #e8eef5; }
.tt-app .jupyter-button.tt-primary { background: #1f6feb; color: #fff; border-color: #1f6feb; font-weight: 600; }
.tt-app .jupyter-button.tt-primary:hover { background: #1a5fd0; }
.tt-app .jupyter-button.tt-danger { background: #fff; color: #b42318; border-color: #e4a39c; }
.tt-app .jupyter-button.tt-small { min-height: 44px; font-size: 14px; padding: 6px 10px; }
.tt-app .jupyter-button.tt-act { background: #ffffff; border-color: #8fa3b8; font-weight: 500; }
.tt-app .jupyter-button.tt-act:hover { background: #eaf2ff; }
.tt-app .jupyter-button:disabled { opacity: 0.45; }
.tt-wrap { display: flex; flex-flow: row wrap; align-items: center; gap: 0; width: 100%; }
.tt-app .widget-text input, .tt-app .widget-password input, .tt-app select, .tt-app .widget-dropdown select {
  font-size: 16px; min-height: 44px; height: auto; }
.tt-app .widget-text, .tt-app .widget-password, .tt-app .widget-dropdown, .tt-app .widget-inline-hbox {
  width: auto; max-width: 100%; }
.tt-app .widget-label { font-size: 16px; }
.tt-app .tt-toggle .widget-toggle-buttons { flex-wrap: wrap; }
.tt-app .tt-toggle .widget-toggle-button, .tt-app .tt-toggle .jupyter-button {
  height: auto; min-height: 48px; width: auto; min-width: 56px; font-size: 16px; padding: 8px 14px;
  margin: 3px 6px 3px 0; white-space: normal; border-radius: 8px; }
.tt-app .widget-upload, .tt-app .jupyter-button.widget-upload { height: auto; min-height: 48px; width: auto;
  font-size: 16px; padding: 8px 14px; }
.tt-app .jupyter-button.tt-upload { font-size: 0; }   /* over .tt-btn's size: only ::before shows */
/* the words drawn are for the eye only ("/ ''": a screen reader reads the button's own words, not both) */
.tt-app .tt-upload::before { content: "Import a match (JSON file)" / ""; font-size: 16px; }
/* ipywidgets fixes a row's height at 28 px: taller controls would spill over the next row */
.tt-app .widget-inline-hbox, .tt-app .widget-dropdown, .tt-app .widget-text, .tt-app .widget-password,
.tt-app .widget-checkbox { height: auto; min-height: 44px; align-items: center; }
.tt-app .widget-checkbox input[type="checkbox"] { width: 24px; height: 24px; margin: 10px 8px 10px 0; }
.tt-app .widget-checkbox label, .tt-app .widget-checkbox .widget-label-basic { min-height: 44px;
  display: flex; align-items: center; cursor: pointer; }
/* an HTML widget is as tall as its words (the rows' 44 px above left blank gaps between cards);
   an empty one takes no room at all */
.tt-app .widget-html { min-height: 0; height: auto; }
.tt-app .widget-html:has(> .widget-html-content:empty) { display: none; }
/* a control's label says all its words: it wraps (ipywidgets cuts it with an ellipsis), and the
   control goes under it when both do not fit on the line */
.tt-app .widget-inline-hbox { flex-wrap: wrap; row-gap: 2px; }
.tt-app .widget-inline-hbox > .widget-label, .tt-app .widget-checkbox .widget-label-basic {
  white-space: normal; overflow: visible; text-overflow: clip; height: auto; min-height: 0; line-height: 1.3;
  max-width: 100%; }
.tt-app .widget-dropdown > select { flex: 1 1 auto; width: auto; min-width: 0; max-width: 100%; }
.tt-app .widget-text > input, .tt-app .widget-password > input { min-width: 0; max-width: 100%; }
/* a label read by screen readers only (each input of a grid, named by its row and column) */
.tt-app .tt-sr-label > .widget-label { position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip-path: inset(50%); white-space: nowrap; }
/* the position form's grids: the row's name in line with its inputs */
.tt-app .tt-position-grid { align-items: center; gap: 2px 6px; }
.tt-app .tt-position-grid .widget-text, .tt-app .tt-position-grid .widget-inline-hbox { width: 100%; margin: 0; }
.tt-app .tt-position-grid input { width: 100%; }
@media (max-width: 760px) {
  .tt-app .tt-position-grid { grid-template-columns: 1fr !important; }
  .tt-app .tt-position-grid > .tt-grid-head { display: none; }
  .tt-app .tt-position-grid > .tt-grid-row { margin-top: 6px; font-weight: 600; }
  .tt-app .tt-position-grid .tt-sr-label { flex-wrap: nowrap; }
  .tt-app .tt-position-grid .tt-sr-label > .widget-label { position: static; width: 10em; height: auto;
    clip-path: none; overflow: visible; white-space: normal; text-align: left; }
  .tt-app .tt-position-grid .tt-sr-label > input { flex: 1 1 6em; }
}
/* the bid box: the whole of its hint shows on a phone */
.tt-app .widget-text.tt-amount > input { flex: 1 1 12em; width: auto; max-width: 100%; }
.tt-app .widget-text.tt-amount > input::placeholder { font-size: 16px; }
/* plotly's renderer sizes a figure to its box when the page is resized: the box keeps its height */
.tt-charts .jp-RenderedPlotly { height: 330px; min-height: 330px; width: 100%; }
.tt-option { margin: 2px 0 8px; }
.tt-help { font-size: 14px; color: #4b5563; margin: 0 0 2px; }
.tt-picker { min-width: 240px; max-width: 100%; }
.tt-card { background: #fff; border: 1px solid #d8dee4; border-radius: 10px; padding: 10px 12px;
  margin: 8px 0; box-sizing: border-box; width: 100%; }
.tt-header { display: flex; flex-direction: column; gap: 6px; }
.tt-chips { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.tt-title { font-size: 22px; font-weight: 700; margin-right: 8px; }
.tt-chip { background: #eef2f6; border-radius: 999px; padding: 4px 10px; }
.tt-status { font-size: 20px; font-weight: 600; }
.tt-turn-name { color: #1f6feb; }
.tt-banner { background: #fdecea; border: 2px solid #d93025; color: #7a1c13; border-radius: 8px;
  padding: 10px 12px; font-weight: 600; }
.tt-notice { background: #e9f5ec; border: 1px solid #7cc08f; border-radius: 8px; padding: 8px 12px; }
.tt-group-head { margin-top: 6px; }
.tt-table { border-collapse: collapse; width: 100%; }
.tt-table th, .tt-table td { border-bottom: 1px solid #e3e7eb; padding: 6px 8px; text-align: left;
  vertical-align: top; }
.tt-players tr.tt-acting { background: #eaf2ff; }
.tt-money { font-variant-numeric: tabular-nums; font-weight: 600; white-space: nowrap; }
.tt-owed { color: #b42318; font-weight: 600; }
/* 4.5:1 or more on every background of the cards, the panels' lilac included */
.tt-dim { color: #5f6b78; }
.tt-badge { display: inline-block; font-size: 12px; border-radius: 6px; padding: 1px 6px; background: #eef2f6;
  font-weight: 500; }
.tt-badge.tt-turn { background: #1f6feb; color: #fff; }
.tt-scroll { overflow-x: auto; max-width: 100%; }
.tt-scroll:focus-visible { outline: 2px solid #1f6feb; outline-offset: 2px; }
.tt-app .widget-box.tt-scroll { overflow-x: auto; }
.tt-stocks { display: flex; flex-wrap: wrap; gap: 8px; margin: 4px 0 8px; }
.tt-stock { border: 1px solid #d8dee4; border-radius: 8px; padding: 6px 10px; min-width: 90px; }
.tt-stock-name { font-size: 13px; color: #4b5563; }
.tt-stock-value { font-size: 22px; font-weight: 700; font-variant-numeric: tabular-nums; }
.tt-kvs { display: flex; flex-direction: column; gap: 4px; }
.tt-kv { display: flex; flex-wrap: wrap; gap: 4px 12px; }
.tt-k { min-width: 120px; color: #4b5563; }
.tt-log-line { display: flex; align-items: center; }
.tt-log-text { flex: 1 1 auto; }
.tt-log-undone { color: #5f6b78; font-style: italic; }
.tt-private { border: 3px solid #8250df; background: #fbf8ff; }
.tt-private-title { font-size: 20px; font-weight: 700; color: #5a32a3; }
.tt-gate { border: 3px dashed #8250df; }
.tt-section-title { font-size: 18px; font-weight: 700; margin: 4px 0; }
.tt-track { display: flex; flex-wrap: wrap; gap: 3px; align-items: center; margin: 2px 0; }
.tt-space { min-width: 30px; white-space: nowrap; text-align: center; border: 1px solid #d8dee4; border-radius: 4px; padding: 2px 3px;
  font-size: 13px; font-variant-numeric: tabular-nums; }
.tt-space.tt-here { background: #1f6feb; color: #fff; border-color: #1f6feb; font-weight: 700; }
.tt-grid { border-collapse: collapse; }
.tt-grid td, .tt-grid th { width: 30px; height: 26px; text-align: center; font-size: 12px; border: 1px solid #e3e7eb;
  padding: 0; }
.tt-link { display: inline-block; min-height: 44px; line-height: 44px; padding: 0 12px; border-radius: 8px;
  border: 1px solid #b9c0c8; text-decoration: none; color: #1f2328; background: #f7f9fb; margin: 4px 8px 4px 0; }
.tt-board-part { margin: 4px 0 10px; }
.tt-subtitle { margin: 2px 0 4px; }
.tt-track-row { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 10px; margin: 3px 0; }
.tt-track-name { min-width: 190px; }
.tt-pile { margin: 4px 0 8px; }
.tt-cards { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 3px; }
.tt-cardchip { border: 1px solid #b9c0c8; border-radius: 6px; padding: 3px 8px; background: #fff; font-size: 14px; }
.tt-facedown { background: repeating-linear-gradient(45deg, #dbe3ec, #dbe3ec 4px, #eef2f6 4px, #eef2f6 8px);
  color: #4b5563; }
.tt-bid { font-weight: 600; color: #1f6feb; margin-left: 6px; }
.tt-swatch { display: inline-block; min-width: 24px; border-radius: 4px; margin-right: 6px; padding: 0 3px;
  color: #fff; font-size: 12px; font-weight: 700; text-align: center; }
.tt-suit { min-width: 120px; }
.tt-match-row { border-bottom: 1px solid #e3e7eb; padding: 6px 0; }
.tt-join-codes { display: flex; flex-wrap: wrap; gap: 12px; }
.tt-join-seat { display: flex; flex-direction: column; align-items: flex-start; gap: 4px; }
.tt-join-seat svg { width: 150px; height: 150px; }
.tt-join-url { font-size: 12px; color: #4b5563; word-break: break-all; max-width: 220px; }
@media (max-width: 600px) {
  /* the players' table on a phone: a block per player, each number with its heading beside it
     (the table's columns scrolled sideways, under a header that wrapped into a tall block) */
  .tt-players, .tt-players tbody, .tt-players tr, .tt-players th, .tt-players td { display: block; }
  .tt-players tr.tt-players-head { display: none; }
  .tt-players tr { border-bottom: 1px solid #e3e7eb; padding: 4px 0; }
  .tt-players th, .tt-players td { border: 0; padding: 2px 8px; }
  .tt-players td { display: flex; gap: 8px; }
  .tt-players td::before { content: attr(data-label); flex: 0 0 40%; color: #4b5563; font-weight: 400; }
  .tt-players td > .tt-cell { flex: 1 1 0; min-width: 0; }
  .tt-app .tt-stacked { flex-direction: column; align-items: stretch; }
  .tt-app .tt-stacked > .widget-label { width: auto !important; text-align: left; }
  .tt-title { font-size: 19px; }
  .tt-status { font-size: 18px; }
  .tt-app .jupyter-button.tt-btn { padding: 8px 10px; }
  .tt-k { min-width: 90px; }
}
</style>
"""
