// Which play controls make sense now. While people play each other: no analysis (greyed, with
// the reason in the engine's box). After the end: no take-back; Analyse stays, for the
// game's last position if it has a move left (a resignation, a draw, a fallen flag: a player
// who resigned may want to see why; not a mate) or one stepped back to
// ("Analyse from here", review.js). Stop shows while there is something to stop: analysis on, or
// an engine thinking (it then plays the best move it has).
'use strict';

function drawControls() {
  if (!game) return;
  const back = typeof reviewing === 'function' && reviewing();
  const search = game.search;
  const engineThinking = !game.over && !!search && search.kind === 'engine' && search.running;
  $('undo').hidden = game.over;
  $('analyse').textContent = back ? 'Analyse from here' : 'Analyse';
  // The game's last position, once over, only if it has a move left (not after a mate).
  $('analyse').hidden = game.over && !back && game.moves_left === false;
  $('lines').parentElement.hidden = $('analyse').hidden;
  // No engine help in a game between people while it is on (the server refuses it:
  // fair_play.rs): Analyse stays where it is, greyed, and the engine's box says why.
  const closed = !!game.analysis_closed;
  $('analyse').disabled = closed;
  $('lines').disabled = closed;
  $('analyse').title = closed ? capitalised(game.analysis_closed) : '';
  $('search').classList.toggle('analysis-closed', closed);
  $('stop').hidden = !(game.analysing || engineThinking);
  const note = $('analyse-note');
  note.hidden = !(game.over && !back && game.moves.length > 0);
  const analysable = !$('analyse').hidden;
  // Short enough for the news box's two lines on a phone, where the longer note ran to three
  // and its end was cut off.
  note.textContent = analysable
    ? 'Game over: analyse its end, or click a move (or use the arrow keys) to look back.'
    : 'The game is over: click a move (or use the arrow keys) to look back and analyse.';
}

// Analysis of the position shown: the game's, or the one stepped back to. After the end the
// server analyses only a position named by its ply: the last one is named so.
function analyse() {
  const body = { lines: Number($('lines').value) };
  if (typeof reviewing === 'function' && reviewing()) body.ply = reviewPly;
  else if (game.over) body.ply = game.moves.length;
  call('analysis', body);
}

renderHooks.push(drawControls);
