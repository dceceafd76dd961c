/**
 * Prints the version 0 test vectors as JSON on standard output:
 *   npx tsx firmware-protocol/vectors/print.ts > firmware-protocol/vectors/v0.json
 */
import { buildVectors } from './build.js';

console.log(JSON.stringify(buildVectors(), null, 2));
