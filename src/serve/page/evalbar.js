// The evaluation bar, as the board is turned: its lower part is the share of the seat at the
// bottom of the board, in that seat's colour; the upper part the other seat's. Tafl's attackers
// and Sceptre's black are the dark pieces; in the chess family white is light.
'use strict';

const BAR_LIGHT = '#f5f5f0';
const BAR_DARK = '#262626';

// The colour of each of a two-seat game's seats, in seat order.
function seatColours(variant) {
  return variant === 'tafl' || variant === 'sceptre1027' ? [BAR_DARK, BAR_LIGHT] : [BAR_LIGHT, BAR_DARK];
}

// The seat whose side is at the bottom of the board as turned now (two seats: one turned half
// way round has the second at the bottom).
function bottomSeat() { return turn === 2 ? 1 : 0; }

function drawEvalBar(search) {
  const bar = $('evalbar');
  const first = search && search.lines[0];
  if (!game || !first || game.seats.length !== 2) { bar.classList.add('hidden'); return; }
  const seat = bottomSeat();
  // Scores are from the view of the seat to move when the search started.
  const own = search.seat === seat;
  const score = own ? scoreOf(first) : -scoreOf(first);
  const share = 50 + 50 * Math.tanh(score / 600);
  const colours = seatColours(game.variant);
  const fill = $('evalfill');
  fill.style.height = share.toFixed(1) + '%';
  fill.style.background = colours[seat];
  bar.style.background = colours[1 - seat];
  bar.dataset.bottomSeat = seat;
  bar.dataset.share = share.toFixed(1);
  bar.title = `${capitalised(game.seats[seat].name)}: ${own ? first.score : flipScore(first.score)}`;
  bar.classList.remove('hidden');
}
