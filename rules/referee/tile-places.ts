/**
 * Moved to rules/game/tile-places.ts (docs/one-engine.md, stage 2): this re-export keeps the old
 * path compiling until stage 7 deletes rules/referee/.
 */
export * from '../game/tile-places.js';
