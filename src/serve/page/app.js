// Regalia's page: sets up a game, draws the board the server sends (an SVG whose squares carry
// `data-square`), turns clicks and drags into legal moves, and polls while the engine thinks.
'use strict';

const $ = (id) => document.getElementById(id);
const SVG_NS = 'http://www.w3.org/2000/svg';
const CHESS_FAMILY = ['chess', 'scepterchess', 'chess40k'];
const PIECE_NAMES = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn', Z: 'zealot' };

let variants = [];
let game = null;        // the last game view from the server
let turn = 0;           // quarter turns of the board
let selected = null;    // the square whose piece is picked up
let placing = null;     // the piece letter picked for a placement
let dragFrom = null;
let pollTimer = null;
let busy = false;

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const text = await response.text();
  let data;
  try { data = JSON.parse(text); } catch (e) { data = { error: text }; }
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function say(text) { $('message').textContent = text || ''; }

// ---- the new-game form -------------------------------------------------------------------

function currentVariant() { return variants.find((v) => v.name === $('variant').value); }

function seatCount(v) {
  if (v.name === 'sceptre1027') {
    const players = document.querySelector('[data-option="SceptrePlayers"]');
    return players ? Number(players.value) : v.seats;
  }
  return v.seats;
}

function drawOptions() {
  const v = currentVariant();
  const box = $('variant-options');
  box.textContent = '';
  for (const option of v.options) {
    const label = document.createElement('label');
    label.textContent = option.name.replace(/^(Sceptre|Tafl)/, '') + ' ';
    const select = document.createElement('select');
    select.dataset.option = option.name;
    for (const choice of option.choices) select.add(new Option(choice, choice));
    if (option.name === 'SceptrePlayers') select.value = '2';
    select.addEventListener('change', drawSeats);
    label.appendChild(select);
    box.appendChild(label);
  }
  drawSeats();
}

function drawSeats() {
  const v = currentVariant();
  const box = $('seats');
  box.querySelectorAll('.seat-row').forEach((row) => row.remove());
  for (let seat = 0; seat < seatCount(v); seat++) {
    const row = document.createElement('div');
    row.className = 'seat-row';
    row.dataset.seat = seat;
    const name = document.createElement('span');
    name.className = 'seat-name';
    name.textContent = v.seat_names[seat] || `seat ${seat}`;
    const kind = document.createElement('select');
    kind.className = 'seat-kind';
    kind.add(new Option('person', 'human'));
    kind.add(new Option('engine', 'engine'));
    kind.value = seat === 0 ? 'human' : 'engine';
    const time = document.createElement('input');
    time.type = 'number'; time.min = 10; time.max = 600000; time.value = 1000;
    time.className = 'seat-time'; time.title = 'engine time per move, milliseconds';
    const depth = document.createElement('input');
    depth.type = 'number'; depth.min = 1; depth.max = 64; depth.placeholder = 'any';
    depth.className = 'seat-depth'; depth.title = 'engine depth (instead of the time)';
    const level = document.createElement('span');
    level.append(' ms a move ', time, ' or depth ', depth);
    const sync = () => { level.hidden = kind.value !== 'engine'; };
    kind.addEventListener('change', sync);
    sync();
    row.append(name, kind, level);
    box.appendChild(row);
  }
}

async function startGame() {
  $('setup-error').textContent = '';
  const v = currentVariant();
  const options = {};
  document.querySelectorAll('[data-option]').forEach((s) => { options[s.dataset.option] = s.value; });
  const seats = [...document.querySelectorAll('.seat-row')].map((row) => {
    const engine = row.querySelector('.seat-kind').value === 'engine';
    const seat = { engine };
    if (engine) {
      const depth = row.querySelector('.seat-depth').value;
      if (depth) seat.depth = Number(depth); else seat.movetime = Number(row.querySelector('.seat-time').value) || 1000;
    }
    return seat;
  });
  const body = { variant: v.name, options, seats };
  const position = $('start-position').value.trim();
  if (position) body.position = position;
  try {
    const view = await api('POST', '/api/games', body);
    turn = view.view_turn;
    history.replaceState(null, '', '#' + view.id);
    showPlay();
    render(view);
  } catch (e) {
    $('setup-error').textContent = e.message;
  }
}

function showPlay() {
  $('setup').hidden = true;
  $('play').hidden = false;
}

