// docs/decisions/README.md, generated from the decisions themselves: one line per decision with
// its status as the decision states it, and the later decisions whose status names it (those
// that amend, replace or supersede part of it), so a reader knows which ones still hold.
//   node scripts/decisions-index.mjs          rewrites docs/decisions/README.md
//   node scripts/decisions-index.mjs --check  fails when it does not match the decisions (lint)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const DIR = new URL('../docs/decisions/', import.meta.url).pathname;
const INDEX = join(DIR, 'README.md');

/** Title, status paragraph and the forward notes (`> ...` lines) of one decision file. */
function read(file) {
  const lines = readFileSync(join(DIR, file), 'utf8').split('\n');
  const number = file.slice(0, 3);
  const title = (lines.find((l) => l.startsWith('# ')) ?? file)
    .replace(/^#\s+/, '')
    .replace(/^\d{3}\s+/, '');
  const start = lines.findIndex((l) => l.startsWith('Date:'));
  const status = [];
  for (let i = start; i >= 0 && i < lines.length && lines[i].trim() !== ''; i++)
    status.push(lines[i].trim());
  const notes = lines.filter((l) => l.startsWith('> ')).map((l) => l.slice(2).trim());
  const header = status
    .join(' ')
    .replace(/^Date:\s*[\d-]+\s*·\s*/, '')
    .replace(/^Status:\s*/, '');
  return { number, file, title, status: header, notes: notes.join(' ') };
}

const decisions = readdirSync(DIR)
  .filter((f) => /^\d{3}-.+\.md$/.test(f))
  .sort()
  .map(read);

/** Later decisions whose status paragraph names this one's number. */
const laterNaming = (d) =>
  decisions
    .filter((l) => l.number > d.number && new RegExp(`\\b${d.number}\\b`).test(l.status))
    .map((l) => `[${l.number}](${l.file})`);

const cell = (text) => text.replaceAll('|', '\\|');
const rows = decisions.map((d) => {
  const later = laterNaming(d);
  return `| [${d.number}](${d.file}) | ${cell(d.title)} | ${cell(d.status)} | ${later.join(', ') || '-'} |`;
});

const text = `# Decisions

One file per contested choice: its context, what was decided and what follows from it, with its
date and status. A decision that changes part of an earlier one says so in its status line, and
the earlier one points forward at its top. This index is generated from the files
(\`node scripts/decisions-index.mjs\`; \`npm run lint\` fails when it is stale).

To add one: copy the shape of a recent file (\`# NNN Title\`, then \`Date: YYYY-MM-DD · Status:
accepted\`, naming in that line any decision it amends, replaces or supersedes), add a forward
line at the top of each decision it changes, and run the script.

"Changed later by" lists the later decisions whose status names this one: read those parts there.

| # | Decision | Status | Changed later by |
|---|---|---|---|
${rows.join('\n')}
`;

if (process.argv.includes('--check')) {
  const current = readFileSync(INDEX, 'utf8');
  if (current !== text) {
    console.error('docs/decisions/README.md is stale: run node scripts/decisions-index.mjs');
    process.exit(1);
  }
  console.log(`docs/decisions/README.md matches the ${decisions.length} decisions`);
} else {
  writeFileSync(INDEX, text);
  console.log(`docs/decisions/README.md: ${decisions.length} decisions`);
}
