// Sceptre 1027 A.D. at human speed (docs/rules/sceptre1027.md): "set up for me" (the engine
// places the player's army, which the player may stop or take back), "play for me", the board
// turned to put any seat at the bottom, the boards' edges, withdrawn armies greyed, a line of
// standing for each seat, and a zoom for small screens. Everything here reads the game view and
// its position string (protocol.md, "Sceptre position string"); the board is the server's SVG.
'use strict';

const SCEPTRE = 'sceptre1027';
const BOARD_SIDE = 8;   // every board of the field is 8x8
const VALUES = { Q: 9, R: 5, B: 3, N: 3, P: 1, K: 0 };
const COLOUR_OF = { b: 'black', w: 'white', r: 'red', g: 'green' };
// Where each seat sits, by the number of players (black always south, then clockwise), and the
// quarter turns (clockwise) that bring that side of the table to the bottom of the board.
const SIDES = { 2: ['south', 'north'], 3: ['south', 'west', 'north'], 4: ['south', 'west', 'north', 'east'] };
const TURN_OF_SIDE = { south: 0, west: 3, north: 2, east: 1 };
const ZOOMS = [1, 1.5, 2, 3];
// A square a finger can tap (about 1 cm), and the size under which the field opens zoomed.
const FINGER_PX = 36;
const SMALL_SQUARE_PX = 20;

let sceptreGameId = null;   // the game the controls were last set up for
let zoomStep = 0;
let fieldOpenedFor = null;  // the game whose field was opened at a size for this screen

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
  const person = (s) => !view.seats[s].engine && view.seats[s].state === 'playing';
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

// ---- zoom: the field larger than the screen, scrolled ----------------------------------------

function drawZoom(view) {
  let box = $('zoom-controls');
  if (!box) {
    box = document.createElement('span');
    box.id = 'zoom-controls';
    box.className = 'inline';
    const button = (id, text, title, step) => {
      const b = document.createElement('button');
      b.type = 'button'; b.id = id; b.textContent = text; b.title = title;
      b.addEventListener('click', () => { zoomStep = Math.max(0, Math.min(ZOOMS.length - 1, zoomStep + step)); applyZoom(true); });
      return b;
    };
    box.append('Zoom ', button('zoom-out', '−', 'smaller board', -1), button('zoom-in', '+', 'larger board (scroll to move about)', 1));
    $('sceptre-bottom-label').after(box);
  }
  box.hidden = !isSceptre(view);
}

// At a zoom above 1 the board is wider than its box, which scrolls; zooming in first shows
// this screen's own kingdom.
function applyZoom(centre) {
  const boxEl = $('board-box');
  const svg = boxEl.querySelector('svg');
  if (svg && isSceptre(game) && fieldOpenedFor !== game.id) {
    const step = openingZoomStep(svg);
    if (step !== undefined) fieldOpenedFor = game.id;
    if (step !== undefined && step !== null) { zoomStep = step; centre = true; }
  }
  const zoom = isSceptre(game) ? ZOOMS[zoomStep] : 1;
  boxEl.classList.toggle('zoomed', zoom > 1);
  if (svg) svg.style.width = `${zoom * 100}%`;
  if ($('zoom-out')) $('zoom-out').disabled = zoomStep === 0;
  if ($('zoom-in')) $('zoom-in').disabled = zoomStep === ZOOMS.length - 1;
  // A board drawn afresh (every view, every step of a review) is narrower for a moment, and the
  // box's scroll went back to the field's corner at each move: it is put back where the player
  // left it (app.js, replaceBoard).
  // A box resized since the place was read (a phone turned as a move came) shows that place.
  if (!centre && zoom > 1 && svg) {
    if (resizedSincePlaceRead(boxEl)) { showFieldPlace(boxEl); return; }
    boxEl.scrollLeft = boardScroll.left;
    boxEl.scrollTop = boardScroll.top;
  }
  if (centre && zoom > 1 && svg) centreOnOwnKingdom(boxEl, svg);
  readFieldPlace();
}

// The field opens at a size a finger can use where a square of the whole field is smaller
// than that (a phone's 24x24 field is 12 px a square, a phone turned shorter still): the
// smallest zoom that makes a square FINGER_PX wide, or the largest. Elsewhere (a desktop) the
// zoom stays as it was (null); undefined while the field is not on the screen to be measured.
function openingZoomStep(svg) {
  svg.style.width = '100%';
  $('board-box').classList.remove('zoomed');
  const cell = svg.querySelector('rect.cell');
  const square = cell ? cell.getBoundingClientRect().width : 0;
  if (!square) return undefined;
  if (square >= SMALL_SQUARE_PX) return null;
  const step = ZOOMS.findIndex((z) => z * square >= FINGER_PX);
  return step < 0 ? ZOOMS.length - 1 : step;
}

