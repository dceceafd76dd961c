import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { doneCard } from '../../rules/tournament/fixtures.test-helpers.js';
import { parseJsonLines, replayGameRecord } from '../../rules/tournament/record.js';
import { eventStandings } from '../../rules/tournament/penalties.js';
import { csvField, gameRecordJsonLines, guardFormula, standingsCsv, standingsJson, toCsv } from './export.js';

/** A strict RFC 4180 reader, for the tests only. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quote');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
          } else {
            i++;
            break;
          }
        } else field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r') {
        if (text[i] === '"' || text[i] === '\n') throw new Error(`bare ${JSON.stringify(text[i])} at ${i}`);
        field += text[i++];
      }
    }
    row.push(field);
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text.slice(i, i + 2) !== '\r\n') throw new Error(`expected CRLF at ${i}`);
    i += 2;
    rows.push(row);
    row = [];
    if (i === text.length) return rows;
  }
}

const wall = { winner: null, wallGame: true };
const sp = (winner: number, value: number) => ({ winner, value, selfPicked: true });
// Ann 60, Bea 45, Cat 45, Dot 10 (see rules/tournament/standings.test.ts)
const card = doneCard(1, 1, ['p1', 'p2', 'p3', 'p4'], [sp(0, 40), sp(1, 25), sp(2, 25), wall]);
// and Dot late to the table: −5, total 10 − 5 = 5
const rows = eventStandings([card], [100, 60, 41], [], [{ player: 'p4', round: 1, kind: 'late', points: -5, reason: 'late', director: 'Dora' }]);
const names = { p1: 'Lee, Ann', p2: 'Bea "Lucky" Ross', p3: '=HYPERLINK("x")', p4: 'Dot\nSmith' };

describe('tournament exports', () => {
  it('CSV field quoting after RFC 4180', () => {
    expect(csvField('Ann')).toBe('Ann');
    expect(csvField('Lee, Ann')).toBe('"Lee, Ann"');
    expect(csvField('Ann "Lucky" Lee')).toBe('"Ann ""Lucky"" Lee"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField('')).toBe('');
    expect(csvField(-10)).toBe('-10');
    expect(guardFormula('=1+1')).toBe("'=1+1");
    expect(guardFormula('Ann')).toBe('Ann');
  });

  it('standings CSV: header, CRLF, quoted names, shared prize 50.5, formulas guarded', () => {
    expect(standingsCsv(rows, { names })).toBe(
      'rank,player,name,game points,penalties,points,prize,marks\r\n' +
        '1,p1,"Lee, Ann",60,0,60,100,\r\n' +
        '2,p2,"Bea ""Lucky"" Ross",45,0,45,50.5,\r\n' +
        '2,p3,"\'=HYPERLINK(""x"")",45,0,45,50.5,\r\n' +
        '4,p4,"Dot\nSmith",10,-5,5,0,\r\n',
    );
    expect(parseCsv(standingsCsv(rows, { names }))[3]).toEqual(['2', 'p3', '\'=HYPERLINK("x")', '45', '0', '45', '50.5', '']);
    expect(parseCsv(standingsCsv(rows, { names, guardFormulas: false }))[3]![2]).toBe('=HYPERLINK("x")');
    expect(standingsCsv(rows).split('\r\n')[1]).toBe('1,p1,p1,60,0,60,100,');
  });

  it('any text survives a CSV round trip (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (table) => {
        expect(parseCsv(toCsv(table))).toEqual(table);
      }),
    );
  });

  it('standings JSON', () => {
    expect(JSON.parse(standingsJson('Spring Open', rows, { names }))).toEqual({
      format: 'mjhub.tournament-standings/1',
      tournament: 'Spring Open',
      rankedBy: 'points',
      standings: [
        { rank: 1, player: 'p1', name: 'Lee, Ann', gamePoints: 60, penalties: 0, points: 60, prize: 100, byes: [], withdrawn: false },
        { rank: 2, player: 'p2', name: 'Bea "Lucky" Ross', gamePoints: 45, penalties: 0, points: 45, prize: 50.5, byes: [], withdrawn: false },
        { rank: 2, player: 'p3', name: '=HYPERLINK("x")', gamePoints: 45, penalties: 0, points: 45, prize: 50.5, byes: [], withdrawn: false },
        { rank: 4, player: 'p4', name: 'Dot\nSmith', gamePoints: 10, penalties: -5, points: 5, prize: 0, byes: [], withdrawn: false },
      ],
    });
    expect(standingsJson('x', []).endsWith('\n')).toBe(true);
  });

  it('game record JSON lines replay to the card points', () => {
    const text = gameRecordJsonLines([card]);
    expect(text.trimEnd().split('\n')).toHaveLength(4);
    const recs = parseJsonLines(text);
    expect(recs.map((r) => replayGameRecord(r).points)).toEqual([
      [50, 0, 0, 0],
      [0, 35, 0, 0],
      [0, 0, 35, 0],
      [10, 10, 10, 10],
    ]);
    expect(recs.every((r) => replayGameRecord(r).agrees)).toBe(true);
  });

  it('links each game taken from a hub table to its game record; a game without one has no link, and the lines still replay', () => {
    const text = gameRecordJsonLines([card], (round, table, game) => (game === 3 ? undefined : `/api/director/tables/t${table}/games/${round * 10 + game}/record`));
    const lines = text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { hubRecord?: string });
    expect(lines.map((l) => l.hubRecord ?? null)).toEqual([
      `/api/director/tables/t${card.table}/games/11/record`,
      `/api/director/tables/t${card.table}/games/12/record`,
      null,
      `/api/director/tables/t${card.table}/games/14/record`,
    ]);
    expect(parseJsonLines(text).every((r) => replayGameRecord(r).agrees)).toBe(true);
  });
});
