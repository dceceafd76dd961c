import { fileURLToPath } from 'node:url';
/** The demo Siamese table config, by absolute path (tests run from any folder). */
export const ROOT_CONFIG = fileURLToPath(new URL('../config/tables/siamese-demo.json', import.meta.url));
