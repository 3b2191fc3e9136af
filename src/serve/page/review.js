// Review: click a move in the list, or use the arrow keys (Home and End too), to see the
// position after it (docs/serve-api.md, `review`). The game goes on untouched; End, or the
// last move, returns to it and play resumes from there.
'use strict';

let reviewPly = null;   // the moves played in the position shown; null: the game's position
let reviewSvg = null;
// The ply asked for and not yet shown: a second arrow key pressed before the first's answer
// steps on from there, not again from the ply still on the board.
let reviewAsked = null;
let reviewCheck = null; // the square of a king in check there

function reviewing() { return reviewPly !== null; }

function showReviewBoard() {
  replaceBoard(reviewSvg);
  const svg = $('board-box').querySelector('svg');
  if (svg) {
    svg.removeAttribute('width'); svg.removeAttribute('height');
    // No move is made from an earlier position: say how to get back to the game.
    svg.addEventListener('pointerdown', () => say('This is an earlier position: press End (or click the last move) to play on.'));
  }
  drawCheck(reviewCheck);
}

function markCurrentMove() {
  const at = reviewPly === null ? (game ? game.moves.length : 0) : reviewPly;
  document.querySelectorAll('#moves .move').forEach((m) => {
    m.classList.toggle('current', Number(m.dataset.ply) === at);
  });
  const current = document.querySelector('#moves .move.current');
  if (current && reviewPly !== null) scrollListTo(current);
  const note = $('review-note');
  note.hidden = reviewPly === null;
  if (reviewPly !== null) {
    note.textContent = reviewPly === 0
      ? `The start (of ${game.moves.length} moves). End returns to the game.`
      : `After move ${reviewPly} of ${game.moves.length}. End returns to the game.`;
  }
  drawControls();
  drawSteps();
}

// The move stepped to, brought into the list's own view: scrollIntoView scrolled the page too,
// and a list below the fold carried the board being reviewed off the screen.
function scrollListTo(move) {
  const list = $('moves');
  const box = list.getBoundingClientRect(), at = move.getBoundingClientRect();
  if (at.top < box.top) list.scrollTop -= box.top - at.top;
  else if (at.bottom > box.top + list.clientHeight) list.scrollTop += at.bottom - (box.top + list.clientHeight);
}

async function reviewAt(ply) {
  if (!game) return;
  const n = game.moves.length;
  ply = Math.max(0, Math.min(n, ply));
  if (ply === n) { reviewAsked = null; endReview(); return; }
  reviewAsked = ply;
  const askedTurn = turn;
  try {
    const r = await api('GET', `/api/games/${game.id}/review?ply=${ply}&turn=${askedTurn}`);
    if (reviewAsked !== ply) return;  // a later step was asked for meanwhile
    // The board was turned meanwhile (Flip): this answer is drawn at the old turn; ask again.
    if (askedTurn !== turn) { reviewAt(ply); return; }
    reviewAsked = null;
    reviewPly = r.ply;
    reviewSvg = r.svg;
    reviewCheck = r.check;
    showReviewBoard();
    // The pieces taken (tafl's pieces left, Sceptre's pools) as they stood there, not at the
    // game's end: the lines under the clocks go with the board shown.
    if (typeof drawCounters === 'function') {
      drawCounters({ ...game, position: r.position, self_destructed: r.self_destructed || game.self_destructed });
    }
    drawPositionShown(r);
    markCurrentMove();
  } catch (e) { reviewAsked = null; say(e.message); }
}

// Who is to move, who is out (Sceptre's standing lines, the seat list) and the status, as they
// stood in the position shown: they spoke of the game's last position. Once the game is over the
// status stays hidden (the result stands in its place, and is the game's: it stays).
function drawPositionShown(r) {
  if (!r.seat_states || r.to_move === undefined) return;
  const there = {
    ...game,
    position: r.position,
    to_move: r.to_move,
    over: false,
    seats: game.seats.map((s, i) => ({ ...s, state: r.seat_states[i] || s.state })),
  };
  drawSeatList(there);
  if (typeof drawStanding === 'function') drawStanding(there);
  $('status').textContent = r.status;
}

function endReview() {
  if (reviewPly === null) return;
  reviewPly = null;
  reviewSvg = null;
  if (game) render(game);
}

renderHooks.push((view) => {
  // A take-back behind the reviewed move ends the review; a new move keeps it.
  if (reviewPly !== null && reviewPly >= view.moves.length) { reviewPly = null; reviewSvg = null; }
  // The board was redrawn for the game (a flip, a move): show the reviewed position again.
  if (reviewPly !== null) reviewAt(reviewPly); else markCurrentMove();
});

$('moves').addEventListener('click', (event) => {
  const ply = event.target.dataset ? event.target.dataset.ply : undefined;
  if (ply !== undefined) { clearMessages(); reviewAt(Number(ply)); }
});

// The ply shown, or asked for and not yet shown.
function plyAt() {
  return reviewAsked !== null ? reviewAsked : reviewPly === null ? game.moves.length : reviewPly;
}

// Where each step goes from the ply shown: the keys and the buttons under the board.
function stepTarget(step) {
  const at = plyAt();
  return { start: 0, back: at - 1, forward: at + 1, end: game.moves.length }[step];
}

const STEP_KEYS = { ArrowLeft: 'back', ArrowRight: 'forward', Home: 'start', End: 'end' };

document.addEventListener('keydown', (event) => {
  if (!game || $('play').hidden) return;
  const tag = (event.target.tagName || '').toLowerCase();
  if (tag === 'input' || tag === 'select' || tag === 'textarea') return;
  const step = STEP_KEYS[event.key];
  if (step === undefined) return;
  event.preventDefault();
  reviewAt(stepTarget(step));
});

for (const step of ['start', 'back', 'forward', 'end']) {
  $(`step-${step}`).addEventListener('click', () => { if (game) { clearMessages(); reviewAt(stepTarget(step)); } });
}

// The step buttons that lead somewhere: none before a move; back to the start from an earlier
// position or the game's end; on to the end while a position stepped back to is shown.
function drawSteps() {
  const n = game ? game.moves.length : 0;
  const at = game ? plyAt() : 0;
  $('step-start').disabled = $('step-back').disabled = at === 0;
  $('step-forward').disabled = $('step-end').disabled = at >= n;
}