// Scrolls the box (only the box: the page stays where it is) to put this screen's own kingdom
// in its middle, or the field's middle for a watcher.
function centreOnOwnKingdom(boxEl, svg) {
  const seat = mySeat(game);
  const position = readSceptre(game.position);
  const colour = seat === null ? null : 'bwrg'[seat];
  const corner = colour && position.kingdoms[colour] ? squareCoords(position.kingdoms[colour]) : null;
  const name = (file, rank) => {
    let letters = '', n = file + 1;
    while (n > 0) { const r = (n - 1) % 26; letters = String.fromCharCode(97 + r) + letters; n = Math.floor((n - 1) / 26); }
    return `${letters}${rank + 1}`;
  };
  const middle = corner ? svg.querySelector(`rect.cell[data-square="${name(corner[0] + 3, corner[1] + 3)}"]`) : null;
  const box = boxEl.getBoundingClientRect();
  const seen = shownHeight(boxEl);
  if (!middle) {
    boxEl.scrollLeft = (boxEl.scrollWidth - boxEl.clientWidth) / 2;
    boxEl.scrollTop = (boxEl.scrollHeight - seen) / 2;
    return;
  }
  // The kingdom's middle is the corner of its four middle squares: the far corner of this one.
  const at = middle.getBoundingClientRect();
  const x = at.left + at.width, y = at.top;
  boxEl.scrollLeft += x - (box.left + boxEl.clientWidth / 2);
  boxEl.scrollTop += y - (box.top + seen / 2);
}

// The height of the box on the screen (a box taller than what is left of the screen below its
// top is seen only that far).
function shownHeight(boxEl) {
  const top = Math.max(0, boxEl.getBoundingClientRect().top);
  return Math.max(1, Math.min(boxEl.clientHeight, window.innerHeight - top));
}

// ---- the place looked at in the zoomed field, kept across a resize ----------------------------
// The box's width follows the screen's, the field's size the box's, while the scroll stays in
// pixels: a resize (a phone turned, a window made smaller) showed another part of the field,
// towards its corner. The middle of what the box shows is kept as shares of the field's size,
// read as the player scrolls (and after each zoom and redraw) while the box keeps its size; when
// the box's size changes at the same zoom, the scroll is set to show that place again.
let fieldPlace = null;   // { x, y }: the middle of the box's view, shares of the field
let fieldLayout = null;  // the box's size and the zoom fieldPlace was read at

// The box's size and the zoom, with the field's size and the scroll there.
function layoutOf(boxEl) {
  return {
    width: boxEl.clientWidth, height: boxEl.clientHeight, step: zoomStep,
    fieldWidth: boxEl.scrollWidth, fieldHeight: boxEl.scrollHeight, left: boxEl.scrollLeft, top: boxEl.scrollTop,
  };
}

// The same box and zoom (the scroll aside).
function sameLayout(a, b) {
  return !!a && !!b && a.width === b.width && a.height === b.height && a.step === b.step;
}

function readFieldPlace() {
  const boxEl = $('board-box');
  placeScroll = null;
  if (!boxEl.classList.contains('zoomed') || !boxEl.scrollWidth) { fieldPlace = null; fieldLayout = null; return; }
  fieldLayout = layoutOf(boxEl);
  fieldPlace = {
    x: (boxEl.scrollLeft + boxEl.clientWidth / 2) / boxEl.scrollWidth,
    y: (boxEl.scrollTop + boxEl.clientHeight / 2) / boxEl.scrollHeight,
  };
}

// Where the page itself last scrolled the box: the scroll event that follows is not the player's.
let placeScroll = null;

function resizedSincePlaceRead(boxEl) {
  return !!fieldPlace && !!fieldLayout && fieldLayout.step === zoomStep && !sameLayout(fieldLayout, layoutOf(boxEl));
}

// Scrolls the box to show fieldPlace in its middle (held at an edge where the new size leaves
// no room): the place stays the one the player chose; only the size is new.
function showFieldPlace(boxEl) {
  // A scroll made in the old size whose event had not come yet (the resize came in the same
  // frame) is the player's last place: read in the old size, unless the new size has held the
  // scroll at its end (then the place read before stands).
  const was = fieldLayout;
  const [left, top] = [boxEl.scrollLeft, boxEl.scrollTop];
  const held = (left > 0 && left >= boxEl.scrollWidth - boxEl.clientWidth)
    || (top > 0 && top >= boxEl.scrollHeight - boxEl.clientHeight);
  if (!placeScroll && !held && (left !== was.left || top !== was.top)) {
    fieldPlace = { x: (left + was.width / 2) / was.fieldWidth, y: (top + was.height / 2) / was.fieldHeight };
  }
  boxEl.scrollLeft = fieldPlace.x * boxEl.scrollWidth - boxEl.clientWidth / 2;
  boxEl.scrollTop = fieldPlace.y * boxEl.scrollHeight - boxEl.clientHeight / 2;
  placeScroll = { left: boxEl.scrollLeft, top: boxEl.scrollTop };
  fieldLayout = layoutOf(boxEl);
}

$('board-box').addEventListener('scroll', () => {
  const boxEl = $('board-box');
  // A scroll that came of a resize not yet answered (the browser keeps the pixels) is not the
  // player's, nor one the page made to show the place: the place stays.
  if (!sameLayout(fieldLayout, layoutOf(boxEl))) return;
  if (placeScroll && Math.abs(boxEl.scrollLeft - placeScroll.left) < 1 && Math.abs(boxEl.scrollTop - placeScroll.top) < 1) return;
  placeScroll = null;
  readFieldPlace();
}, { passive: true });

new ResizeObserver(() => {
  const boxEl = $('board-box');
  if (boxEl.classList.contains('zoomed') && resizedSincePlaceRead(boxEl)) showFieldPlace(boxEl);
}).observe($('board-box'));

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
