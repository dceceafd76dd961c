/**
 * The 4-player referee moved into the one engine (docs/one-engine.md stage 3): its handlers are
 * rules/variants/standard/play.ts, its old shape for the hub rules/variants/standard/referee.ts.
 * This re-export goes when its importers have moved (stage 3b (iv)).
 */
export * from '../variants/standard/referee.js';
