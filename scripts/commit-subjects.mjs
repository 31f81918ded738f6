// Commit subjects say what changed in at most 72 characters (CONTRIBUTING.md): `git log
// --oneline` stays readable. Reads every commit after SINCE (the commit that added this check;
// older subjects are history) up to HEAD, and fails naming each longer subject.
//   node scripts/commit-subjects.mjs
import { execFileSync } from 'node:child_process';

const SINCE = process.env.COMMIT_SUBJECTS_SINCE ?? '7916c1f1826d55aadfa8691fa61f97e567158151';
const LIMIT = 72;

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();

let range;
try {
  execFileSync('git', ['cat-file', '-e', `${SINCE}^{commit}`], { stdio: 'ignore' });
  range = `${SINCE}..HEAD`;
} catch {
  // A shallow clone without that commit, or a tree outside git: nothing to read here.
  console.log(`commit subjects: ${SINCE.slice(0, 12)} is not in this history; not checked`);
  process.exit(0);
}
const long = git('log', '--format=%h %s', range)
  .split('\n')
  .filter(Boolean)
  .filter((line) => line.length - line.indexOf(' ') - 1 > LIMIT);
if (long.length > 0) {
  console.error(`commit subjects over ${LIMIT} characters (put the why in the body):`);
  for (const line of long) console.error(`  ${line}`);
  process.exit(1);
}
console.log(
  `commit subjects: every one since ${SINCE.slice(0, 12)} is at most ${LIMIT} characters`,
);
