/**
 * Moved to rules/game/places.ts (docs/one-engine.md, stage 2): this re-export keeps the old path
 * compiling until stage 7 deletes rules/referee/.
 */
export { describePlace, ownerOf, samePlace, type Place } from '../game/places.js';
