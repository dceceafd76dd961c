import { readFileSync } from 'node:fs';
import { loadCard } from '../../rules/card/parse.ts';
import { playGame, describeEnd } from '../../hub/simulator/game.ts';
const cfg = JSON.parse(readFileSync('/work/main/hub/config/tables/siamese-demo.json','utf8'));
const table = cfg.tables[0];
const cards = ['sample-standard','sample-siamese'].map(id => loadCard(readFileSync(`/work/main/rules/cards/${id}.card`,'utf8'), {id}));
let mj=0, two=0, exp=0; const t0=Date.now();
const N = Number(process.argv[2] ?? 20);
for (let seed=1; seed<=N; seed++) {
  const g = playGame({seed, cards, table});
  const r = g.record;
  if (r.mahJonggs.length) mj++;
  if (r.end.reason==='two-mahjonggs') two++;
  const ne = r.events.filter(e=>e.type==='exposure').length;
  if (ne) exp++;
  console.log(seed, g.steps.length, r.events.filter(e=>e.type==='pick').length, 'exp', ne, describeEnd(r));
}
console.log({mj, two, exp, ms: Date.now()-t0});
