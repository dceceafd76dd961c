/**
 * The tournament model (000; Royale Siamese tables: 003 rule 17): seating and movement, the round clock, the table score card,
 * the standings with shared prizes, and the replayable game record. Pure: no Node, no DOM.
 */
export * from './errors.js';
export * from './seating.js';
export * from './clock.js';
export * from './scorecard.js';
export * from './siamese-card.js';
export * from './cards.js';
export * from './standings.js';
export * from './record.js';
export * from './round.js';
export * from './penalties.js';
export { MAX_GAME_POINTS, checkGamePoints, checkCorrectable } from './card-checks.js';
export * from './roster.js';
