/**
 * Where the hub serves a game record (rules/GAME-RECORD.md): the director's route
 * `GET /api/director/tables/:id/games/:gameNo/record` (hub/api/server.ts), and the file name a download takes.
 */

/** The route of game `gameNo` (1-based) of table `tableId`, e.g. `/api/director/tables/t1/games/3/record`. */
export function gameRecordPath(tableId: string, gameNo: number): string {
  return `/api/director/tables/${encodeURIComponent(tableId)}/games/${gameNo}/record`;
}

/** The file name of that record's download, e.g. `t1-game-3.jsonl`. */
export function gameRecordFileName(tableId: string, gameNo: number): string {
  return `${tableId}-game-${gameNo}.jsonl`;
}

/** The route of the capture of game `gameNo` (firmware-protocol/CAPTURE.md), e.g. `/api/director/tables/t1/games/3/capture`. */
export function gameCapturePath(tableId: string, gameNo: number): string {
  return `/api/director/tables/${encodeURIComponent(tableId)}/games/${gameNo}/capture`;
}

/** The file name of that capture's download, e.g. `t1-game-3.capture.jsonl`. */
export function gameCaptureFileName(tableId: string, gameNo: number): string {
  return `${tableId}-game-${gameNo}.capture.jsonl`;
}

/** The route of the replay of game `gameNo` (docs/replay.md), e.g. `/api/tables/t1/games/3/replay`. */
export function gameReplayPath(tableId: string, gameNo: number): string {
  return `/api/tables/${encodeURIComponent(tableId)}/games/${gameNo}/replay`;
}
