// Handing a seat to a person on another screen (POST …/hand-out, src/serve/handout.rs). The tab
// that created a game holds every seat's token, so people at one screen play each seat in turn.
// To let someone play a seat on their own screen, the creator presses "Invite a player for
// black": the server gives black a new link and the token this tab held stops working, so this
// tab can no longer move, resign or offer a draw for black. The new link is an invitation, shown
// here to be sent while the page is open and never kept: the first screen to open it takes black
// (invitation.js) and the link is spent; this tab then shows black as played on another screen.
'use strict';

const HandOut = (() => {
  // Links this tab handed out while it is open, `${id}:${seat}` → the link's path.
  const given = {};

  // This tab's seat tokens without the one handed out (the server no longer takes it).
  function forget(id, seat) {
    const tokens = storedTokens(id) || [];
    tokens[seat] = null;
    sessionStorage.setItem('regalia-seats-' + id, JSON.stringify(tokens));
    const links = storedLinks(id);
    if (links && links.seats[seat]) {
      delete links.seats[seat].token;
      delete links.seats[seat].link;
      sessionStorage.setItem('regalia-links-' + id, JSON.stringify(links));
    }
  }

  async function handOut(seat) {
    const view = game;
    if (!view) return;
    const name = view.seats[seat].name;
    const question = `Invite a player for ${name} on another screen? You get a link to send them; `
      + `this screen will no longer play ${name}.`;
    if (!window.confirm(question)) return;
    clearMessages();
    const tokens = storedTokens(view.id);
    if (!tokens || !tokens[seat]) return;
    try {
      const answer = await api('POST', `/api/games/${view.id}/hand-out?seat=${encodeURIComponent(tokens[seat])}`, {});
      forget(view.id, answer.seat);
      given[`${view.id}:${answer.seat}`] = answer.link;
      say(`Send ${answer.name}'s player the link below: the first screen to open it plays ${answer.name}.`, true);
      await refresh();
    } catch (e) { say(e.message); }
  }

  async function copy(input) {
    try {
      await navigator.clipboard.writeText(input.value);
      say('Link copied.', true);
    } catch (e) {
      input.select();
      say(document.execCommand('copy') ? 'Link copied.' : 'Select the link and copy it.');
    }
  }

  function linkField(value) {
    const input = document.createElement('input');
    input.type = 'text'; input.readOnly = true; input.value = value;
    input.className = 'seat-link';
    return input;
  }

  // The creator's list of the people's seats: each played here (with its Invite button) or on
  // another screen (with the link, if this tab handed it out while open), and the Watch link.
  function draw(view, box, base) {
    const ul = document.createElement('ul');
    view.seats.forEach((s, seat) => {
      if (s.engine) return;
      const li = document.createElement('li');
      li.className = 'seat-holder';
      li.dataset.seat = seat;
      const name = capitalised(s.name);
      if (holdsSeat(view.id, seat)) {
        li.append(`${name}: played at this screen `);
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'hand-out';
        b.dataset.seat = seat;
        b.textContent = `Invite a player for ${s.name}`;
        b.title = `gives ${s.name} a link of its own for a person on another screen; this screen then no longer plays ${s.name}`;
        b.addEventListener('click', () => handOut(seat));
        li.appendChild(b);
      } else if (s.invited) {
        // Handed out, not yet opened: the link is still to be sent (this tab shows it while open).
        const link = given[`${view.id}:${seat}`];
        li.classList.add('elsewhere', 'invited');
        li.append(link ? `${name}: invited, waiting for the player. Send them this link: ` : `${name}: invited, waiting for the player to open the link.`);
        if (link) {
          const input = linkField(base + link);
          const b = document.createElement('button');
          b.type = 'button';
          b.className = 'copy-link';
          b.textContent = 'Copy link';
          b.addEventListener('click', () => copy(input));
          li.append(input, b);
        }
      } else {
        // Its player opened the invitation (the link is spent), or holds the seat of a rematch.
        li.classList.add('elsewhere');
        li.append(`${name}: played on another screen.`);
      }
      ul.appendChild(li);
    });
    const watch = document.createElement('li');
    watch.append('Watch: ', linkField(base + `/#${view.id}`));
    ul.appendChild(watch);
    box.appendChild(ul);
  }

  // The creator is told when an invitation it handed out is taken.
  let seen = null;  // { id, invited: [bool per seat] } of the last view drawn
  renderHooks.push((view) => {
    const before = seen && seen.id === view.id ? seen.invited : null;
    seen = { id: view.id, invited: view.seats.map((s) => !!s.invited) };
    if (!before || !createdHere(view.id)) return;
    view.seats.forEach((s, seat) => {
      if (!before[seat] || s.invited) return;
      delete given[`${view.id}:${seat}`];
      say(`${capitalised(s.name)}'s player opened the invitation: ${s.name} is played on their screen now.`, true);
    });
  });

  return { draw };
})();
