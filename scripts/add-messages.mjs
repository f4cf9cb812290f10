// Merges a JSON file of new English messages into locales/en.json (new keys at the end,
// existing keys replaced). Used while building screens: node scripts/add-messages.mjs FILE
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2];
if (file === undefined) {
  console.error('usage: node scripts/add-messages.mjs FILE.json');
  process.exit(2);
}
const target = new URL('../locales/en.json', import.meta.url);
const en = JSON.parse(readFileSync(target, 'utf8'));
const add = JSON.parse(readFileSync(file, 'utf8'));
let added = 0;
for (const [key, value] of Object.entries(add)) {
  if (typeof value !== 'string') throw new Error(`${key}: not a string`);
  if (!(key in en)) added += 1;
  en[key] = value;
}
writeFileSync(target, `${JSON.stringify(en, null, 2)}\n`);
console.log(
  `${added} new, ${Object.keys(add).length - added} replaced; en.json has ${Object.keys(en).length}`,
);
