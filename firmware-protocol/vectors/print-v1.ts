/**
 * Prints the version 1 test vectors as JSON on standard output:
 *   npx tsx firmware-protocol/vectors/print-v1.ts > firmware-protocol/vectors/v1.json
 */
import { buildVectorsV1 } from './build-v1.js';

console.log(JSON.stringify(buildVectorsV1(), null, 2));
