// Regalia's page: sets up a game, draws the board the server sends (an SVG whose squares carry
// `data-square`), turns clicks and drags into legal moves, polls while the engine thinks, and
// shows each game's rules (rules.js).
'use strict';

const $ = (id) => document.getElementById(id);
const SVG_NS = 'http://www.w3.org/2000/svg';
const CHESS_FAMILY = ['chess', 'scepterchess', 'chess40k'];
const PIECE_NAMES = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn', Z: 'zealot' };

// Words for people: the server speaks in protocol names (`sceptre1027`, `UCI_Chess960`).
const GAME_NAMES = {
  chess: 'Chess', scepterchess: 'Capture the Scepter', chess40k: 'Chess 40k', tafl: 'Tafl',
  sceptre1027: 'Sceptre 1027 A.D.',
};
const OPTION_LABELS = {
  UCI_Chess960: 'Fischer random (Chess960)', EvalWeights: 'Engine evaluation', TaflRules: 'Rule set',
  SceptreLayout: 'Layout', SceptrePlayers: 'Players',
};
const CHOICE_LABELS = {
  EvalWeights: { tuned: 'tuned (the usual)', handset: 'hand-set' },
  TaflRules: {
    default: 'The siege (11×11)', fetlar: 'Fetlar (11×11)', copenhagen: 'Copenhagen (11×11)',
    brandubh: 'Brandubh (7×7)', tablut: 'Tablut (9×9)',
  },
  SceptreLayout: {
    nine: 'Nine boards (2–4 players)', duel: 'Duel, two boards (2 players)',
    cross: 'Cross, five boards (2–4 players)', ring: 'Ring, eight boards (2–4 players)',
  },
};
// An engine's thinking time a move, in milliseconds: a list, so no time can be zero or nonsense.
const THINKING_TIMES = [50, 100, 200, 500, 1000, 2000, 5000, 10000, 30000, 60000];
const DEPTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 20];

