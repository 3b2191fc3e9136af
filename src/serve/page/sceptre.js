// Sceptre 1027 A.D. at human speed (docs/rules/sceptre1027.md): "set up for me" (the engine
// places the player's army, which the player may stop or take back), "play for me", the board
// turned to put any seat at the bottom, the boards' edges, withdrawn armies greyed, a line of
// standing for each seat (the zoom for small screens is zoom.js). Everything here reads the game
// view and its position string (protocol.md, "Sceptre position string"); the board is the
// server's SVG.
'use strict';

const SCEPTRE = 'sceptre1027';
const BOARD_SIDE = 8;   // every board of the field is 8x8
const VALUES = { Q: 9, R: 5, B: 3, N: 3, P: 1, K: 0 };
const COLOUR_OF = { b: 'black', w: 'white', r: 'red', g: 'green' };
// Where each seat sits, by the number of players (black always south, then clockwise), and the
// quarter turns (clockwise) that bring that side of the table to the bottom of the board.
const SIDES = { 2: ['south', 'north'], 3: ['south', 'west', 'north'], 4: ['south', 'west', 'north', 'east'] };
const TURN_OF_SIDE = { south: 0, west: 3, north: 2, east: 1 };

let sceptreGameId = null;   // the game the controls were last set up for

function isSceptre(view) { return !!view && view.variant === SCEPTRE; }

function seatSide(view, seat) { return (SIDES[view.seats.length] || SIDES[4])[seat]; }

// ---- the position string -----------------------------------------------------------------

function squareCoords(name) {
  const m = /^([a-z]+)(\d+)$/.exec(name);
  if (!m) return null;
  let file = 0;
  for (const ch of m[1]) file = file * 26 + (ch.charCodeAt(0) - 96);
  return [file - 1, Number(m[2]) - 1];
}

// The fields of a position string that the page needs: pieces, players' states, the kingdoms,
// what is left to place and the pools of captured pieces.
function readSceptre(text) {
  const f = (text || '').split(' ');
  const list = (field) => (field && field !== '-' ? field.split(',') : []);
  const pieces = list(f[1]).map((p) => {
    const m = /^([KQRBNP])([bwrg])([bwrg]?)@([a-z]+\d+)$/.exec(p);
    return m ? { kind: m[1], owner: m[2], colour: m[3] || m[2], square: m[4] } : null;
  }).filter(Boolean);
  const states = {};
  for (const p of list(f[2])) states[p[0]] = p[1] === 'x' ? 'eliminated' : p[1] === '=' ? 'withdrawn' : 'playing';
  const kingdoms = {};
  for (const k of list(f[4])) { const [c, sq] = k.split('@'); kingdoms[c] = sq; }
  const toPlace = {};
  for (const s of list(f[5])) { const [c, letters] = s.split(':'); toPlace[c] = letters || ''; }
  const pools = {};
  for (const s of list(f[6])) { const [c, letters] = s.split(':'); pools[c] = letters || ''; }
  return { pieces, states, kingdoms, toPlace, pools, inSetUp: !!f[5] && f[5] !== '-' };
}

// ---- whose this screen is -------------------------------------------------------------------

// The seat this screen plays: a seat link's own; for the creator's tab the person to move, else
// the first person still playing (as clock.js's actingPath chooses); null for a watcher.
function mySeat(view) {
  if (!creatorTokens(view.id)) return view.you !== null && view.you !== undefined ? view.you : null;
  const person = (s) => !view.seats[s].engine && view.seats[s].state === 'playing' && holdsSeat(view.id, s);
  if (person(view.to_move)) return view.to_move;
  const first = view.seats.findIndex((_, s) => person(s));
  return first < 0 ? null : first;
}

// ---- the board: turned to any seat, the boards' edges, withdrawn armies greyed ------------

function drawBottomChooser(view) {
  let label = $('sceptre-bottom-label');
  if (!label) {
    label = document.createElement('label');
    label.id = 'sceptre-bottom-label';
    label.className = 'inline';
    label.append('Bottom of the board ');
    const select = document.createElement('select');
    select.id = 'sceptre-bottom';
    select.addEventListener('change', () => {
      say('');
      turn = Number(select.value);
      refresh();
    });
    label.appendChild(select);
    $('flip').after(label);
  }
  label.hidden = !isSceptre(view);
  if (!isSceptre(view)) return;
  const select = $('sceptre-bottom');
  const choices = view.seats.map((s, i) => [`${capitalised(s.name)} (${seatSide(view, i)})`, TURN_OF_SIDE[seatSide(view, i)]]);
  // "Flip" can bring a side where nobody sits to the bottom (east, with three players): named
  // as well, so the control never reads blank.
  if (!choices.some(([, t]) => t === turn)) {
    const side = Object.keys(TURN_OF_SIDE).find((s) => TURN_OF_SIDE[s] === turn);
    if (side) choices.push([`${capitalised(side)} (no player)`, turn]);
  }
  // Built again only for another table: a choice being made must not be pulled from under it.
  if ([...select.options].map((o) => o.text).join() !== choices.map(([text]) => text).join()) {
    select.textContent = '';
    for (const [text, t] of choices) select.add(new Option(text, t));
  }
  select.value = String(turn);
}

