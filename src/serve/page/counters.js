// What each side has lost, read from the view's position string: the chess family shows the
// pieces each side has taken and the material difference, tafl the pieces each side has left,
// Sceptre each colour's pool (captured pieces, which its pawns take back when they promote).
// Chess 40k: a zealot that blew itself up (and its own pieces beside it) is its owner's loss,
// listed on the owner's line, not among what the other side has taken.
'use strict';

// The taken pieces in their owner's colour: white takes black's pieces, black white's.
const TAKEN_GLYPHS = [
  { p: '♟', n: '♞', b: '♝', r: '♜', q: '♛', z: 'Z' },
  { p: '♙', n: '♘', b: '♗', r: '♖', q: '♕', z: 'Z' },
];
// Pawn 1 … queen 9; Chess 40k's zealot 4 (its own scale: src/games/chess/weights.rs).
const PIECE_POINTS = { p: 1, n: 3, b: 3, r: 5, q: 9, z: 4 };

function boardCounts(board) {
  const counts = {};
  for (const ch of board) if (/[a-z]/i.test(ch)) counts[ch] = (counts[ch] || 0) + 1;
  return counts;
}

function counterRow(seat, text, data) {
  const row = document.createElement('div');
  row.className = 'counter';
  row.dataset.seat = seat;
  for (const [k, v] of Object.entries(data || {})) row.dataset[k] = v;
  row.textContent = text;
  row.title = text;  // one line, cut when longer: whole on hover (and on a tap, whole_line.js)
  return row;
}

// The taken pieces as runs of one kind each, drawn close together (as a game site stacks
// them): the whole list of a side that has taken all fifteen fits a phone's line, where the
// glyphs one by one were cut short. The text stays the glyphs themselves.
function takenRuns(glyphs) {
  const runs = [];
  for (const g of glyphs) {
    const last = runs[runs.length - 1];
    if (last && last.textContent.endsWith(g)) last.textContent += g;
    else {
      const run = document.createElement('span');
      run.className = 'taken-run';
      run.textContent = g;
      runs.push(run);
    }
  }
  return runs;
}

// Per side, the opponent's pieces missing since the start. A pawn that promoted is not missing
// but changed: each piece beyond its starting count (a second queen) stands for one promoted
// pawn, so that many missing pawns are not counted as taken. The points difference counts the
// promoted piece.
function chessCounters(view) {
  const now = boardCounts(view.position.split(' ')[0]);
  const start = boardCounts(view.start.split(' ')[0]);
  let points = 0;
  for (const [letter, n] of Object.entries(now)) {
    const p = PIECE_POINTS[letter.toLowerCase()] || 0;
    points += letter === letter.toUpperCase() ? p * n : -p * n;
  }
  return [0, 1].map((seat) => {
    // White takes black's (lower-case) pieces; black takes white's.
    const theirs = (letter) => (seat === 0 ? letter : letter.toUpperCase());
    let promoted = 0;
    for (const letter of 'qrbnz') promoted += Math.max(0, (now[theirs(letter)] || 0) - (start[theirs(letter)] || 0));
    // Chess 40k: the other side's pieces its own self-destructs blew up are its loss, not taken.
    const theirBlasts = lettersCounted((view.self_destructed || [])[1 - seat] || '');
    let taken = '';
    for (const letter of 'qrbnzp') {
      let missing = Math.max(0, (start[theirs(letter)] || 0) - (now[theirs(letter)] || 0));
      if (letter === 'p') missing = Math.max(0, missing - promoted);
      missing = Math.max(0, missing - (theirBlasts[theirs(letter)] || 0));
      taken += letter.repeat(missing);
    }
    const lead = seat === 0 ? points : -points;
    const glyphs = [...taken].map((l) => TAKEN_GLYPHS[seat][l]).join('');
    const blasted = ownBlastLosses(view, seat);
    const lost = blasted ? `; lost to self-destruction ${[...blasted].map((l) => TAKEN_GLYPHS[1 - seat][l]).join('')}` : '';
    const head = `${capitalised(view.seats[seat].name)} has taken `;
    const tail = `${lead > 0 ? `  +${lead}` : ''}${lost}`;
    const row = counterRow(seat, `${head}${glyphs || 'nothing'}${tail}`, { taken, lead, blasted });
    if (glyphs) row.replaceChildren(head, ...takenRuns([...glyphs]), tail);
    return row;
  });
}

function lettersCounted(letters) {
  const counts = {};
  for (const l of letters) counts[l] = (counts[l] || 0) + 1;
  return counts;
}

// A seat's own pieces its self-destructs blew up (the server's `self_destructed`), lower case,
// the most valuable first.
function ownBlastLosses(view, seat) {
  const counts = lettersCounted(((view.self_destructed || [])[seat] || '').toLowerCase());
  let out = '';
  for (const letter of 'qrbnzp') out += letter.repeat(counts[letter] || 0);
  return out;
}

// Tafl: the pieces each side has left ("Attackers 24 · Defenders 12 and the king").
function taflCounters(view) {
  const now = boardCounts(view.position.split(' ')[0]);
  const attackers = now.a || 0, defenders = now.d || 0, king = (now.k || 0) > 0;
  return [
    counterRow(0, `${capitalised(view.seats[0].name)} ${attackers}`, { count: attackers }),
    counterRow(1, `${capitalised(view.seats[1].name)} ${defenders}${king ? ' and the king' : ''}`, { count: defenders }),
  ];
}

// Sceptre: the pools field of the position string (`b:QNP,w:R`, protocol.md).
function sceptrePools(view) {
  const pools = {};
  const field = view.position.split(' ')[6] || '-';
  if (field !== '-') for (const entry of field.split(',')) { const [c, letters] = entry.split(':'); pools[c] = letters || ''; }
  return view.seats.map((s, seat) => {
    const letters = pools[s.name.charAt(0)] || '';
    const names = [...letters].map((l) => PIECE_NAMES[l] || l).join(', ');
    const text = `${capitalised(s.name)}'s pool: ${names || 'empty'}`;
    return counterRow(seat, text, { pool: letters });
  });
}

function drawCounters(view) {
  const box = $('counters');
  box.textContent = '';
  let rows = [];
  if (CHESS_FAMILY.includes(view.variant)) rows = chessCounters(view);
  else if (view.variant === 'tafl') rows = taflCounters(view);
  else if (view.variant === 'sceptre1027') rows = sceptrePools(view);
  box.append(...rows);
  box.hidden = rows.length === 0;
}

renderHooks.push(drawCounters);
