/**
 * The director's printed sheets (000: the scorekeeper's paper): each round's seating chart, each
 * table's score card and claim sheet, the standings, each player's personal card. HTML strings
 * only (no I/O); the routes serve them and the browser prints them.
 *
 * One sheet is one page on both A4 (210 × 297 mm) and Letter (216 × 279 mm): the print style
 * sheet sets 12 mm margins and no page size (the printer's paper), and every sheet is laid out
 * in the area both papers share, 186 × 255 mm (210 − 2 × 12 wide, 279 − 2 × 12 high), with
 * `break-inside: avoid` and its height capped there (`docs/tournament-tools.md`).
 */
import type { EventStanding, GamePenaltyEntry } from '../../rules/tournament/penalties.js';
import type { LoggedPenalty } from './service.js';
import { standingMarks } from './export.js';

/** The printable area both A4 and Letter hold inside 12 mm margins, mm. */
export const PRINT_AREA_MM = { width: 186, height: 255 } as const;

/** Text made safe for HTML: & < > " ' escaped. */
export function escapeHtml(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STYLE = `
@page { margin: 12mm; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; font-family: system-ui, sans-serif; color: #000; background: #fff; }
.sheet { width: ${PRINT_AREA_MM.width}mm; max-height: ${PRINT_AREA_MM.height}mm; overflow: hidden; break-inside: avoid; page-break-inside: avoid; font-size: 10.5pt; }
h1 { font-size: 16pt; margin: 0 0 2mm; }
h2 { font-size: 12pt; margin: 4mm 0 1.5mm; }
p { margin: 1mm 0; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 0.3mm solid #000; padding: 1.2mm 1.6mm; text-align: left; vertical-align: top; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.tables { display: grid; grid-template-columns: 1fr 1fr; gap: 3mm; }
.small { font-size: 8.5pt; }
.box { height: 9mm; }
.qr svg { width: 70mm; height: 70mm; }
.url { font-family: ui-monospace, monospace; font-size: 12pt; word-break: break-all; }
.noprint { margin: 2mm 0; }
@media print { .noprint { display: none; } }
@media screen { body { padding: 8mm; background: #eee; } .sheet { background: #fff; padding: 4mm; box-shadow: 0 0 2mm #999; } }
`;

/** A whole page holding one sheet: `<!doctype html>`, the print style sheet, a Print button on screen only. */
export function printPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><p class="noprint"><button type="button" onclick="window.print()">Print</button></p>
<main class="sheet" data-sheet>${body}</main></body></html>
`;
}

/** One seated player, for the sheets. */
export interface PrintSeat {
  /** "East" … "North" (Siamese: "East", "West") */
  seat: string;
  player: string;
  name: string;
}

/** One table of a round, for the seating chart. */
export interface PrintTable {
  table: number;
  /** the label the table shows (its placard, e.g. "12"; default its number): what the sheet prints */
  label: string;
  /** the hub table that plays it, or null */
  hubTable: string | null;
  seats: PrintSeat[];
}

/**
 * The seating chart of one round: each table with its seats, then every player A-Z with their
 * table and seat (to find one's table at a glance).
 */
export function seatingSheet(tournament: string, round: number, tables: readonly PrintTable[], notSeated: readonly { name: string; why: string }[] = []): string {
  const byName = tables.flatMap((t) => t.seats.map((s) => ({ ...s, label: t.label }))).sort((a, b) => a.name.localeCompare(b.name));
  const grid = tables
    .map(
      (t) =>
        `<table data-table="${t.table}"><tr><th colspan="2">Table ${escapeHtml(t.label)}${t.hubTable ? ` <span class="small">(${escapeHtml(t.hubTable)})</span>` : ''}</th></tr>${t.seats
          .map((s) => `<tr><td>${escapeHtml(s.seat)}</td><td>${escapeHtml(s.name)}</td></tr>`)
          .join('')}</table>`,
    )
    .join('');
  const list = byName.map((s) => `<tr><td>${escapeHtml(s.name)}</td><td class="num">${escapeHtml(s.label)}</td><td>${escapeHtml(s.seat)}</td></tr>`).join('');
  const out = notSeated.length > 0 ? `<h2>Not seated</h2><p>${notSeated.map((n) => `${escapeHtml(n.name)}: ${escapeHtml(n.why)}`).join('; ')}</p>` : '';
  return printPage(
    `${tournament}: round ${round} seating`,
    `<h1>${escapeHtml(tournament)}: round ${round} seating</h1><div class="tables">${grid}</div>${out}<h2>Players A-Z</h2><table><tr><th>Player</th><th class="num">Table</th><th>Seat</th></tr>${list}</table>`,
  );
}

/** One table's card for printing: the seats, each game's marks (blank when not played yet), totals. */
export interface PrintCard {
  round: number;
  table: number;
  /** the label the table shows (its placard), printed as its number */
  label: string;
  hubTable: string | null;
  seats: (PrintSeat & { marks: string[]; total: number | null })[];
  /** the scoring settings in force, one line each */
  scoring: readonly string[];
}

/**
 * A table's score card sheet (000: East keeps it; every player initials it, East↔West and
 * South↔North verify): the games' marks as the hub has them (blank boxes where none yet), a box for
 * the verification and the initials.
 */
export function scoreCardSheet(tournament: string, card: PrintCard, games: number): string {
  const head = Array.from({ length: games }, (_, i) => `<th class="num">Game ${i + 1}</th>`).join('');
  const rows = card.seats
    .map(
      (s) =>
        `<tr><td>${escapeHtml(s.seat)}</td><td>${escapeHtml(s.name)}</td>${Array.from({ length: games }, (_, i) => `<td class="num box">${escapeHtml(s.marks[i] ?? '')}</td>`).join('')}<td class="num">${s.total ?? ''}</td><td></td><td></td></tr>`,
    )
    .join('');
  return printPage(
    `${tournament}: round ${card.round} table ${card.label} score card`,
    `<h1>${escapeHtml(tournament)}: score card</h1><p>Round ${card.round} · Table ${escapeHtml(card.label)}${card.hubTable ? ` (${escapeHtml(card.hubTable)})` : ''}</p>
<table><tr><th>Seat</th><th>Player</th>${head}<th class="num">Total</th><th>Verified</th><th>Initials</th></tr>${rows}</table>
<p class="small">East keeps the card. Each player checks the score of the player across (East↔West, South↔North) and initials it; a card not initialed by every player is not accepted (000).</p>
<h2>Scoring</h2>${card.scoring.map((l) => `<p class="small">${escapeHtml(l)}</p>`).join('')}`,
  );
}

/**
 * A table's claim sheet: the URL of the table's claim page and its QR code, no player code (each
 * player's own code is given to them personally).
 * @param label the label the table shows (its placard, e.g. "12"; default its number)
 * @param url `<public url>/claim/<tableId>`
 * @param qrSvg the URL's QR code as SVG
 */
export function claimSheet(tournament: string, label: string, hubTable: string, url: string, qrSvg: string): string {
  return printPage(
    `${tournament}: table ${label} claim sheet`,
    `<h1>${escapeHtml(tournament)}: table ${escapeHtml(label)}</h1><p>Scan to open this table's claim page (${escapeHtml(hubTable)}), then enter your own player code.</p>
<div class="qr" data-qr>${qrSvg}</div><p class="url" data-url>${escapeHtml(url)}</p>`,
  );
}

/** The standings sheet: rank, player, game points, penalties, total (which ranks), prize, marks. */
export function standingsSheet(tournament: string, rows: readonly (EventStanding & { name: string })[], scoring: readonly string[]): string {
  const body = rows
    .map(
      (r) =>
        `<tr><td class="num">${r.rank}</td><td>${escapeHtml(r.name)}</td><td class="num">${r.gamePoints}</td><td class="num">${r.penalties}</td><td class="num"><b>${r.points}</b></td><td class="num">${r.prize}</td><td>${escapeHtml(standingMarks(r))}</td></tr>`,
    )
    .join('');
  return printPage(
    `${tournament}: standings`,
    `<h1>${escapeHtml(tournament)}: standings</h1><p>Ranked by the total: game points + penalties. Tied players share the rank and the prize.</p>
<table><tr><th class="num">Rank</th><th>Player</th><th class="num">Game points</th><th class="num">Penalties</th><th class="num">Total</th><th class="num">Prize</th><th></th></tr>${body}</table>
<h2>Scoring</h2>${scoring.map((l) => `<p class="small">${escapeHtml(l)}</p>`).join('')}`,
  );
}

/** What a player's personal card shows. */
export interface PlayerCardData {
  player: string;
  name: string;
  /** each round: where the player sat and their points there (null: not on a complete card yet) */
  rounds: { round: number; table: number | null; seat: string | null; points: number | null; note: string }[];
  penalties: readonly LoggedPenalty[];
  inGames: readonly GamePenaltyEntry[];
  standing: EventStanding | null;
}

/** A player's personal card: their seat and points each round, their penalties, game points, penalties, total, rank. */
export function playerCardSheet(tournament: string, p: PlayerCardData): string {
  const rounds = p.rounds
    .map(
      (r) =>
        `<tr><td class="num">${r.round}</td><td class="num">${r.table ?? ''}</td><td>${escapeHtml(r.seat ?? '')}</td><td class="num">${r.points ?? ''}</td><td>${escapeHtml(r.note)}</td></tr>`,
    )
    .join('');
  const pen = [
    ...p.penalties.map((x) => `<tr><td class="num">${x.round ?? ''}</td><td>${escapeHtml(x.kind)}</td><td class="num">${x.points}</td><td>${escapeHtml(x.reason)}</td></tr>`),
    ...p.inGames.map((x) => `<tr><td class="num">${x.round}</td><td>stolen tile (table ${x.table}, game ${x.game})</td><td class="num">${x.points}</td><td>${escapeHtml(x.reason)}</td></tr>`),
  ].join('');
  const s = p.standing;
  return printPage(
    `${tournament}: ${p.name}`,
    `<h1>${escapeHtml(p.name)}</h1><p>${escapeHtml(tournament)} · player ${escapeHtml(p.player)}${s?.withdrawn ? ' · withdrawn' : ''}</p>
<table><tr><th class="num">Round</th><th class="num">Table</th><th>Seat</th><th class="num">Points</th><th></th></tr>${rounds}</table>
<h2>Penalties</h2>${pen ? `<table><tr><th class="num">Round</th><th>Kind</th><th class="num">Points</th><th>Reason</th></tr>${pen}</table>` : '<p>None.</p>'}
${s ? `<h2>Standing</h2><p data-standing>Game points ${s.gamePoints} · penalties ${s.penalties} · total ${s.points} · rank ${s.rank}</p>` : ''}`,
  );
}