// Each 8x8 board framed: the boards lie on the grid of the kingdoms' corners.
function drawBoardEdges(svg, position) {
  const board = svg.querySelector('g#board');
  const cells = [...svg.querySelectorAll('rect.cell[data-square]')];
  const corner = Object.values(position.kingdoms).map(squareCoords).find(Boolean);
  if (!board || !cells.length || !corner) return;
  const [ox, oy] = [corner[0] % BOARD_SIDE, corner[1] % BOARD_SIDE];
  const boxes = new Map();
  for (const rect of cells) {
    const at = squareCoords(rect.dataset.square);
    if (!at) continue;
    const key = `${Math.floor((at[0] - ox) / BOARD_SIDE)},${Math.floor((at[1] - oy) / BOARD_SIDE)}`;
    const x = Number(rect.getAttribute('x')), y = Number(rect.getAttribute('y'));
    const w = Number(rect.getAttribute('width')), h = Number(rect.getAttribute('height'));
    const b = boxes.get(key) || { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
    b.x0 = Math.min(b.x0, x); b.y0 = Math.min(b.y0, y);
    b.x1 = Math.max(b.x1, x + w); b.y1 = Math.max(b.y1, y + h);
    boxes.set(key, b);
  }
  // Beneath the last move, the kingdoms' frames and the pieces: right after the squares.
  let after = cells[cells.length - 1];
  for (const b of boxes.values()) {
    const edge = document.createElementNS(SVG_NS, 'rect');
    edge.setAttribute('class', 'board-edge');
    edge.setAttribute('x', b.x0); edge.setAttribute('y', b.y0);
    edge.setAttribute('width', b.x1 - b.x0); edge.setAttribute('height', b.y1 - b.y0);
    edge.setAttribute('fill', 'none');
    edge.setAttribute('stroke', '#2c3440');
    edge.setAttribute('stroke-width', 3);
    edge.setAttribute('pointer-events', 'none');
    after.after(edge);
    after = edge;
  }
}

// A withdrawn player's pieces stay as lifeless obstacles (rules: Withdrawal): greyed out.
function greyWithdrawn(svg, position) {
  const board = svg.querySelector('g#board');
  if (!board) return;
  for (const p of position.pieces) {
    if (position.states[p.owner] !== 'withdrawn') continue;
    const rect = svg.querySelector(`rect.cell[data-square="${p.square}"]`);
    if (!rect) continue;
    const veil = document.createElementNS(SVG_NS, 'rect');
    for (const a of ['x', 'y', 'width', 'height']) veil.setAttribute(a, rect.getAttribute(a));
    veil.setAttribute('class', 'withdrawn-piece');
    veil.setAttribute('fill', '#8a8f96');
    veil.setAttribute('fill-opacity', '0.6');
    veil.setAttribute('pointer-events', 'none');
    const title = document.createElementNS(SVG_NS, 'title');
    title.textContent = `${COLOUR_OF[p.owner]} withdrew: this piece is out of play (anyone may take it)`;
    veil.appendChild(title);
    board.appendChild(veil);
  }
}

// The board's drawing is replaced by every view and every review step: decorate each new one.
function decorateBoard() {
  if (!isSceptre(game)) return;
  const svg = $('board-box').querySelector('svg');
  if (!svg || svg.dataset.decorated) return;
  svg.dataset.decorated = 'yes';
  // A reviewed position is drawn from the review's own svg; its kingdoms are the game's.
  const position = readSceptre(game.position);
  drawBoardEdges(svg, position);
  if (typeof reviewing !== 'function' || !reviewing()) greyWithdrawn(svg, position);
  applyZoom();
}

// ---- set up for me, play for me ---------------------------------------------------------

async function standIn(mode) {
  clearMessages();
  try {
    render(await api('POST', actingPath('stand-in'), { mode }));
  } catch (e) { say(e.message); }
}

function drawStandIn(view) {
  let box = $('stand-in');
  if (!box) {
    box = document.createElement('div');
    box.id = 'stand-in';
    box.className = 'buttons';
    const button = (id, text, mode) => {
      const b = document.createElement('button');
      b.type = 'button'; b.id = id; b.textContent = text;
      // "Set up for me" proposes a set-up the player adjusts first (setup_preview.js).
      b.addEventListener('click', () => (mode === 'setup' ? SetUpPreview.start() : standIn(mode)));
      return b;
    };
    const note = document.createElement('span');
    note.id = 'stand-in-note';
    // In the order that keeps a button in its place when the set-up ends (the engines' moves
    // end it): "Set up for me", gone then, comes last. Above the palette, which comes and goes
    // as the turn passes round the table.
    box.append(button('play-for-me', 'Play for me', 'game'), button('stand-in-stop', 'I will play myself', 'off'),
      button('setup-for-me', 'Set up for me', 'setup'), note);
    $('palette').before(box);
  }
  const seat = isSceptre(view) && !view.over ? mySeat(view) : null;
  box.hidden = seat === null;
  if (seat === null) return;
  const setUp = readSceptre(view.position).inSetUp;
  // "Set up for me" is done once the set-up is.
  const mode = view.seats[seat].stand_in === 'setup' && !setUp ? null : view.seats[seat].stand_in;
  $('setup-for-me').hidden = !setUp || mode !== null;
  $('play-for-me').hidden = mode === 'game';
  $('stand-in-stop').hidden = mode === null;
  $('setup-for-me').title = 'the engine proposes where your pieces go: move any of them, then confirm';
  $('play-for-me').title = 'the engine plays your moves until you press “I will play myself”';
  const name = capitalised(view.seats[seat].name);
  $('stand-in-note').textContent = mode === 'setup'
    ? `The engine places ${name}'s pieces. Take back to change one; “I will play myself” to place the rest.`
    : mode === 'game' ? `The engine plays for ${name}.` : '';
}

// ---- a line of standing for each seat ---------------------------------------------------

// The seat whose resignation (or fallen flag) ended the game: the one still playing that neither
// won nor shares the game. Its line said nothing of it (the result line alone did).
function leftSeat(view) {
  const r = view.over && view.result;
  if (!r || (r.reason !== 'resignation' && r.reason !== 'time')) return null;
  const left = view.seats.findIndex((s, seat) => s.state === 'playing' && seat !== r.winner && !r.drawn.includes(seat));
  return left < 0 ? null : left;
}

function drawStanding(view) {
  let box = $('sceptre-standing');
  if (!box) {
    box = document.createElement('div');
    box.id = 'sceptre-standing';
    $('seat-list').after(box);
  }
  box.hidden = !isSceptre(view);
  $('seat-list').hidden = isSceptre(view);
  if (!isSceptre(view)) return;
  box.textContent = '';
  const position = readSceptre(view.position);
  const me = mySeat(view);
  view.seats.forEach((s, seat) => {
    const colour = 'bwrg'[seat];
    const row = document.createElement('div');
    row.className = 'standing';
    row.dataset.seat = seat;
    row.dataset.state = s.state;
    const swatch = document.createElement('span');
    swatch.className = `standing-swatch standing-${s.name}`;
    const who = document.createElement('b');
    who.textContent = `${capitalised(s.name)} (${seatSide(view, seat)})`;
    const mine = position.pieces.filter((p) => p.owner === colour);
    const material = mine.reduce((sum, p) => sum + VALUES[p.kind], 0);
    const parts = [s.engine ? Foes.seatLabel(s) : (seat === me ? 'you' : 'person')];
    if (s.stand_in === 'game' || (s.stand_in === 'setup' && position.inSetUp)) parts.push(s.stand_in === 'setup' ? 'the engine sets up' : 'the engine plays');
    // The seat that resigned keeps its count beside the word: what it left on the board.
    if (seat === leftSeat(view)) parts.push(view.result.reason === 'time' ? 'ran out of time' : 'resigned');
    if (s.state === 'eliminated') {
      parts.push('eliminated: king taken, army passed to the taker');
    } else if (s.state === 'withdrawn') {
      parts.push(`withdrawn: ${mine.length} ${mine.length === 1 ? 'piece' : 'pieces'} left as obstacles`);
    } else if (position.inSetUp) {
      const left = (position.toPlace[colour] || '').length;
      parts.push(left ? `${left} pieces left to place` : 'all placed');
    } else {
      parts.push(`${mine.length} ${mine.length === 1 ? 'piece' : 'pieces'}, material ${material}`);
    }
    // The pools are shown once, above, by counters.js.
    row.append(swatch, who);
    if (seat === view.to_move && !view.over) {
      row.classList.add('to-move');
      const tag = document.createElement('span');
      tag.className = 'standing-tag';
      tag.textContent = 'to move';  // a placement is its move: "16 pieces left to place" says the rest
      // Next to the name: a line too long for the panel is cut at its end.
      row.append(' ', tag);
    }
    const details = document.createElement('span');
    details.className = 'standing-details';
    details.textContent = parts.join(' · ');
    row.append(details);
    row.title = row.textContent;
    if (s.state !== 'playing' || seat === leftSeat(view)) row.classList.add('out');
    box.appendChild(row);
  });
}

// ---- hooks ----------------------------------------------------------------------------------

renderHooks.push((view) => {
  if (isSceptre(view) && view.id !== sceptreGameId) {
    // A new game on this screen: its own seat at the bottom (a seat link's, or the player's).
    sceptreGameId = view.id;
    const seat = mySeat(view);
    const wanted = seat === null ? view.view_turn : TURN_OF_SIDE[seatSide(view, seat)];
    if (wanted !== turn) { turn = wanted; refresh(); }
  }
  drawBottomChooser(view);
  drawZoom(view);
  drawStandIn(view);
  drawStanding(view);
  decorateBoard();
});

new MutationObserver(decorateBoard).observe($('board-box'), { childList: true });
