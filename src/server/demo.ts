/**
 * `GET /demo`: a minimal page showing what a frontend does with the API — today's Numbridge board
 * and Murder case drawn by the server (`/puzzles/:id/picture.svg`), and a hint for each from the
 * empty position. One static page, no build step, no outside resources.
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
<section id="numbridge"><h2>Numbridge</h2><div class="board"></div><button>Hint</button><p class="hint" id="hint-numbridge"></p></section>
<section id="murder"><h2>Sudoku Murder</h2><div class="board"></div><button>Hint</button><p class="hint" id="hint-murder"></p></section>
<script type="module">
const status = document.getElementById('status');
async function json(url, init) {
  const response = await fetch(url, init);
  const body = await response.json();
  if (!response.ok) throw new Error(body.error ?? response.statusText);
  return body;
}
async function show(kind, entry, emptyPosition) {
  const section = document.getElementById(kind);
  const img = document.createElement('img');
  img.alt = entry.summary;
  img.src = '/puzzles/' + encodeURIComponent(entry.id) + '/picture.svg';
  section.querySelector('.board').append(img);
  const hint = document.getElementById('hint-' + kind);
  const ask = async () => {
    try {
      const answer = await json('/puzzles/' + encodeURIComponent(entry.id) + '/hint', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(emptyPosition),
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
  const numbridge = daily.index.puzzles.find((p) => p.kind === 'numbridge');
  const murder = daily.index.puzzles.find((p) => p.kind === 'murder');
  await Promise.all([numbridge && show('numbridge', numbridge, { cells: [] }), murder && show('murder', murder, { positions: {} })]);
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
