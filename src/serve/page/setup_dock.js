// Sceptre's set-up on a phone: the tools for placing ("Set up for me", its proposal and Confirm,
// the palette of pieces) stood in the side panel, which a phone lays out under the board: a
// page's scroll below the zoomed field, so a player saw either the field or the pieces to place.
// While this screen places an army and the panel is under the board, the tools stand right
// under the field (#setup-dock), and the field's box is held short enough for the field and
// the tools to be on the screen together; once the set-up is over they go back to the panel.
'use strict';

(function () {
  // In the panel's order; they go back before the promotion chooser, where they stood.
  const TOOLS = ['stand-in', 'setup-preview', 'palette'];
  // The least of the field kept on the screen (a phone turned is 390 px high): five rows of a
  // finger's squares.
  const MIN_FIELD_PX = 180;
  // Room left under the tools (the box's margins, a line of breath).
  const SPARE_PX = 8;

  // The panel under the board (a phone; a window made narrow), not beside it.
  function panelUnderBoard() {
    return $('side').getBoundingClientRect().top >= $('board-column').getBoundingClientRect().bottom - 1;
  }

  function placesHere(view) {
    return isSceptre(view) && !view.over && readSceptre(view.position).inSetUp && mySeat(view) !== null;
  }

  function dockTools(view) {
    const dock = $('setup-dock');
    // Whether the panel is under the board depends on the widths alone (the tools in the dock
    // make the board's column taller, never wider).
    const wanted = placesHere(view) && panelUnderBoard();
    const tools = TOOLS.map((id) => $(id)).filter(Boolean);
    if (wanted) {
      // Moved only when out of place: a tool moved in the DOM loses a press begun on it.
      const inOrder = tools.length === dock.childElementCount && tools.every((t, i) => dock.children[i] === t);
      if (!inOrder) for (const tool of tools) dock.append(tool);
    } else {
      for (const tool of tools) if (tool.parentElement === dock) $('chooser').before(tool);
    }
    const newly = wanted && dock.hidden;
    dock.hidden = !wanted;
    fitFieldAbove(wanted);
    // The field opened centred on the player's kingdom in the taller box: centred again in the
    // box it has now, or the kingdom's near edge is cut. A place the player scrolled to stays
    // (a window made narrow: zoom.js keeps it).
    const box = $('board-box'), svg = box.querySelector('svg');
    if (newly && openingView && svg && box.classList.contains('zoomed')) { centreOnOwnKingdom(box, svg); readFieldPlace(); }
  }

  // The zoomed field's box held to what the screen has left above the tools, with the page at
  // its top (as it opens); unheld (style.css's 86% of the screen) once the tools go back.
  function fitFieldAbove(docked) {
    const box = $('board-box');
    if (!docked || !box.classList.contains('zoomed')) { box.style.maxHeight = ''; return; }
    const top = box.getBoundingClientRect().top + window.scrollY;
    const tools = $('setup-dock').getBoundingClientRect().height;
    const room = Math.floor(window.innerHeight - top - tools - SPARE_PX);
    box.style.maxHeight = `${Math.max(MIN_FIELD_PX, room)}px`;
  }

  renderHooks.push(dockTools);
  // A phone turned: the panel may come beside the board, and the room above the tools changes.
  // The palette's room is measured again at its new width (drawPalette).
  window.addEventListener('resize', () => { if (game) { drawPalette(game); dockTools(game); } });
})();
