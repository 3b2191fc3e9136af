// Regalia's named foes: each game's ladder from the server (GET /api/ladders), a foe picker on
// each engine seat, and the player's progress kept in this browser (localStorage): beating a
// foe unlocks the next. Every foe stays selectable; a locked one is only marked so.
'use strict';

const Foes = (() => {
  let ladders = {};            // variant -> [{level, name, line, elo}]
  // + variant -> the name of the strongest foe beaten: kept by name, so that a foe added to a
  // ladder later (levels renumbered) leaves a player's progress where it was
  const STORE = 'regalia.foes.beaten.';
  const COUNTED = 'regalia.foes.counted'; // ids of games already counted

  function read(key, fallback) {
    try { const v = localStorage.getItem(key); return v === null ? fallback : JSON.parse(v); } catch (e) { return fallback; }
  }
  function write(key, value) {
    try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* private mode: no progress kept */ }
  }

  // The level of the strongest foe beaten, 0 for none.
  function beaten(variant) {
    const kept = read(STORE + variant, 0);
    if (typeof kept === 'string') {
      const foe = (ladders[variant] || []).find((f) => f.name === kept);
      return foe ? foe.level : 0;
    }
    return Number(kept) || 0;   // an earlier page kept the level's number
  }
  // The foes open to a player: every one up to the one after the strongest beaten.
  function unlocked(variant) { return beaten(variant) + 1; }

  async function load() {
    const response = await fetch('/api/ladders');
    if (!response.ok) return;
    for (const l of await response.json()) ladders[l.variant] = l.foes;
  }

  // The foe choice for an engine seat, put into `box` (shown with the seat's engine settings).
  function addPicker(box, variant) {
    const foes = ladders[variant] || [];
    if (foes.length === 0) return;
    const open = unlocked(variant);
    const select = document.createElement('select');
    select.className = 'seat-foe';
    select.title = 'the named foe this seat plays as: each fallen foe unlocks a fiercer one';
    for (const f of foes) {
      const lock = f.level > open ? ' (locked)' : (f.level <= beaten(variant) ? ' ✓' : '');
      const o = new Option(`${f.level}. ${f.name}${lock}`, f.level);
      o.title = f.line;
      select.add(o);
    }
    select.value = String(Math.min(open, foes.length));
    const line = document.createElement('span');
    line.className = 'foe-line';
    const sync = () => {
      const f = foes.find((x) => String(x.level) === select.value);
      line.textContent = f ? `“${f.line}”${f.level > open ? ' Not yet unlocked: you may still take it on.' : ''}` : '';
    };
    select.addEventListener('change', sync);
    sync();
    const label = document.createElement('label');
    label.className = 'inline foe-choice';
    label.append('Foe ', select, ' ', line);
    box.prepend(label, document.createElement('br'));
  }

  // The level chosen in a seat row, or undefined (full strength without a name).
  function readLevel(row) {
    const select = row.querySelector('.seat-foe');
    return select && select.value ? Number(select.value) : undefined;
  }

  // How the page names a seat's player.
  function seatLabel(seat) {
    if (!seat.engine) return 'person';
    return seat.foe ? `${seat.foe.name} (foe ${seat.foe.level})` : 'engine';
  }

  // A finished game the player won against a foe unlocks the next one (once per game); a win
  // the engine played out for the person ("play for me" still on at the end) is not theirs.
  function seen(view) {
    if (!view.over || view.winner === null || view.winner === undefined) return;
    const winner = view.seats[view.winner];
    if (!winner || winner.engine || winner.stand_in === 'game') return;
    const counted = read(COUNTED, []);
    if (counted.includes(view.id)) return;
    const foes = view.seats.filter((s) => s.engine && s.foe).map((s) => s.foe);
    if (foes.length === 0) return;
    write(COUNTED, counted.concat([view.id]).slice(-200));
    const strongest = foes.reduce((a, b) => (b.level > a.level ? b : a));
    const best = strongest.level;
    if (best > beaten(view.variant)) {
      write(STORE + view.variant, strongest.name);
      const next = (ladders[view.variant] || []).find((f) => f.level === best + 1);
      return next ? `You have beaten foe ${best}. ${next.name} awaits: “${next.line}”` : 'You have beaten every foe of this game.';
    }
  }

  return { load, addPicker, readLevel, seatLabel, seen, beaten, unlocked };
})();