function showSetup() {
  $('play').hidden = true;
  $('setup').hidden = false;
  $('resume').hidden = !game;
}

// ---- drawing the game ----------------------------------------------------------------------

function legalFrom(square) { return game ? game.legal.filter((m) => m.from === square) : []; }

function cellRect(square) {
  return document.querySelector(`#board-box rect.cell[data-square="${square}"]`);
}

function mark(square, kind) {
  const rect = cellRect(square);
  const board = document.querySelector('#board-box svg g#board');
  if (!rect || !board) return;
  const x = Number(rect.getAttribute('x')), y = Number(rect.getAttribute('y'));
  const w = Number(rect.getAttribute('width')), h = Number(rect.getAttribute('height'));
  let shape;
  if (kind === 'selected') {
    shape = document.createElementNS(SVG_NS, 'rect');
    shape.setAttribute('x', x + 2); shape.setAttribute('y', y + 2);
    shape.setAttribute('width', w - 4); shape.setAttribute('height', h - 4);
    shape.setAttribute('fill', 'none'); shape.setAttribute('stroke', '#1e824c'); shape.setAttribute('stroke-width', 4);
  } else {
    shape = document.createElementNS(SVG_NS, 'circle');
    shape.setAttribute('cx', x + w / 2); shape.setAttribute('cy', y + h / 2);
    shape.setAttribute('r', kind === 'stay' ? w * 0.42 : w * 0.16);
    shape.setAttribute('fill', kind === 'stay' ? 'none' : '#1e824c');
    shape.setAttribute('fill-opacity', '0.55');
    if (kind === 'stay') { shape.setAttribute('stroke', '#1e824c'); shape.setAttribute('stroke-width', 4); }
  }
  shape.setAttribute('class', 'mark mark-' + kind);
  shape.setAttribute('data-mark', square);
  shape.setAttribute('pointer-events', 'none');
  board.appendChild(shape);
}

function drawMarks() {
  document.querySelectorAll('#board-box .mark').forEach((m) => m.remove());
  if (selected) {
    mark(selected, 'selected');
    for (const m of legalFrom(selected)) mark(m.to, m.to === selected ? 'stay' : 'target');
  } else if (placing) {
    for (const m of game.legal.filter((l) => l.piece === placing)) mark(m.to, 'target');
  }
}

function scoreOf(line) {
  if (line.mate !== null && line.mate !== undefined) return line.mate > 0 ? 10000 - line.mate : -10000 - line.mate;
  return line.cp;
}

function drawSearch(search) {
  const box = $('search');
  const bar = $('evalbar');
  if (!search || !game) { box.textContent = ''; bar.classList.add('hidden'); return; }
  const who = game.seats[search.seat] ? game.seats[search.seat].name : '';
  const head = `${search.kind === 'engine' ? 'engine (' + who + ')' : 'analysis'}${search.running ? ', thinking' : ''}: depth ${search.depth}, ${search.nodes} nodes, ${search.nps} nodes/s`;
  const lines = search.lines.map((l, i) => `${i + 1}. ${l.score.padStart(6)}  d${l.depth}  ${l.pv.join(' ')}`);
  box.textContent = [head, ...lines].join('\n');
  const first = search.lines[0];
  if (first && game.seats.length === 2) {
    // The bar shows the first seat's view: white, the attackers, black in Sceptre.
    let s = scoreOf(first);
    if (search.seat !== 0) s = -s;
    const share = 50 + 50 * Math.tanh(s / 600);
    $('evalfill').style.height = share.toFixed(1) + '%';
    bar.title = `${game.seats[0].name}: ${search.seat === 0 ? first.score : flipScore(first.score)}`;
    bar.classList.remove('hidden');
  } else {
    bar.classList.add('hidden');
  }
}

function flipScore(text) {
  if (text.startsWith('#')) return text.startsWith('#-') ? '#' + text.slice(2) : '#-' + text.slice(1);
  if (text.startsWith('+')) return '-' + text.slice(1);
  if (text.startsWith('-')) return '+' + text.slice(1);
  return text;
}

