// Which play controls make sense now. After the end: no take-back, and analysis only of a
// position stepped back to ("Analyse from here", review.js), since the game's own last position
// has nothing left to play. Stop shows while there is something to stop: analysis on, or an
// engine thinking (it then plays the best move it has).
'use strict';

function drawControls() {
  if (!game) return;
  const back = typeof reviewing === 'function' && reviewing();
  const search = game.search;
  const engineThinking = !game.over && !!search && search.kind === 'engine' && search.running;
  $('undo').hidden = game.over;
  $('analyse').textContent = back ? 'Analyse from here' : 'Analyse';
  $('analyse').hidden = game.over && !back;
  $('lines').parentElement.hidden = $('analyse').hidden;
  $('stop').hidden = !(game.analysing || engineThinking);
  const note = $('analyse-note');
  note.hidden = !(game.over && !back && game.moves.length > 0);
  // Short enough for the news box's two lines on a phone, where the longer note ran to three
  // and its end was cut off.
  note.textContent = 'The game is over: click a move (or use the arrow keys) to look back and analyse.';
}

// Analysis of the position shown: the game's, or the one stepped back to.
function analyse() {
  const body = { lines: Number($('lines').value) };
  if (typeof reviewing === 'function' && reviewing()) body.ply = reviewPly;
  call('analysis', body);
}

renderHooks.push(drawControls);
