import { loadHubConfig } from '../config/load.js';
import { playGame } from './game.js';
const [l] = loadHubConfig('hub/config/tables/siamese-demo.json');
const found: number[] = [];
for (let s = 51; s <= 250 && found.length < 3; s++) {
  const r = playGame({ seed: s, cards: l!.cards, table: l!.table }).record;
  if (r.end.reason === 'wall-game') found.push(s);
}
console.log('wall games', found);