function drawMoves(view) {
  const list = $('moves');
  list.textContent = '';
  if (CHESS_FAMILY.includes(view.variant)) {
    const blackFirst = view.start.split(' ')[1] === 'b';
    const words = [];
    view.moves.forEach((m, i) => {
      const white = (i % 2 === 0) !== blackFirst;
      if (white) words.push([m.notation]);
      else if (i === 0) words.push(['…', m.notation]);
      else words[words.length - 1].push(m.notation);
    });
    words.forEach((pair) => { const li = document.createElement('li'); li.textContent = pair.join(' '); list.appendChild(li); });
  } else {
    view.moves.forEach((m) => {
      const li = document.createElement('li');
      li.textContent = `${view.seats[m.seat].name} ${m.notation}`;
      list.appendChild(li);
    });
  }
  if (list.lastChild) { list.lastChild.classList.add('last'); list.scrollTop = list.scrollHeight; }
}

function drawPalette(view) {
  const pieces = [...new Set(view.legal.filter((m) => m.piece).map((m) => m.piece))];
  const box = $('palette');
  box.textContent = '';
  box.hidden = pieces.length === 0;
  if (pieces.length === 0) { placing = null; return; }
  if (!pieces.includes(placing)) placing = pieces[0];
  box.append(`${view.seats[view.to_move].name} places: `);
  for (const p of pieces) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.piece = p;
    b.textContent = `${PIECE_NAMES[p] || p} (${p})`;
    if (p === placing) b.classList.add('picked');
    b.addEventListener('click', () => { placing = p; selected = null; drawPalette(game); drawMarks(); });
    box.appendChild(b);
  }
}

function render(view) {
  game = view;
  $('board-box').innerHTML = view.svg;
  const svg = $('board-box').querySelector('svg');
  if (svg) {
    svg.removeAttribute('width'); svg.removeAttribute('height');
    svg.addEventListener('pointerdown', onPointerDown);
    svg.addEventListener('pointerup', onPointerUp);
  }
  if (selected && legalFrom(selected).length === 0) selected = null;
  $('status').textContent = view.status;
  $('status').hidden = view.over;
  $('result').hidden = !view.over;
  $('result').textContent = view.over ? view.status : '';
  const ann = $('announcements');
  ann.textContent = '';
  for (const a of view.announcements) { const li = document.createElement('li'); li.textContent = a; ann.appendChild(li); }
  const seats = $('seat-list');
  seats.textContent = '';
  view.seats.forEach((s, i) => {
    const d = document.createElement('div');
    d.textContent = `${s.name}: ${s.engine ? 'engine' : 'person'}${s.state !== 'playing' ? ' (' + s.state + ')' : ''}`;
    if (i === view.to_move && !view.over) d.classList.add('to-move');
    if (s.state !== 'playing') d.classList.add('out');
    seats.appendChild(d);
  });
  drawPalette(view);
  drawMoves(view);
  drawSearch(view.search);
  drawMarks();
  $('position').value = view.position;
  $('download-record').href = `/api/games/${view.id}/record`;
  $('download-svg').href = `/api/games/${view.id}/svg?turn=${turn}`;
  $('undo').disabled = view.moves.length === 0;
  if (view.notice) say(view.notice);
  schedulePoll();
}

// ---- moves ---------------------------------------------------------------------------------

function squareAt(event) {
  const el = document.elementFromPoint(event.clientX, event.clientY);
  return el && el.dataset ? el.dataset.square || null : null;
}

function onPointerDown(event) {
  const square = event.target.dataset ? event.target.dataset.square : null;
  if (!square) return;
  dragFrom = square;
  onSquare(square, true);
}

function onPointerUp(event) {
  const square = squareAt(event);
  const from = dragFrom;
  dragFrom = null;
  if (square && from && square !== from && selected === from) onSquare(square, false);
}

function onSquare(square, down) {
  if (!game || busy) return;
  $('chooser').hidden = true;
  if (game.legal.length === 0) {
    say(game.over ? 'The game is over.' : 'Wait for the engine to move.');
    return;
  }
  if (placing) {
    const moves = game.legal.filter((m) => m.piece === placing && m.to === square);
    if (moves.length) send(moves[0].text); else refuse(`The ${PIECE_NAMES[placing] || placing} cannot be placed on ${square}.`);
    return;
  }
  if (selected) {
    const moves = legalFrom(selected).filter((m) => m.to === square);
    if (square === selected && moves.length === 0) {
      if (down) { selected = null; drawMarks(); }
      return;
    }
    if (moves.length === 1 && square !== selected) { send(moves[0].text); return; }
    if (moves.length >= 1) { choose(moves); return; }
    if (legalFrom(square).length) { selected = square; say(''); drawMarks(); return; }
    refuse(`${selected} to ${square} is not a legal move.`);
    selected = null;
    drawMarks();
    return;
  }
  if (legalFrom(square).length) { selected = square; say(''); drawMarks(); } else refuse(`No legal move from ${square}.`);
}

