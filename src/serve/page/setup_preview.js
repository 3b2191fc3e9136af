// "Set up for me" in Sceptre 1027 (docs/rules/sceptre1027.md#the-set-up) as a proposal the
// player adjusts: the engine plans the player's whole set-up (POST …/setup-proposal), drawn on
// the board as faint pieces with a dashed ring; a click on one of them, then on another square
// it may stand on, moves it (onto another previewed piece: the two swap), by clicks or a drag.
// The server checks each change in order and refuses an illegal one. "Confirm set-up" hands the
// plan to the server (POST …/setup-plan), which keeps it with the game and places each piece
// when the player's turn comes, page open or not; the page shows how far it got, and "Stop: I
// will place the rest" cancels it (DELETE …/setup-plan). A preview that no longer fits the field
// (another player's placement made one illegal) is proposed afresh.
'use strict';

const SetUpPreview = (() => {
  // The preview being adjusted: { gameId, seat, placements, squares, svg, position, turn }.
  let plan = null;
  let picked = null;      // the square of the previewed piece picked up
  let working = false;    // a call to the server is under way

  function tokenOf(id, seat) {
    if (seatToken) return seatToken;
    const tokens = creatorTokens(id);
    return tokens ? tokens[seat] : null;
  }

  function seatPath(view, seat, action) {
    const token = tokenOf(view.id, seat);
    return `/api/games/${view.id}/${action}?turn=${turn}` + (token ? `&seat=${encodeURIComponent(token)}` : '');
  }

  function propose(view, seat, placements) {
    return api('POST', seatPath(view, seat, 'setup-proposal'), placements ? { placements } : {});
  }

  function kindOf(placement) { return placement.split('@')[0]; }
  function squareOf(placement) { return placement.split('@')[1]; }
  function indexAt(square) { return plan.placements.findIndex((p) => squareOf(p) === square); }

  // The plan's board stands for this view only (another position, turn or a reviewed move
  // shows the game's own board).
  function shown(view) {
    return !!plan && !!view && plan.gameId === view.id && plan.position === view.position &&
      plan.turn === turn && !(typeof reviewing === 'function' && reviewing());
  }

  function adjustable() { return shown(game) && !working; }

  function take(answer, view) {
    plan.placements = answer.placements;
    plan.squares = answer.squares;
    plan.svg = answer.svg;
    plan.position = view.position;
    plan.turn = turn;
  }

  async function start() {
    clearMessages();
    const seat = mySeat(game);
    if (seat === null || working) return;
    working = true;
    $('setup-preview-note').textContent = 'The engine is planning your set-up…';
    $('setup-preview').hidden = false;
    $('palette').hidden = true;
    freePaletteRoom();
    $('setup-confirm').hidden = true;
    try {
      const view = game;
      const answer = await propose(view, seat, null);
      plan = { gameId: view.id, seat };
      take(answer, view);
      picked = null;
    } catch (e) {
      say(e.message);
    } finally {
      working = false;
    }
    render(game);
  }

  // The server keeps the confirmed plan and places it (checked again, in order, first).
  async function confirm() {
    // A check of the plan under way (another player placed meanwhile) finishes first.
    for (let i = 0; working && i < 600; i++) await new Promise((done) => setTimeout(done, 50));
    if (!plan || working) return;
    clearMessages();
    working = true;
    const { gameId, seat, placements } = plan;
    try {
      const view = await api('POST', seatPath(game, seat, 'setup-plan'), { placements });
      plan = null;
      picked = null;
      working = false;
      render(view);
    } catch (e) {
      working = false;
      say(`The set-up was not confirmed: ${e.message.replace(/\.$/, '')}.`);
      if (game && game.id === gameId) render(game);
    }
  }

  function cancel() {
    clearMessages();
    plan = null;
    picked = null;
    render(game);
  }

  // The seat whose plan the server holds in the set-up, among those this screen plays (null:
  // none). A plan played out or stopped stays on the seat's view as a record, shown until the
  // set-up is over.
  function heldSeat(view) {
    if (!view || !view.seats || view.over || !readSceptre(view.position).inSetUp) return null;
    const mine = mySeat(view);
    const holds = (s) => s !== null && !!view.seats[s] && !!view.seats[s].setup_plan;
    if (holds(mine)) return mine;
    if (!creatorTokens(view.id)) return null;
    const first = view.seats.findIndex((_, s) => holds(s) && holdsSeat(view.id, s));
    return first < 0 ? null : first;
  }

  // Whether the server is still placing `seat`'s plan.
  function goingOn(view, seat) {
    const held = view.seats[seat] && view.seats[seat].setup_plan;
    return !!held && !held.stopped && held.played < held.placements.length;
  }

  async function stopHeld() {
    const seat = heldSeat(game);
    if (seat === null || working) return;
    clearMessages();
    working = true;
    try {
      const view = await api('DELETE', seatPath(game, seat, 'setup-plan'));
      working = false;
      render(view);
    } catch (e) {
      working = false;
      say(e.message);
    }
  }

  // May the piece on `from` go to `to`: a square its kind may stand on, and, for a swap, the
  // other piece may stand on `from`.
  function allowed(from, to) {
    const i = indexAt(from);
    if (i < 0 || from === to) return false;
    const mine = plan.squares[kindOf(plan.placements[i])] || [];
    if (!mine.includes(to)) return false;
    const j = indexAt(to);
    return j < 0 || (plan.squares[kindOf(plan.placements[j])] || []).includes(from);
  }

  function targets(from) {
    const kind = kindOf(plan.placements[indexAt(from)]);
    return (plan.squares[kind] || []).filter((to) => allowed(from, to));
  }

  async function adjust(from, to) {
    const i = indexAt(from), j = indexAt(to);
    const next = plan.placements.slice();
    next[i] = `${kindOf(next[i])}@${to}`;
    if (j >= 0) next[j] = `${kindOf(next[j])}@${from}`;
    picked = null;
    working = true;
    try {
      const view = game;
      take(await propose(view, plan.seat, next), view);
      say('');
    } catch (e) {
      say(`That change was not kept: ${e.message.replace(/\.$/, '')}.`);
    } finally {
      working = false;
    }
    render(game);
  }

  // A click on the board while the plan is adjustable: true when it was the plan's.
  function click(square, down) {
    if (!adjustable()) return false;
    if (picked === null) {
      if (indexAt(square) >= 0) { picked = square; say(''); drawPreviewMarks(); } else if (down) {
        say('Click one of your previewed pieces to move it, or press “Confirm set-up”.');
      }
      return true;
    }
    if (square === picked) {
      if (down) { picked = null; drawPreviewMarks(); }
      return true;
    }
    if (allowed(picked, square)) { adjust(picked, square); return true; }
    if (indexAt(square) >= 0 && down) { picked = square; say(''); drawPreviewMarks(); return true; }
    const name = PIECE_NAMES[kindOf(plan.placements[indexAt(picked)])] || 'piece';
    say(`The ${name} cannot be placed on ${square}.`);
    return true;
  }

  function drawPreviewMarks() {
    document.querySelectorAll('#board-box .mark').forEach((m) => m.remove());
    if (!shown(game)) return;
    if (picked !== null && indexAt(picked) >= 0) {
      mark(picked, 'selected');
      for (const to of targets(picked)) mark(to, 'target');
    }
  }

  // A dashed circle on `square`'s cell (null off the board): `r` a share of the cell's width.
  function dashedRing(square, { r, fill, width, dash, cls }) {
    const rect = cellRect(square);
    if (!rect) return null;
    const w = Number(rect.getAttribute('width'));
    const ring = document.createElementNS(SVG_NS, 'circle');
    ring.setAttribute('cx', Number(rect.getAttribute('x')) + w / 2);
    ring.setAttribute('cy', Number(rect.getAttribute('y')) + w / 2);
    ring.setAttribute('r', w * r);
    ring.setAttribute('fill', fill);
    ring.setAttribute('stroke', '#1f5fa8');
    ring.setAttribute('stroke-width', width);
    ring.setAttribute('stroke-dasharray', dash);
    ring.setAttribute('class', cls);
    ring.setAttribute('data-square', square);
    return ring;
  }

  // The previewed pieces: faint, each in a dashed ring, so they never read as placed ones.
  function drawPreviewPieces() {
    const board = document.querySelector('#board-box svg g#board');
    if (!board) return;
    for (const p of plan.placements) {
      const square = squareOf(p);
      const found = pieceOn(square);
      if (found) { found.g.classList.add('preview-piece'); found.g.style.opacity = '0.5'; }
      const ring = dashedRing(square, { r: 0.44, fill: 'none', width: 2.5, dash: '5 4', cls: 'preview-ring' });
      if (!ring) continue;
      ring.setAttribute('pointer-events', 'none');
      board.appendChild(ring);
    }
  }

  // A held plan's pieces still to come: a dashed ring on each square, named on hover, so the
  // player sees where the server will put the rest.
  function drawHeldRings(view, seat) {
    const board = document.querySelector('#board-box svg g#board');
    if (!board || (typeof reviewing === 'function' && reviewing())) return;
    const { placements, played } = view.seats[seat].setup_plan;
    for (const p of placements.slice(played)) {
      const ring = dashedRing(squareOf(p), { r: 0.38, fill: 'rgba(31, 95, 168, 0.12)', width: 2, dash: '3 3', cls: 'held-ring' });
      if (!ring) continue;
      const title = document.createElementNS(SVG_NS, 'title');
      title.textContent = `${capitalised(PIECE_NAMES[kindOf(p)] || 'piece')} to come on ${squareOf(p)}`;
      ring.appendChild(title);
      board.appendChild(ring);
    }
  }

  function drawBox(view) {
    let box = $('setup-preview');
    if (!box) {
      box = document.createElement('div');
      box.id = 'setup-preview';
      const note = document.createElement('p');
      note.id = 'setup-preview-note';
      const buttons = document.createElement('div');
      buttons.className = 'buttons';
      const button = (id, text, action) => {
        const b = document.createElement('button');
        b.type = 'button'; b.id = id; b.textContent = text;
        b.addEventListener('click', action);
        return b;
      };
      buttons.append(button('setup-confirm', 'Confirm set-up', confirm), button('setup-cancel', 'Cancel', cancel),
        button('setup-stop', 'Stop: I will place the rest', stopHeld));
      box.append(note, buttons);
      // Among the controls, above the palette (which comes and goes with the turn).
      if ($('stand-in')) $('stand-in').after(box); else $('palette').before(box);
    }
    const previewing = !!plan && plan.gameId === view.id;
    const held = previewing ? null : heldSeat(view);
    box.hidden = !previewing && held === null;
    if (box.hidden) return;
    $('setup-confirm').hidden = !previewing;
    $('setup-cancel').hidden = !previewing;
    $('setup-stop').hidden = previewing;
    if (previewing) {
      $('setup-preview-note').textContent = `The engine's set-up for ${capitalised(view.seats[plan.seat].name)} (faint pieces in dashed rings). Click a piece, then another square to move it (onto another piece: they swap), or drag it. “Confirm set-up” places them.`;
      return;
    }
    const name = capitalised(view.seats[held].name);
    const { placements, played, stopped } = view.seats[held].setup_plan;
    const left = placements.length - played;
    $('setup-stop').hidden = !!stopped || left === 0;
    $('setup-preview-note').textContent = stopped
      ? `${name}'s set-up stopped after ${played} of ${placements.length}: ${stopped}.`
      : left === 0 ? `${name}'s set-up is placed: all ${placements.length} pieces.`
        : `${name}'s set-up is being placed: ${played} of ${placements.length} placed, ` +
          `${left} ${left === 1 ? 'piece' : 'pieces'} still to come (dashed rings), each when ${name}'s turn comes (you may close this page).`;
  }

  // Keeps the preview in step with the game: drawn afresh (and checked again) after every
  // placement by another player; dropped when the set-up is over.
  async function drive(view) {
    if (!plan || working || view !== game) return;
    if (plan.gameId !== view.id || view.over || !readSceptre(view.position).inSetUp ||
        view.seats[plan.seat].state !== 'playing' || goingOn(view, plan.seat)) {
      plan = null;
      picked = null;
      return;
    }
    if (plan.position !== view.position || plan.turn !== turn) {
      working = true;
      let fresh = false;
      try {
        take(await propose(view, plan.seat, plan.placements), view);
      } catch (e) {
        // Another player's placement made one of the plan's illegal: the engine plans again.
        fresh = true;
        say(`Your set-up no longer fits the field (${e.message.replace(/\.$/, '')}). The engine proposes another: adjust it and confirm.`);
        try {
          take(await propose(view, plan.seat, null), view);
        } catch (e2) { plan = null; say(e2.message); }
      } finally {
        working = false;
      }
      // The game may have moved on meanwhile: drawing it again checks the plan from there.
      render(game);
      if (fresh && !plan) $('setup-preview').hidden = true;
    }
  }

  // While this box shows (a proposal, or a confirmed plan being placed), a hidden palette
  // gives up the room it keeps in the set-up: the box stands where the palette would, rather
  // than above an empty space.
  function freePaletteRoom() {
    const palette = $('palette');
    if (palette.hidden && !$('setup-preview').hidden) palette.classList.remove('keeps-room');
  }

  renderHooks.push((view) => {
    drawBox(view);
    if (shown(view)) {
      // The plan's clicks, not the palette's: nothing is placed until the player confirms.
      placing = null;
      $('palette').hidden = true;
      drawPreviewPieces();
      drawPreviewMarks();
    }
    freePaletteRoom();
    const setUpButton = $('setup-for-me');
    const held = heldSeat(view);
    if (held !== null && !shown(view) && goingOn(view, held)) drawHeldRings(view, held);
    if (setUpButton && ((plan && plan.gameId === view.id) || (held !== null && goingOn(view, held)))) setUpButton.hidden = true;
    drive(view);
  });

  return {
    start,
    click,
    svg: (view) => (shown(view) ? plan.svg : null),
    picked: () => (adjustable() ? picked : null),
    // The preview as it stands (for the browser check): placements in order, a call under way.
    plan: () => (plan ? { seat: plan.seat, placements: plan.placements.slice(), working } : null),
    active: () => !!plan,
  };
})();
