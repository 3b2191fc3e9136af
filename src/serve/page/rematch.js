// A rematch keeps its players (POST …/rematch, GET …/rematch-seat, docs/serve-api.md). Each
// screen that held seats of the finished game gets the new seats of those seats (two players
// swap sides), and only those: the screen that asks gets its own in the answer; every other
// screen sees the finished game's view name the rematch and follows into it with its own.
// A seat link's tab takes its new seat's link into the address bar; the creator's tab keeps its
// new tokens for this tab only, as for a game it created.
'use strict';

const Rematch = (() => {
  // The finished games this tab followed into their rematch: once is enough (a player who goes
  // back to the finished game to look at it is not sent on again).
  function followed(id) { return sessionStorage.getItem('regalia-followed-' + id) === '1'; }
  function markFollowed(id) { sessionStorage.setItem('regalia-followed-' + id, '1'); }

  // The seats this tab plays of the rematch `id`, from `links` (a token for its own, null for
  // the other screens' seats).
  function take(old, id, links) {
    if (seatToken) {
      // The player of seat s plays seat s + 1 of the rematch.
      const n = links.seats.length;
      const next = old.you !== null && old.you !== undefined ? links.seats[(old.you + 1) % n] : null;
      const own = next && next.token ? next : links.seats.find((s) => s.token);
      if (own) Invitation.useLink(id, own.token);
      return;
    }
    sessionStorage.setItem('regalia-seats-' + id, JSON.stringify(links.seats.map((s) => s.token || null)));
    sessionStorage.setItem('regalia-links-' + id, JSON.stringify(links));
  }

  // "Your opponent asked for a rematch: you play white now." (`asked`: this screen asked.) The
  // asker is named by the side it played, which it no longer plays: a game of two says
  // "your opponent", one of more "Red's player".
  function news(old, next, asked) {
    const mine = next.seats
      .map((s, i) => (!s.engine && (seatToken ? next.you === i : holdsSeat(next.id, i)) ? s.name : null))
      .filter((s) => s);
    const by = old.rematch && old.seats[old.rematch.by];
    const asker = old.seats.length === 2 ? 'Your opponent' : by ? `${capitalised(by.name)}'s player` : 'A player';
    const plays = mine.length ? `you play ${mine.join(' and ')} now` : 'you are watching it';
    if (asked) return `Rematch: ${plays}.`;
    return `${asker} asked for a rematch: ${plays}.`;
  }

  // Opens the rematch the answer `view` (with this tab's `links`) brings, from the game `old`:
  // read again with this tab's new link, which the view (its `you`, its board turned to the
  // tab's side) is drawn for.
  async function open(old, view) {
    markFollowed(old.id);
    take(old, view.id, view.links);
    const next = await api('GET', `/api/games/${view.id}`);
    openGame(next);
    // Only when players sit at other screens: at one screen, the sides swapped say it all.
    if (next.seats.some((s) => s.handed_out)) say(news(old, next, true), true);
  }

  // Another screen asked for the rematch: this tab's own seats of it, then the game.
  let following = null;
  async function follow(old) {
    following = old.id;
    markFollowed(old.id);
    try {
      const answer = await api('GET', `/api/games/${old.id}/rematch-seat`);
      take(old, answer.id, answer.links);
      const next = await api('GET', `/api/games/${answer.id}`);
      openGame(next);
      say(news(old, next), true);
    } catch (e) {
      say(e.message);
    } finally {
      following = null;
    }
  }

  renderHooks.push((view) => {
    if (!view.over || !view.rematch || following || followed(view.id)) return;
    // Only a screen that held a seat of the game has a seat of the rematch to follow into.
    if (!tokenFor(view.id)) return;
    follow(view);
  });

  return { open, asked: markFollowed };
})();