function refuse(text) { say(text); }

function choiceLabel(m) {
  if (m.from === m.to) return game.variant === 'chess40k' ? 'self-destruct' : 'stay';
  if (m.suffix === '') return game.variant === 'chess40k' ? 'decline the promotion (stay a pawn)' : 'stay a pawn';
  const name = PIECE_NAMES[m.suffix.toUpperCase()] || m.suffix;
  return game.variant === 'sceptre1027' ? `promote: take back a ${name}` : `promote to ${name}`;
}

function choose(moves) {
  const box = $('chooser');
  box.textContent = '';
  box.append(moves[0].from === moves[0].to ? `The piece on ${moves[0].from}: ` : `${moves[0].from} to ${moves[0].to}: `);
  for (const m of moves) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.move = m.text;
    b.textContent = choiceLabel(m);
    b.addEventListener('click', () => { box.hidden = true; send(m.text); });
    box.appendChild(b);
  }
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.textContent = 'cancel';
  cancel.addEventListener('click', () => { box.hidden = true; selected = null; drawMarks(); });
  box.appendChild(cancel);
  box.hidden = false;
}

async function send(text) {
  selected = null;
  busy = true;
  try {
    render(await api('POST', `/api/games/${game.id}/move?turn=${turn}`, { move: text }));
    say('');
  } catch (e) {
    say(e.message);
    drawMarks();
  } finally {
    busy = false;
  }
}

async function call(action, body) {
  if (!game) return;
  try {
    render(await api('POST', `/api/games/${game.id}/${action}?turn=${turn}`, body || {}));
    say('');
  } catch (e) { say(e.message); }
}

async function refresh() {
  if (!game) return;
  try { render(await api('GET', `/api/games/${game.id}?turn=${turn}`)); } catch (e) { say(e.message); }
}

// While a search runs the page asks often; otherwise now and then, so the server knows the
// tab is still open.
function schedulePoll() {
  clearTimeout(pollTimer);
  const active = game && !game.over && (game.legal.length === 0 || (game.search && game.search.running));
  pollTimer = setTimeout(poll, active ? 300 : 5000);
}

async function poll() {
  if (!game) return;
  try {
    const live = await api('GET', `/api/games/${game.id}/live`);
    if (live.generation !== game.generation) { await refresh(); return; }
    $('status').textContent = live.status;
    game.search = live.search;
    drawSearch(live.search);
  } catch (e) {
    say(e.message);
  }
  schedulePoll();
}

async function copyPosition() {
  const text = $('position').value;
  try {
    await navigator.clipboard.writeText(text);
    say('Position copied.');
  } catch (e) {
    $('position').select();
    say(document.execCommand('copy') ? 'Position copied.' : 'Select the position and copy it.');
  }
}

async function init() {
  try {
    variants = await api('GET', '/api/variants');
  } catch (e) {
    $('setup-error').textContent = 'The server does not answer: ' + e.message;
    return;
  }
  for (const v of variants) $('variant').add(new Option(v.name, v.name));
  $('variant').addEventListener('change', drawOptions);
  drawOptions();
  $('start').addEventListener('click', startGame);
  $('resume').addEventListener('click', () => { showPlay(); refresh(); });
  $('new').addEventListener('click', showSetup);
  $('undo').addEventListener('click', () => call('undo'));
  $('flip').addEventListener('click', () => { turn = (turn + 2) % 4; refresh(); });
  $('analyse').addEventListener('click', () => call('analysis', { lines: Number($('lines').value) }));
  $('stop').addEventListener('click', () => call('stop'));
  $('copy').addEventListener('click', copyPosition);
  const id = location.hash.slice(1);
  if (/^[0-9a-f]{16}$/.test(id)) {
    try {
      const view = await api('GET', `/api/games/${id}`);
      turn = view.view_turn;
      showPlay();
      render(view);
    } catch (e) { history.replaceState(null, '', '#'); }
  }
}

init();