function gameName(variant) { return GAME_NAMES[variant] || variant; }
function optionLabel(option) { return option.label || OPTION_LABELS[option.name] || option.name; }
function choiceLabel(optionName, choice) {
  return (CHOICE_LABELS[optionName] && CHOICE_LABELS[optionName][choice]) || choice;
}
function seconds(ms) { return `${ms / 1000} s`; }
function capitalised(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

let variants = [];
let game = null;        // the last game view from the server
let turn = 0;           // quarter turns of the board
let selected = null;    // the square whose piece is picked up
let placing = null;     // the piece letter picked for a placement
let dragFrom = null;
let pollTimer = null;
let busy = false;
// Other scripts (clock.js…) hook in here: each render hook sees every view drawn, each setup
// hook may add to a new game's request body.
const renderHooks = [];
const setupHooks = [];

// ---- seats ------------------------------------------------------------------------------------
// A seat link (`/?seat=TOKEN#id`) plays one seat; the creator's tab holds every seat's token (kept
// for this tab only) and plays for whoever is to move at its screen, but for the seats it handed
// out to people on other screens (handout.js: their tokens are gone). Without a token: watching.
// An invitation opened here is swapped for the seat's own token, a spent one for none
// (invitation.js), and a rematch's seat replaces it (rematch.js).
let seatToken = new URLSearchParams(location.search).get('seat');

function storedTokens(id) {
  try { return JSON.parse(sessionStorage.getItem('regalia-seats-' + id) || 'null'); } catch (e) { return null; }
}

function storedLinks(id) {
  try { return JSON.parse(sessionStorage.getItem('regalia-links-' + id) || 'null'); } catch (e) { return null; }
}

// Whether this tab created game `id` (it keeps the game's seat list, also once every seat is
// handed out).
function createdHere(id) { return !seatToken && !!storedLinks(id); }

// Whether this tab (as the game's creator) still plays `seat`.
function holdsSeat(id, seat) {
  const tokens = seatToken ? null : storedTokens(id);
  return !!tokens && !!tokens[seat];
}

// The creator's tokens, a seat handed out null; null when this tab plays no person's seat
// (none created here, or all handed out).
function creatorTokens(id) {
  const tokens = seatToken ? null : storedTokens(id);
  const links = storedLinks(id);
  if (!tokens || !links) return tokens;
  return links.seats.some((s) => !s.engine && tokens[s.seat]) ? tokens : null;
}

// The first person's seat the creator's tab still plays, or -1.
function ownSeat(id) {
  const tokens = creatorTokens(id);
  const links = storedLinks(id);
  if (!tokens || !links) return -1;
  const own = links.seats.find((s) => !s.engine && tokens[s.seat]);
  return own ? own.seat : -1;
}

// The token to act with on game `id`: this link's own, or the creator's for the seat to move
// (else its own seat's: a seat handed out is not this tab's to act for).
function tokenFor(id) {
  if (seatToken) return seatToken;
  const tokens = creatorTokens(id);
  if (!tokens) return null;
  const mover = game && game.id === id ? tokens[game.to_move] : null;
  return mover || tokens[ownSeat(id)] || null;
}

// The token the creator's tab reads game `id` with: its own seat's, the first person's it
// still plays (the one the board turns to). The server sends an engine's thinking for a person
// only to that person's seat (search_privacy.rs): read as the seat to move, this tab would get
// the lines of the engine playing for another person, seated elsewhere by their link.
function readingTokenFor(id) {
  if (seatToken) return seatToken;
  const tokens = creatorTokens(id);
  if (!tokens) return null;
  return tokens[ownSeat(id)] || null;
}

// `path` with this tab's seat token: a read (`reading`) with its own seat's, a change with the
// acting seat's.
function withSeat(path, reading) {
  const m = /^\/api\/games\/([0-9a-f]+)/.exec(path);
  const token = m ? (reading ? readingTokenFor(m[1]) : tokenFor(m[1])) : null;
  if (!token || /[?&]seat=/.test(path)) return path;
  return path + (path.includes('?') ? '&' : '?') + 'seat=' + encodeURIComponent(token);
}

// May this tab move now? The creator's when it still plays the seat to move; a seat link's
// when its seat is to move.
function mayMove(view) {
  if (creatorTokens(view.id)) return holdsSeat(view.id, view.to_move);
  return view.you !== null && view.you !== undefined && view.you === view.to_move;
}

function drawSeatLinks(view) {
  const box = $('seat-links');
  box.textContent = '';
  const p = document.createElement('p');
  const created = createdHere(view.id);
  // The people's seats this screen still plays, by name ("white and black").
  const here = view.seats.filter((s, i) => !s.engine && holdsSeat(view.id, i)).map((s) => s.name);
  const playsHere = here.length > 1
    ? `${here.slice(0, -1).join(', ')} and ${here[here.length - 1]} at this screen, each in turn`
    : `${here[0]} at this screen`;
  if (created && creatorTokens(view.id)) p.textContent = `You created this game and play ${playsHere}. To let someone play a seat on their own screen, invite them:`;
  else if (created) p.textContent = 'You created this game and invited a player for every seat: you are watching it here.';
  else if (view.you !== null && view.you !== undefined) p.textContent = `You play ${view.seats[view.you].name}.`;
  else p.textContent = ['You are watching this game.', Invitation.spentNote(view.id)].filter((t) => t).join(' ');
  box.appendChild(p);
  if (created) HandOut.draw(view, box, sessionStorage.getItem('regalia-base') || location.origin);
  // News, in the news box (the seat links' fields stay where they are).
  const note = $('takeback-note');
  note.hidden = !view.takeback;
  note.textContent = view.takeback
    ? `A take-back is asked for (agreed: ${view.takeback.agreed.map((s) => view.seats[s].name).join(', ')}). Press “Take back” to agree.`
    : '';
}

async function api(method, path, body) {
  path = withSeat(path, method === 'GET' || method === 'HEAD');
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

// `good` news (a foe beaten) is not shown in the colour of an error.
function say(text, good) {
  $('message').textContent = text || '';
  $('message').classList.toggle('good', !!good && !!text);
  showNewest();
}

// The news box has a fixed height: a game of two keeps two lines for a notice; a game of three
// or four a line more for each seat that may leave (a departure's line, wrapped or not, takes
// room kept for it and moves nothing below; a third departure, at the end, may scroll).
function newsLines(view) { return view.seats.length > 2 ? view.seats.length + 1 : 2; }

// When more news came at once than the box holds it scrolls: to the newest, a notice (from its
// first line), else the last departure.
function showNewest() {
  const box = $('news');
  const newest = $('message').textContent ? $('message') : $('announcements').lastElementChild;
  if (!newest) { box.scrollTop = 0; return; }
  const end = newest.offsetTop + newest.offsetHeight - box.clientHeight;
  box.scrollTop = Math.max(0, Math.min(newest.offsetTop, end));
}

// Every action a person takes starts with a clean slate: an old error would read as this one's.
function clearMessages() { say(''); $('setup-error').textContent = ''; }

// ---- Chess960 starts -----------------------------------------------------------------------

// The first rank of Chess960 start `n` (0-959), in the standard numbering: the light-squared
// bishop, the dark-squared one, the queen, the knights, then rook, king, rook on what is left.
function chess960Rank(n) {
  const rank = Array(8).fill(null);
  rank[2 * (n % 4) + 1] = 'B'; n = Math.floor(n / 4);
  rank[2 * (n % 4)] = 'B'; n = Math.floor(n / 4);
  const empty = () => rank.map((p, i) => (p ? -1 : i)).filter((i) => i >= 0);
  rank[empty()[n % 6]] = 'Q'; n = Math.floor(n / 6);
  const knights = [[0, 1], [0, 2], [0, 3], [0, 4], [1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4]][n];
  const free = empty();
  for (const k of knights) rank[free[k]] = 'N';
  empty().forEach((square, i) => { rank[square] = 'RKR'[i]; });
  return rank.join('');
}

function chess960Fen(n) {
  const rank = chess960Rank(n);
  return `${rank.toLowerCase()}/pppppppp/8/8/8/8/PPPPPPPP/${rank} w KQkq - 0 1`;
}

// The start number of a FEN's first rank, or null when it is no Chess960 start.
function chess960Number(fen) {
  const board = fen.split(' ')[0].split('/');
  if (board.length !== 8) return null;
  for (let n = 0; n < 960; n++) {
    const rank = chess960Rank(n);
    if (board[7] === rank && board[0] === rank.toLowerCase()) return n;
  }
  return null;
}

function optionValue(view, name) {
  const pair = (view.options || []).find(([n]) => n === name);
  return pair ? pair[1] : null;
}

// The game's name as a person calls it: the rule set for tafl, the start for Chess960.
function gameTitle(view) {
  if (view.variant === 'tafl') {
    const rules = optionValue(view, 'TaflRules');
    return rules && rules !== 'default' ? `Tafl: ${choiceLabel('TaflRules', rules).replace(/ \(.*\)$/, '')}` : 'Tafl';
  }
  if (view.variant === 'chess' && optionValue(view, 'UCI_Chess960') === 'true') {
    const n = chess960Number(view.start);
    return n === null ? 'Fischer random (Chess960)' : `Fischer random (Chess960), start no. ${n}`;
  }
  return gameName(view.variant);
}

// ---- the new-game form -------------------------------------------------------------------

function currentVariant() { return variants.find((v) => v.name === $('variant').value); }

function seatCount(v) {
  if (v.name === 'sceptre1027') {
    const players = document.querySelector('[data-option="SceptrePlayers"]');
    return players ? Number(players.value) : v.seats;
  }
  return v.seats;
}

function isSwitch(option) {
  return option.choices.length === 2 && option.choices.includes('true') && option.choices.includes('false');
}

function drawOptions() {
  clearMessages();
  const v = currentVariant();
  const box = $('variant-options');
  box.textContent = '';
  for (const option of v.options) {
    const label = document.createElement('label');
    let input;
    if (isSwitch(option)) {
      input = document.createElement('input');
      input.type = 'checkbox';
      label.append(input, ' ' + optionLabel(option));
    } else {
      input = document.createElement('select');
      for (const choice of option.choices) input.add(new Option(choiceLabel(option.name, choice), choice));
      if (option.name === 'SceptrePlayers') input.value = '2';
      label.append(optionLabel(option) + ' ', input);
    }
    input.dataset.option = option.name;
    input.addEventListener('change', drawSeats);
    box.appendChild(label);
  }
  drawSeats();
}

function readOption(input) {
  return input.type === 'checkbox' ? String(input.checked) : input.value;
}

function chess960Chosen() {
  const box = document.querySelector('[data-option="UCI_Chess960"]');
  return currentVariant().name === 'chess' && !!box && box.checked;
}

function drawSeats() {
  const v = currentVariant();
  $('chess960-start').hidden = !chess960Chosen();
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
    kind.add(new Option('Person', 'human'));
    kind.add(new Option('Engine', 'engine'));
    kind.value = seat === 0 ? 'human' : 'engine';
    const time = document.createElement('select');
    for (const ms of THINKING_TIMES) time.add(new Option(seconds(ms), ms));
    time.value = '1000';
    time.className = 'seat-time'; time.title = 'how long the engine thinks over each move';
    const depth = document.createElement('select');
    depth.add(new Option('as far as it can', ''));
    for (const d of DEPTHS) depth.add(new Option(`${d} turns ahead`, d));
    depth.className = 'seat-depth'; depth.title = 'how many turns ahead the engine may look at most (it also stops when its time is up)';
    const level = document.createElement('span');
    level.append(' thinks up to ', time, ' a move and looks ', depth);
    Foes.addPicker(level, v.name);
    const sync = () => { level.hidden = kind.value !== 'engine'; };
    kind.addEventListener('change', sync);
    sync();
    row.append(name, kind, level);
    box.appendChild(row);
  }
}

// The Chess960 start a player asked for, or a random one; throws a sentence for the player.
function chess960Start() {
  const text = $('chess960-number').value.trim();
  if (text === '') return chess960Fen(Math.floor(Math.random() * 960));
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 959) throw new Error('A Chess960 start number is a whole number from 0 to 959.');
  return chess960Fen(n);
}

