/**
 * `GET /demo`: a minimal page showing what a frontend does with the API — the first puzzle of each
 * kind in today's set (a Numbridge board and a Murder case in the club's plan) drawn by the server
 * (`/puzzles/:id/picture.svg`), and a hint for each from the empty position `{}`; it counts for
 * play statistics as a frontend would (a random id kept in the browser's local storage, sent as
 * `Puzzlemill-Player` with a view and the hints; stats/README.md). The page knows
 * no kind: a section per kind the daily index names. One static page, no build step, no outside
 * resources.
 */
import type { FastifyPluginAsync } from 'fastify';

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>puzzlemill demo</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem; max-width: 60rem; }
  section { margin-bottom: 2rem; }
  img { max-width: 28rem; border: 1px solid #ccc; }
  .hint { background: #f4f4e8; padding: .5rem 1rem; }
  .error { color: #a00; }
</style>
</head>
<body>
<h1>puzzlemill: today's puzzles</h1>
<p id="status">loading …</p>
<main id="puzzles"></main>
<script type="module">
const status = document.getElementById('status');
// play statistics: a random id this browser keeps (src/server/stats/README.md). getRandomValues,
// not randomUUID, which plain http:// on a LAN address does not have; no storage, no id: the page
// works the same and counts for nothing
function playerId() {
  try {
    let id = localStorage.getItem('puzzlemill-player');
    if (!id) {
      id = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18)))).replace(/[+/=]/g, (c) => ({ '+': '-', '/': '_', '=': '' })[c]);
      localStorage.setItem('puzzlemill-player', id);
    }
    return id;
  } catch {
    return null;
  }
}
const player = playerId();
const playerHeader = player ? { 'puzzlemill-player': player } : {};
async function json(url, init) {
  const response = await fetch(url, init);
  const body = await response.json();
  if (!response.ok) throw new Error(body.error ?? response.statusText);
  return body;
}
/** A section for the first puzzle of one kind: its picture, a hint button and the hint. */
function sectionFor(entry) {
  const section = document.createElement('section');
  section.id = entry.kind;
  const heading = document.createElement('h2');
  heading.textContent = entry.kind + ': ' + entry.summary;
  const board = document.createElement('div');
  board.className = 'board';
  const button = document.createElement('button');
  button.textContent = 'Hint';
  const hint = document.createElement('p');
  hint.className = 'hint';
  hint.id = 'hint-' + entry.kind;
  section.append(heading, board, button, hint);
  document.getElementById('puzzles').append(section);
  return section;
}
async function show(entry) {
  const section = sectionFor(entry);
  const img = document.createElement('img');
  img.alt = entry.summary;
  img.src = '/puzzles/' + encodeURIComponent(entry.id) + '/picture.svg';
  section.querySelector('.board').append(img);
  // a view that is not counted is no reason to show nothing
  if (player) await json('/puzzles/' + encodeURIComponent(entry.id) + '/view', { method: 'POST', headers: playerHeader }).catch(() => undefined);
  const hint = section.querySelector('.hint');
  const ask = async () => {
    try {
      const answer = await json('/puzzles/' + encodeURIComponent(entry.id) + '/hint', {
        method: 'POST', headers: { 'content-type': 'application/json', ...playerHeader }, body: '{}',
      });
      hint.textContent = answer.solved ? 'Solved.' : answer.step ? answer.step.text.en : 'No step found.';
    } catch (e) {
      hint.textContent = e.message;
      hint.className = 'hint error';
    }
  };
  section.querySelector('button').addEventListener('click', ask);
  await ask();
}
try {
  const daily = await json('/daily/today');
  const firstOfKind = daily.index.puzzles.filter((p, i, all) => all.findIndex((q) => q.kind === p.kind) === i);
  await Promise.all(firstOfKind.map(show));
  status.textContent = 'The daily set of ' + daily.date + '.';
} catch (e) {
  status.textContent = e.message;
  status.className = 'error';
}
</script>
</body>
</html>
`;

export const demoRoutes: FastifyPluginAsync = async (app) => {
  app.get('/demo', { schema: { hide: true } }, async (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
};
