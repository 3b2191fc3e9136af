// Clocks, resignation, draw offers and rematch (docs/serve-api.md). The server keeps the time;
// the page counts down between views from what the last view said, and asks again when a
// running clock reaches zero (the server then says the flag fell).
'use strict';

let clockShown = null;   // { at: performance.now() of the view, clocks: view.clocks }
let clockTimer = null;
let flagAsked = false;

function clockText(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
  const mm = h ? `${h}:${String(m).padStart(2, '0')}` : `${m}`;
  // The last ten seconds show tenths: a player in a scramble needs them.
  if (ms < 10000 && ms > 0) return `0:0${(ms / 1000).toFixed(1)}`;
  return `${mm}:${String(s).padStart(2, '0')}`;
}

function drawClocks() {
  const box = $('clocks');
  if (!game || !clockShown) { box.hidden = true; return; }
  box.hidden = false;
  box.textContent = '';
  const since = performance.now() - clockShown.at;
  let fallenNow = false;
  clockShown.clocks.forEach((c, seat) => {
    const ms = c.running ? Math.max(0, c.ms_left - since) : c.ms_left;
    if (c.running && ms === 0) fallenNow = true;
    const d = document.createElement('div');
    d.className = 'clock';
    d.dataset.seat = seat;
    if (c.running) d.classList.add('running');
    if (ms < 20000) d.classList.add('low');
    if (ms === 0) d.classList.add('fallen');
    const name = document.createElement('span');
    name.className = 'clock-name';
    name.textContent = game.seats[seat] ? game.seats[seat].name : `seat ${seat}`;
    const time = document.createElement('span');
    time.className = 'clock-time';
    time.textContent = clockText(ms);
    d.append(name, time);
    box.appendChild(d);
  });
  if (fallenNow && !flagAsked) { flagAsked = true; refresh(); }
}

function clockHook(view) {
  clearInterval(clockTimer);
  flagAsked = false;
  clockShown = view.clocks ? { at: performance.now(), clocks: view.clocks } : null;
  drawClocks();
  if (clockShown && !view.over) clockTimer = setInterval(drawClocks, 100);
  drawGameActions(view);
}

// The seat this page speaks for in an offer or a resignation: the server chooses (the person
// to move, else the first person), so the page only needs to know whether there is one.
function personPlays(view) {
  return view.seats.some((s) => !s.engine && s.state === 'playing');
}

function drawGameActions(view) {
  // A screen without a seat link of the game (a watcher, a spent invitation) resigns nothing.
  const playing = !view.over && personPlays(view) && !!tokenFor(view.id);
  const twoLeft = view.seats.filter((s) => s.state === 'playing').length === 2;
  $('resign').hidden = !playing;
  $('offer-draw').hidden = !playing || !twoLeft || view.draw_offer !== null;
  const offered = !view.over && view.draw_offer !== null;
  $('draw-offer').hidden = !offered;
  if (offered) $('draw-offer-text').textContent = `${capitalised(view.seats[view.draw_offer].name)} offers a draw:`;
  // Only a seat may ask for a rematch (a watcher's call is refused): no button without a link.
  $('rematch').hidden = !view.over || !tokenFor(view.id);
  // A rematch asked for on another screen is joined, not asked for again (rematch.js).
  $('rematch').textContent = view.rematch ? 'Go to the rematch' : 'Rematch';
  // A refused draw is news only while the game goes on: an ending's own words replace it.
  if (view.draw_answer && !view.over) say(view.draw_answer);
}

// A seat link acts for its own seat. The creator's tab acts for the person to move, else the
// first person still playing (a game against engines has one): the server takes the seat from
// the token, never from the body.
function actingPath(action) {
  let path = `/api/games/${game.id}/${action}?turn=${turn}`;
  const tokens = creatorTokens(game.id);
  if (seatToken || !tokens) return path;
  // Only the seats this tab still plays (not one handed out to another screen).
  const person = (s) => !game.seats[s].engine && game.seats[s].state === 'playing' && !!tokens[s];
  const seat = person(game.to_move) ? game.to_move : game.seats.findIndex((_, s) => person(s));
  if (seat < 0) return path;
  return path + '&seat=' + encodeURIComponent(tokens[seat]);
}

async function gameAction(action, body, question) {
  if (!game) return;
  if (question && !window.confirm(question)) return;
  clearMessages();
  const old = game;
  // This tab goes to the rematch with the answer: the finished game's view naming it meanwhile
  // is not another screen's rematch to follow.
  if (action === 'rematch') Rematch.asked(old.id);
  try {
    const view = await api('POST', actingPath(action), body || {});
    // The answer brings this screen's own seats of the rematch (rematch.js).
    if (action === 'rematch') await Rematch.open(old, view);
    else render(view);
  } catch (e) { say(e.message); }
}

setupHooks.push((body) => { const c = $('clock').value; if (c) body.clock = c; });
renderHooks.push(clockHook);
$('resign').addEventListener('click', () => gameAction('resign', {}, 'Resign this game?'));
$('offer-draw').addEventListener('click', () => gameAction('offer-draw'));
$('accept-draw').addEventListener('click', () => gameAction('answer-draw', { accept: true }));
$('decline-draw').addEventListener('click', () => gameAction('answer-draw', { accept: false }));
$('rematch').addEventListener('click', () => gameAction('rematch'));