async function startGame() {
  clearMessages();
  const v = currentVariant();
  const options = {};
  document.querySelectorAll('[data-option]').forEach((s) => { options[s.dataset.option] = readOption(s); });
  const seats = [...document.querySelectorAll('.seat-row')].map((row) => {
    const engine = row.querySelector('.seat-kind').value === 'engine';
    const seat = { engine };
    if (engine) {
      // The engine stops at whichever comes first: its time, or the depth chosen.
      seat.movetime = Number(row.querySelector('.seat-time').value);
      const depth = row.querySelector('.seat-depth').value;
      if (depth) seat.depth = Number(depth);
      const foe = Foes.readLevel(row);
      if (foe) seat.level = foe;
    }
    return seat;
  });
  const body = { variant: v.name, options, seats };
  for (const hook of setupHooks) hook(body);
  try {
    // A position typed in wins over the Chess960 start number.
    const position = $('start-position').value.trim() || (chess960Chosen() ? chess960Start() : '');
    if (position) body.position = position;
    const view = await api('POST', '/api/games', body);
    // This tab created the game: it keeps every seat's link, for this tab only.
    sessionStorage.setItem('regalia-seats-' + view.id, JSON.stringify(view.links.seats.map((s) => s.token)));
    sessionStorage.setItem('regalia-links-' + view.id, JSON.stringify(view.links));
    try {
      const server = await api('GET', '/api/server');
      if (server.join) sessionStorage.setItem('regalia-base', server.join);
    } catch (e) { /* the page's own address will do */ }
    openGame(view);
  } catch (e) {
    $('setup-error').textContent = e.message;
  }
}

