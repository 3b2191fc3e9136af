// Opening an invitation (POST …/claim, docs/serve-api.md). A seat handed out gets a link the
// creator sends, and saw: the first screen to open it takes the seat, with a token of its own that
// nobody else saw, and the invitation is spent. The page keeps that token where a player looks for
// their seat again: in the address bar (a reload, a bookmark, a closed tab reopened) and in this
// browser's localStorage (the invitation opened again from the message it came in, after the tab
// was closed: this browser took it, so it plays the seat again). Anyone else who opens the spent
// invitation, the creator too, is told it was taken, and watches.
'use strict';

const Invitation = (() => {
  // Game id → { invitation, token }: the invitations this browser took, the newest kept.
  const KEY = 'regalia-claims';
  const KEPT = 100;

  function claims() {
    try { return JSON.parse(localStorage.getItem(KEY) || '{}') || {}; } catch (e) { return {}; }
  }

  function remember(id, invitation, token) {
    const all = claims();
    delete all[id];
    all[id] = { invitation, token };
    const ids = Object.keys(all);
    for (const old of ids.slice(0, Math.max(0, ids.length - KEPT))) delete all[old];
    try { localStorage.setItem(KEY, JSON.stringify(all)); } catch (e) { /* private mode: the address bar keeps it */ }
  }

  // This tab plays `token`'s seat of game `id` from now on, also after a reload.
  function useLink(id, token) {
    seatToken = token;
    history.replaceState(null, '', `/?seat=${encodeURIComponent(token)}#${id}`);
  }

  // This tab watches game `id`: the dead link leaves the address bar (and every request).
  function watch(id) {
    seatToken = null;
    history.replaceState(null, '', `/#${id}`);
  }

  // The view to open for a page opened at a seat link, and the news to show with it: an
  // invitation is claimed first; a spent one is this browser's own claim again, or watched.
  let spent = null;  // { id, why }: the spent link this tab was opened at, said beside the game

  // Why this tab watches game `id`, when it was opened at a spent link (else null).
  function spentNote(id) { return spent && spent.id === id ? spent.why : null; }

  async function settle(view) {
    const link = view.seat_link;
    if (!seatToken || !link || link.state === 'plays') return { view };
    const name = view.seats[link.seat] ? view.seats[link.seat].name : `seat ${link.seat}`;
    try {
      if (link.state === 'invitation') {
        const invitation = seatToken;
        const answer = await api('POST', `/api/games/${view.id}/claim`, {});
        remember(view.id, invitation, answer.token);
        useLink(view.id, answer.token);
        return {
          view: await api('GET', `/api/games/${view.id}`),
          news: `You took the invitation: you play ${name}. This address is your link now.`,
          good: true,
        };
      }
      const mine = claims()[view.id];
      if (link.state === 'taken' && mine && mine.invitation === seatToken) {
        const spent = seatToken;
        useLink(view.id, mine.token);
        const again = await api('GET', `/api/games/${view.id}`);
        if (again.seat_link && again.seat_link.state === 'plays') {
          return { view: again, news: `This browser took the invitation: you play ${name}.`, good: true };
        }
        seatToken = spent;
      }
      watch(view.id);
      spent = {
        id: view.id,
        why: link.state === 'taken'
          ? `The invitation you opened was already taken by the player of ${name} (if that was you, in another browser or app, play on there: its address is your link).`
          : `The link you opened was handed on to another player of ${name}.`,
      };
      const news = link.state === 'taken'
        ? `This invitation was already taken by the player of ${name}: you are watching.`
        : `This link was handed on to another player: you are watching.`;
      return { view, news };
    } catch (e) {
      return { view, news: e.message };
    }
  }

  return { settle, useLink, spentNote };
})();
