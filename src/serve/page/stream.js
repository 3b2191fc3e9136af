// Pushed updates: one EventSource per game shown (`GET /api/games/{id}/events`). The server sends
// the game's generation at once and after every change; a generation the page has not drawn
// makes it fetch the game. While the stream is open the page does not poll for changes (it asks
// for a running search's lines only); when the stream breaks it polls slowly until the browser
// reconnects, and on reconnecting (a restarted server) it reads the game afresh.
const Stream = (() => {
  let source = null;
  let streamId = null;
  let open = false;
  let broken = false;

  function watch(id) {
    if (source) source.close();
    source = null;
    open = false;
    broken = false;
    streamId = id;
    if (typeof EventSource === 'undefined') return;
    let first = true;  // the next event is a stream's first
    source = new EventSource(withSeat(`/api/games/${id}/events`, true));
    source.onopen = () => {
      open = true;
      first = true;
      if (broken) refresh();
      broken = false;
      schedulePoll();
    };
    source.onmessage = (e) => {
      let data;
      try { data = JSON.parse(e.data); } catch (err) { return; }
      // The first event says where the game is; every later one is a change (render() then
      // draws the view fetched only if it is not older than the one shown).
      const news = !first || data.generation !== (game && game.generation);
      first = false;
      if (game && game.id === streamId && news) refresh();
    };
    source.onerror = () => {
      // The browser tries again by itself (after the server's `retry`); poll meanwhile.
      open = false;
      broken = true;
      schedulePoll();
    };
  }

  // Stops listening (the page's game stays; it polls now and then): a tab that must not
  // hear of changes, as in the browser check of a stale tab.
  function close() {
    if (source) source.close();
    source = null;
    open = false;
  }

  renderHooks.push((view) => { if (view.id !== streamId) watch(view.id); });
  return { live: () => open, close };
})();