function openGame(view) {
  if (tokenFor(view.id)) rememberMine(view.id);
  // The board as the view was drawn: a rematch asked for on a flipped board comes flipped.
  turn = view.turn !== undefined ? view.turn : view.view_turn;
  selected = null;
  placing = null;
  history.replaceState(null, '', '#' + view.id);
  showPlay();
  // A game opens at the top of the page, its board whole: on a phone "Start the game" is at the
  // foot of a long form, and the page kept that scroll (515 px down: the field's top off the
  // screen, and Sceptre's set-up fitted to a screen it was not on).
  window.scrollTo(0, 0);
  render(view);
}

// The game named in the address bar (`#id`), when it is not the one shown: a link pasted in,
// or the id edited by hand.
async function openFromAddress() {
  const id = location.hash.slice(1);
  if (!id) return;
  clearMessages();
  if (game && game.id === id) {
    if ($('play').hidden) { showPlay(); refresh(); }
    return;
  }
  if (!/^[0-9a-f]{16}$/.test(id)) {
    showSetup();
    $('setup-error').textContent = `“${id}” is not a game's id (16 letters and digits, as in a game's address).`;
    return;
  }
  let view;
  try {
    view = await api('GET', `/api/games/${id}`);
  } catch (e) {
    showSetup();
    $('setup-error').textContent = `There is no game ${id} on this server (games not shown on any page for a while are forgotten).`;
    return;
  }
  // A seat link may be an invitation to claim, or one already spent (invitation.js).
  const settled = await Invitation.settle(view);
  openGame(settled.view);
  if (settled.news) say(settled.news, settled.good);
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

// ---- rules and help --------------------------------------------------------------------------

function rulesGame() { return game && !$('play').hidden ? game.variant : $('variant').value; }

function showRules(variant) {
  const rules = RULES[variant] || RULES.chess;
  $('rules').hidden = false;
  $('rules-button').setAttribute('aria-expanded', 'true');
  $('rules').dataset.game = variant;
  for (const tab of $('rules-tabs').children) tab.setAttribute('aria-selected', String(tab.dataset.game === variant));
  const body = $('rules-body');
  body.textContent = '';
  const heading = (text) => { const h = document.createElement('h3'); h.textContent = text; return h; };
  const list = (items) => {
    const ul = document.createElement('ul');
    for (const item of items) { const li = document.createElement('li'); li.textContent = item; ul.appendChild(li); }
    return ul;
  };
  const intro = document.createElement('p');
  intro.textContent = rules.intro;
  body.append(intro, heading('How to play'), list(rules.howTo), heading('On the board'));
  const legend = document.createElement('ul');
  legend.className = 'legend';
  for (const [name, meaning, colour] of rules.legend) {
    const li = document.createElement('li');
    const swatch = document.createElement('span');
    swatch.className = 'swatch';
    swatch.style.background = colour;
    const word = document.createElement('b');
    word.textContent = name;
    li.append(swatch, word, `: ${meaning}`);
    legend.appendChild(li);
  }
  body.append(legend, heading('Tips'));
  const tips = document.createElement('div');
  tips.className = 'tips';
  for (const [side, items] of rules.tips) {
    const column = document.createElement('div');
    const title = document.createElement('h4');
    title.textContent = side;
    column.append(title, list(items));
    tips.appendChild(column);
  }
  body.appendChild(tips);
}

function hideRules() {
  $('rules').hidden = true;
  $('rules-button').setAttribute('aria-expanded', 'false');
}

function drawRulesTabs() {
  for (const variant of Object.keys(RULES)) {
    const tab = document.createElement('button');
    tab.type = 'button';
    tab.setAttribute('role', 'tab');
    tab.dataset.game = variant;
    tab.textContent = RULES[variant].title;
    tab.addEventListener('click', () => showRules(variant));
    $('rules-tabs').appendChild(tab);
  }
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

// A rate over a shorter search says more about starting it than about the engine's speed
// (256 nodes in a fraction of a millisecond): no rate is shown for it.
const RATE_MIN_MS = 50;

// A foe's own search, while a person plays against it and the game is on: its lines, score
// and next move would be a hint no game site gives, so only a status is shown and the bar keeps
// still. The server sends it so (`hidden`, nothing found) to every reader but the seat it plays
// for. Analysis, a finished game and a game of engines only (watched) show everything, and so
// does the engine playing for this screen's own person ("Play for me", "Set up for me"): it is
// the person's own helper.
function foeThoughtsHidden(search) {
  if (search.hidden) return true;
  return !!game && !game.over && search.kind === 'engine' && game.seats.some((s) => !s.engine)
    && !playsForThisScreen(search.seat);
}

// Whether `seat` is a person's seat this screen reads the game as (a seat link's own, the
// creator's tab's own: the first person's): an engine's search for it is the stand-in's.
function playsForThisScreen(seat) {
  const s = game.seats[seat];
  if (!s || s.engine) return false;
  return game.you === seat;
}

function drawFoeThinking(search) {
  const seat = game.seats[search.seat];
  const who = seat ? (seat.foe ? seat.foe.name : capitalised(seat.name)) : 'The engine';
  $('search').textContent = search.running ? `${who} is thinking…` : '';
  $('evalbar').classList.add('hidden');
  drawControls();
}

function drawSearch(search) {
  const box = $('search');
  const bar = $('evalbar');
  if (!search || !game) { box.textContent = ''; bar.classList.add('hidden'); drawControls(); return; }
  if (foeThoughtsHidden(search)) { drawFoeThinking(search); return; }
  const who = game.seats[search.seat] ? game.seats[search.seat].name : '';
  const what = search.ply === null || search.ply === undefined ? 'analysis' : `analysis after move ${search.ply}`;
  const rate = search.time_ms >= RATE_MIN_MS ? `, ${search.nps} nodes/s` : '';
  const head = `${search.kind === 'engine' ? 'engine (' + who + ')' : what}${search.running ? ', thinking' : ''}: ${depthText(search.depth)}, ${search.nodes} nodes${rate}`;
  const lines = search.lines.map((l, i) => `${i + 1}. ${scoreWords(l).padStart(6)}  ${depthText(l.depth)}  ${(l.notation && l.notation.length ? l.notation : l.pv).join(' ')}`);
  box.textContent = [head, ...lines].join('\n');
  drawEvalBar(search);
  drawControls();
}

// A search that ran out of moves to look at reports the deepest depth there is: no depth a
// person should read.
function depthText(depth) { return depth >= 100 ? 'to the end' : `depth ${depth}`; }

function scoreWords(line) {
  if (line.mate === null || line.mate === undefined) return line.score;
  return line.mate > 0 ? `mate in ${line.mate}` : `mated in ${-line.mate}`;
}

function flipScore(text) {
  if (text.startsWith('#')) return text.startsWith('#-') ? '#' + text.slice(2) : '#-' + text.slice(1);
  if (text.startsWith('+')) return '-' + text.slice(1);
  if (text.startsWith('-')) return '+' + text.slice(1);
  return text;
}

// Games of two sides whose list pairs a move and the reply under one number, as their records
// do: the chess family (white, black) and tafl (the attackers, the defenders). Sceptre and the
// games of more seats list each move on its line with its seat's name.
const PAIRED_MOVES = [...CHESS_FAMILY, 'tafl'];

function drawMoves(view) {
  const list = $('moves');
  list.textContent = '';
  // Tafl's moves are of one length or two (h11h7, a11a10): in columns, the replies line up.
  list.classList.toggle('columns', view.variant === 'tafl');
  if (PAIRED_MOVES.includes(view.variant)) drawPairedMoves(list, view);
  else {
    view.moves.forEach((m, i) => {
      const li = document.createElement('li');
      li.append(moveNumber(i + 1), ' ', moveSpan(`${capitalised(view.seats[m.seat].name)} ${m.notation}`, i + 1));
      list.appendChild(li);
    });
  }
  if (list.lastChild) { list.lastChild.classList.add('last'); list.scrollTop = list.scrollHeight; }
}

// A row for each move of the first seat (white, the attackers) and the reply: "1. e4 e5". A
// game started with the second seat to move opens with "1. … e5". Each move its own element
// (data-ply: the moves played once it is), for review.js; its title names the seat (tafl's
// notation alone does not say whose move it is).
function drawPairedMoves(list, view) {
  const rows = [];
  view.moves.forEach((m, i) => {
    if (m.seat === 0 || i === 0) rows.push([]);
    if (m.seat !== 0 && i === 0) rows[0].push(null);
    rows[rows.length - 1].push([m, i + 1]);
  });
  rows.forEach((row, r) => {
    const li = document.createElement('li');
    li.appendChild(moveNumber(r + 1));
    for (const cell of row) {
      const span = moveSpan(cell ? cell[0].notation : '…', cell ? cell[1] : null);
      if (cell) span.title = `${capitalised(view.seats[cell[0].seat].name)}: ${cell[0].notation}`;
      li.append(' ', span);
    }
    list.appendChild(li);
  });
}

function moveNumber(n) {
  const number = document.createElement('span');
  number.className = 'move-number';
  number.textContent = `${n}.`;
  return number;
}

function moveSpan(text, ply) {
  const span = document.createElement('span');
  span.className = 'move';
  span.textContent = text;
  if (ply !== null) span.dataset.ply = ply;
  return span;
}

// Where the board's box was scrolled (Sceptre's zoomed field) when its drawing was last
// replaced: a fresh drawing is narrower for a moment, which puts the scroll back at the field's
// corner, so sceptre.js scrolls back here once the zoom has widened it again. Read just before
// the drawing goes, not from scroll events, which can come after the next view is drawn.
let boardScroll = { left: 0, top: 0 };

function replaceBoard(svg) {
  const box = $('board-box');
  boardScroll = { left: box.scrollLeft, top: box.scrollTop };
  box.innerHTML = svg;
}

function drawPalette(view) {
  const pieces = [...new Set(view.legal.filter((m) => m.piece).map((m) => m.piece))];
  const box = $('palette');
  box.textContent = '';
  box.hidden = pieces.length === 0;
  // Sceptre's set-up: the palette keeps its room until the set-up ends, also on the turns of
  // seats this page does not place for, so the status and all below it stay where they are
  // as the turn passes round the table. Not once the game is over (a resignation in the
  // set-up): nobody places any more, and the room would stand empty above the result.
  const setUp = view.variant === 'sceptre1027' && !view.over && readSceptre(view.position).inSetUp;
  box.classList.toggle('keeps-room', setUp);
  // The room kept was measured at the palette's width: at another (a phone turned) its buttons
  // wrap otherwise, and it is measured again.
  const width = String(Math.round(box.clientWidth));
  if (!setUp || box.dataset.game !== view.id || box.dataset.width !== width) box.style.minHeight = '';
  box.dataset.game = view.id;
  box.dataset.width = width;
  if (pieces.length === 0) {
    placing = null;
    if (!setUp) return;
    // Unseen, the palette of the seat to move: the room it takes when shown.
    const colour = view.seats[view.to_move].name.charAt(0);
    paletteButtons(box, view, [...new Set(readSceptre(view.position).toPlace[colour] || '')], false);
  } else {
    if (!pieces.includes(placing)) placing = pieces[0];
    paletteButtons(box, view, pieces, true);
  }
  // Never shorter during the set-up than it has been: fewer kinds left to place wrap less.
  if (setUp) box.style.minHeight = `${Math.max(parseFloat(box.style.minHeight) || 0, box.getBoundingClientRect().height)}px`;
}

function paletteButtons(box, view, pieces, active) {
  box.append(`${capitalised(view.seats[view.to_move].name)} places: `);
  for (const p of pieces) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.piece = p;
    b.textContent = `${PIECE_NAMES[p] || p} (${p})`;
    b.disabled = !active;
    if (active && p === placing) b.classList.add('picked');
    if (active) b.addEventListener('click', () => { placing = p; selected = null; drawPalette(game); drawMarks(); });
    box.appendChild(b);
  }
}

// A view older than the one drawn: answers come in any order on a busy machine, so the answer
// to an earlier request (a refresh asked for before a move) can arrive after a newer view. The
// game's generation never goes down (also across a server restart).
function outdated(view) {
  if (!game || view === game || view.id !== game.id) return false;
  return view.generation < game.generation;
}

// A view whose board is turned otherwise than the page is now: the answer to a request sent
// before Flip (or before Sceptre's "Bottom of the board" changed), which carried the old turn.
function turnedOtherwise(view) {
  return !!game && view !== game && view.id === game.id && view.turn !== undefined && view.turn !== turn;
}

// The seats, who is to move and who is out: of the game's position, or (review.js) of the one
// stepped back to.
function drawSeatList(view) {
  const seats = $('seat-list');
  seats.textContent = '';
  view.seats.forEach((s, i) => {
    const d = document.createElement('div');
    // A seat the creator's tab handed out is played on another screen, not here.
    const away = s.invited ? ', invited: waiting for the player' : ', played on another screen';
    const elsewhere = s.handed_out && createdHere(view.id) && !holdsSeat(view.id, i) ? away : '';
    d.textContent = `${capitalised(s.name)}: ${Foes.seatLabel(s)}${elsewhere}${s.state !== 'playing' ? ' (' + s.state + ')' : ''}`;
    d.title = d.textContent;
    if (i === view.to_move && !view.over) d.classList.add('to-move');
    if (s.state !== 'playing') d.classList.add('out');
    seats.appendChild(d);
  });
}

// Draws `view`, unless it is older than the one drawn (then false: nothing changes). A view
// turned otherwise is not drawn either, whatever it brings: when it is newer than the view
// drawn, the game is asked for again at the page's turn (nothing else might ask before the
// game's next change, and the board would stand at the old turn until then).
function render(view) {
  if (outdated(view)) return false;
  if (turnedOtherwise(view)) {
    if (view.generation > game.generation) refresh();
    return false;
  }
  game = view;
  // A set-up being previewed (setup_preview.js) is drawn on the board instead of the position.
  replaceBoard((typeof SetUpPreview !== 'undefined' && SetUpPreview.svg(view)) || view.svg);
  const svg = $('board-box').querySelector('svg');
  if (svg) {
    svg.removeAttribute('width'); svg.removeAttribute('height');
    svg.addEventListener('pointerdown', onPointerDown);
    svg.addEventListener('pointerup', onPointerUp);
  }
  if (selected && legalFrom(selected).length === 0) selected = null;
  $('game-title').textContent = gameTitle(view);
  document.title = `${gameTitle(view)} · Regalia`;
  $('status').textContent = view.status;
  $('status').hidden = view.over;
  $('result').hidden = !view.over;
  $('result').textContent = view.over ? view.status : '';
  const ann = $('announcements');
  ann.textContent = '';
  for (const a of view.announcements) { const li = document.createElement('li'); li.textContent = a; ann.appendChild(li); }
  $('news').style.height = `${newsLines(view) * 1.4}em`;
  drawSeatList(view);
  // Another seat's turn: nothing to click here.
  if (!mayMove(view)) view.legal = [];
  drawSeatLinks(view);
  drawPalette(view);
  drawMoves(view);
  drawSearch(view.search);
  drawMarks();
  $('position').value = view.position;
  $('download-record').href = `/api/games/${view.id}/record`;
  $('download-svg').href = `/api/games/${view.id}/svg?turn=${turn}`;
  $('undo').disabled = view.moves.length === 0;
  if (view.notice) say(view.notice);
  for (const hook of renderHooks) hook(view);
  const unlockedNow = Foes.seen(view);
  if (unlockedNow) say(unlockedNow, true);
  showNewest();
  schedulePoll();
  return true;
}

// ---- moves ---------------------------------------------------------------------------------

function squareAt(event) {
  const el = document.elementFromPoint(event.clientX, event.clientY);
  return el && el.dataset ? el.dataset.square || null : null;
}

// A press on the piece already picked up: a drag of it, or (released where it was pressed) a
// click on it, which puts it down (or offers its move onto its own square). Which one is known
// at the release: a press that put the piece down at once left nothing to drag, and a drag
// begun on a piece picked up by a click (or by a drag broken off as the board was redrawn) was
// lost.
let pressedOnSelected = false;

function onPointerDown(event) {
  const square = event.target.dataset ? event.target.dataset.square : null;
  if (!square) return;
  dragFrom = square;
  pressedOnSelected = !!selected && selected === square;
  if (!pressedOnSelected) onSquare(square, true);
  // A piece picked up follows the pointer (drag.js) until it is dropped.
  if (selected === square || previewPicked() === square) dragStart(event, square);
}

function onPointerUp(event) {
  const square = squareAt(event);
  const from = dragFrom;
  const onSelected = pressedOnSelected;
  dragFrom = null;
  pressedOnSelected = false;
  dragStop();
  if (square && from && square !== from && (selected === from || previewPicked() === from)) onSquare(square, false);
  else if (onSelected && square === from && selected === from) onSquare(square, true);
}

// The previewed set-up piece picked up, if any (setup_preview.js).
function previewPicked() { return typeof SetUpPreview !== 'undefined' ? SetUpPreview.picked() : null; }

function onSquare(square, down) {
  if (!game || busy) return;
  if (typeof reviewing === 'function' && reviewing()) {
    say('This is an earlier position: press End (or click the last move) to play on.');
    return;
  }
  $('chooser').hidden = true;
  // A set-up being previewed takes the clicks: nothing is placed until it is confirmed.
  if (typeof SetUpPreview !== 'undefined' && SetUpPreview.click(square, down)) return;
  if (game.legal.length === 0) {
    say(game.over ? 'The game is over.' : waitWords(game));
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

// Why nothing can be moved here now: whose move the game waits for.
function waitWords(view) {
  const s = view.seats[view.to_move];
  if (!s || s.engine || s.stand_in) return 'Wait for the engine to move.';
  const name = capitalised(s.name);
  if (createdHere(view.id) && !holdsSeat(view.id, view.to_move)) return `${name} is played on another screen: wait for their move.`;
  return `Wait for ${s.name}'s move.`;
}

function moveChoiceLabel(m) {
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
    b.textContent = moveChoiceLabel(m);
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
  say('');
  try {
    // The position goes with the move: if another tab changed the game, the server refuses it.
    render(await api('POST', `/api/games/${game.id}/move?turn=${turn}`, { move: text, position: game.position }));
  } catch (e) {
    await refusedMove(e);
  } finally {
    busy = false;
  }
}

// A refused move: when the game moved on behind this page's back, show the game as it is now
// and say so in words, rather than the server's terse refusal.
async function refusedMove(error) {
  let now = null;
  try { now = await api('GET', `/api/games/${game.id}?turn=${turn}`); } catch (e) { /* keep the old view */ }
  if (now && now.position !== game.position && render(now)) {
    say('The position had changed in another tab, so your move was not played: look again.');
    return;
  }
  say(`That move was not played: ${error.message.replace(/\.$/, '')}.`);
  drawMarks();
}

async function call(action, body) {
  if (!game) return;
  say('');
  try {
    render(await api('POST', `/api/games/${game.id}/${action}?turn=${turn}`, body || {}));
    say('');
  } catch (e) { say(e.message); }
}

// Between people a take-back needs every person's consent; the creator's tab, where they all
// sit, gives it for each of them.
async function takeBack() {
  const tokens = creatorTokens(game.id);
  if (!tokens) return call('undo');
  say('');
  try {
    let view = null;
    // The people this tab still plays for (a seat handed out agrees from its own screen).
    const people = game.seats.map((s, i) => (s.engine || !tokens[i] ? null : i)).filter((i) => i !== null);
    for (const seat of people.length ? people : [0]) {
      view = await api('POST', `/api/games/${game.id}/undo?turn=${turn}&seat=${tokens[seat]}`, {});
      if (!view.takeback) break;
    }
    render(view);
  } catch (e) { say(e.message); }
}

// ---- finished games, kept by the server: open any for review ---------------------------------

// The games this browser held a seat in (created here or joined by a seat link), newest last:
// on a shared server (`--host`) the list of finished games is everybody's, and this picks mine.
const MINE_KEY = 'regalia-my-games';
const MINE_KEPT = 500;

function myGames() {
  try { return JSON.parse(localStorage.getItem(MINE_KEY) || '[]'); } catch (e) { return []; }
}

function rememberMine(id) {
  const ids = myGames().filter((g) => g !== id);
  ids.push(id);
  try { localStorage.setItem(MINE_KEY, JSON.stringify(ids.slice(-MINE_KEPT))); } catch (e) { /* private mode */ }
}

async function showFinished() {
  const list = $('finished-list');
  const params = new URLSearchParams();
  if ($('finished-variant').value) params.set('variant', $('finished-variant').value);
  if ($('finished-opponent').value.trim()) params.set('opponent', $('finished-opponent').value.trim());
  let games = [];
  try { games = await api('GET', '/api/records?' + params.toString()); } catch (e) { list.textContent = e.message; return; }
  const mineOnly = $('finished-mine').checked;
  if (mineOnly) { const mine = new Set(myGames()); games = games.filter((g) => mine.has(g.id)); }
  list.textContent = '';
  if (!games.length) {
    const li = document.createElement('li');
    li.textContent = mineOnly ? 'No finished game played in this browser yet.' : 'No finished game yet.';
    list.appendChild(li);
  }
  for (const g of games) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = '#' + g.id;
    a.textContent = `${gameName(g.variant)}: ${g.players}, ${g.result} (${g.moves} moves, ${new Date(g.updated * 1000).toLocaleString()})`;
    li.appendChild(a);
    list.appendChild(li);
  }
}

async function importRecord() {
  clearMessages();
  try {
    const view = await api('POST', '/api/records', { record: $('import-text').value });
    sessionStorage.setItem('regalia-seats-' + view.id, JSON.stringify(view.links.seats.map((s) => s.token)));
    sessionStorage.setItem('regalia-links-' + view.id, JSON.stringify(view.links));
    openGame(view);
  } catch (e) { $('setup-error').textContent = e.message; }
}

async function refresh() {
  if (!game) return;
  const id = game.id;
  try {
    const view = await api('GET', `/api/games/${id}?turn=${turn}`);
    // Another game opened meanwhile (a rematch, whose asking rang the finished game's stream):
    // this answer is the old game's, not to be drawn over the new one.
    if (game && game.id !== id) return;
    render(view);
  } catch (e) { say(e.message); }
}

// Changes come pushed (stream.js); the page polls only for a running search's lines, or,
// while the stream is broken, slowly for changes.
function schedulePoll() {
  clearTimeout(pollTimer);
  const searching = game && game.search && game.search.running;
  if (typeof Stream !== 'undefined' && Stream.live()) {
    if (searching) pollTimer = setTimeout(poll, 500);
    return;
  }
  const active = game && !game.over && (game.legal.length === 0 || searching);
  pollTimer = setTimeout(poll, active ? 1000 : 5000);
}

async function poll() {
  if (!game) return;
  try {
    const id = game.id;
    const live = await api('GET', `/api/games/${id}/live`);
    // Another game opened meanwhile: its own poll is scheduled.
    if (!game || game.id !== id) return;
    if (live.generation > game.generation) { await refresh(); return; }
    // Older than the view drawn (answered before a change that was drawn meanwhile): stale.
    if (live.generation < game.generation) { schedulePoll(); return; }
    // A position stepped back to keeps its own status (review.js).
    if (!(typeof reviewing === 'function' && reviewing())) $('status').textContent = live.status;
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
    await Foes.load();
  } catch (e) {
    $('setup-error').textContent = 'The server does not answer: ' + e.message;
    return;
  }
  for (const v of variants) $('variant').add(new Option(gameName(v.name), v.name));
  $('variant').addEventListener('change', () => { drawOptions(); if (!$('rules').hidden) showRules(rulesGame()); });
  drawOptions();
  drawRulesTabs();
  $('rules-button').addEventListener('click', () => { if ($('rules').hidden) showRules(rulesGame()); else hideRules(); });
  $('rules-close').addEventListener('click', hideRules);
  $('start').addEventListener('click', startGame);
  $('resume').addEventListener('click', () => { clearMessages(); showPlay(); refresh(); });
  $('new').addEventListener('click', () => { clearMessages(); showSetup(); });
  $('undo').addEventListener('click', takeBack);
  $('flip').addEventListener('click', () => { say(''); turn = (turn + 2) % 4; refresh(); });
  $('analyse').addEventListener('click', analyse);
  $('stop').addEventListener('click', () => call('stop'));
  $('copy').addEventListener('click', copyPosition);
  for (const v of variants) $('finished-variant').add(new Option(gameName(v.name), v.name));
  $('finished-show').addEventListener('click', showFinished);
  $('import').addEventListener('click', importRecord);
  showFinished();
  window.addEventListener('hashchange', openFromAddress);
  await openFromAddress();
}

init();
