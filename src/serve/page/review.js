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
  $('board-box').innerHTML = reviewSvg;
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
  if (current && reviewPly !== null) current.scrollIntoView({ block: 'nearest' });
  const note = $('review-note');
  note.hidden = reviewPly === null;
  if (reviewPly !== null) {
    note.textContent = reviewPly === 0
      ? `The start (of ${game.moves.length} moves). End returns to the game.`
      : `After move ${reviewPly} of ${game.moves.length}. End returns to the game.`;
  }
  drawControls();
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
    markCurrentMove();
  } catch (e) { reviewAsked = null; say(e.message); }
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

document.addEventListener('keydown', (event) => {
  if (!game || $('play').hidden) return;
  const tag = (event.target.tagName || '').toLowerCase();
  if (tag === 'input' || tag === 'select' || tag === 'textarea') return;
  const at = reviewAsked !== null ? reviewAsked : reviewPly === null ? game.moves.length : reviewPly;
  const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: game.moves.length }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  reviewAt(to);
});
