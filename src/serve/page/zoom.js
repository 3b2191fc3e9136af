// Sceptre's field zoomed on a small screen (a phone): larger than its box, which scrolls. It
// opens at a finger's size on the player's own kingdom where a square of the whole field would
// be too small to tap, is fitted again when the screen's width changes (a phone turned), and
// keeps the place looked at across a redraw, a resize and a new zoom. Zoom −/+ beside the
// board's controls. Reads sceptre.js (the game's seats and kingdoms) and app.js (the board's
// scroll kept across a redraw, boardScroll).
'use strict';

const ZOOMS = [1, 1.5, 2, 3];
// A square a finger can tap (about 1 cm), and the size under which the field opens zoomed.
const FINGER_PX = 36;
const SMALL_SQUARE_PX = 20;
let zoomStep = 0;
let fieldOpenedFor = null;  // the game whose field was opened at a size for this screen
let fittedWidth = null;     // the box's width the zoom was last fitted to
// The zoomed field was just opened on the player's kingdom: true until the next scroll event
// (the opening's own, or the player's), so a hook of the same drawing may centre it again.
let openingView = false;
// The whole field is held to this share of the screen's height (style.css, `#board-box svg`).
const WHOLE_FIELD_HEIGHT = 0.86;

// ---- zoom: the field larger than the screen, scrolled ----------------------------------------

function drawZoom(view) {
  let box = $('zoom-controls');
  if (!box) {
    box = document.createElement('span');
    box.id = 'zoom-controls';
    box.className = 'inline';
    const button = (id, text, title, step) => {
      const b = document.createElement('button');
      b.type = 'button'; b.id = id; b.textContent = text; b.title = title;
      b.addEventListener('click', () => { zoomStep = Math.max(0, Math.min(ZOOMS.length - 1, zoomStep + step)); applyZoom(true); });
      return b;
    };
    box.append('Zoom ', button('zoom-out', '−', 'smaller board', -1), button('zoom-in', '+', 'larger board (scroll to move about)', 1));
    $('sceptre-bottom-label').after(box);
  }
  box.hidden = !isSceptre(view);
}

// At a zoom above 1 the board is wider than its box, which scrolls; zooming in first shows
// this screen's own kingdom.
function applyZoom(centre) {
  const boxEl = $('board-box');
  const svg = boxEl.querySelector('svg');
  if (svg && isSceptre(game) && fieldOpenedFor !== game.id) {
    const step = fittingZoomStep(boxEl, svg);
    if (step !== undefined) { fieldOpenedFor = game.id; fittedWidth = boxEl.clientWidth; }
    if (step !== undefined && step !== null) { zoomStep = step; centre = true; openingView = true; }
  }
  const zoom = isSceptre(game) ? ZOOMS[zoomStep] : 1;
  boxEl.classList.toggle('zoomed', zoom > 1);
  if (svg) svg.style.width = `${zoom * 100}%`;
  drawZoomButtons();
  // A board drawn afresh (every view, every step of a review) is narrower for a moment, and the
  // box's scroll went back to the field's corner at each move: it is put back where the player
  // left it (app.js, replaceBoard).
  // A box resized since the place was read (a phone turned as a move came) shows that place.
  if (!centre && zoom > 1 && svg) {
    if (resizedSincePlaceRead(boxEl)) { showFieldPlace(boxEl); return; }
    boxEl.scrollLeft = boardScroll.left;
    boxEl.scrollTop = boardScroll.top;
  }
  if (centre && zoom > 1 && svg) centreOnOwnKingdom(boxEl, svg);
  readFieldPlace();
}

function drawZoomButtons() {
  if ($('zoom-out')) $('zoom-out').disabled = zoomStep === 0;
  if ($('zoom-in')) $('zoom-in').disabled = zoomStep === ZOOMS.length - 1;
}

// The zoom that fits this screen, from the field's drawing and the box's size alone (nothing
// is redrawn, so a zoomed field keeps its scroll). Where a square of the whole field is smaller
// than SMALL_SQUARE_PX (a phone's 24x24 field is 13 px a square, a phone turned shorter still:
// the whole field is held to the screen's height), the smallest zoom whose square is FINGER_PX
// wide, or the largest; elsewhere (a desktop) null: the zoom stays as it was. Undefined while
// the box is not on the screen to be measured. Zoomed, the field is the zoom times the box's
// width, whatever the screen's height: a fit read from the whole field's held square (a
// phone turned: 14 px, so 3x) made 94 px squares.
function fittingZoomStep(boxEl, svg) {
  const cell = svg.querySelector('rect.cell');
  const field = svg.viewBox && svg.viewBox.baseVal;
  if (!cell || !field || !field.width || !field.height || !boxEl.clientWidth) return undefined;
  const share = Number(cell.getAttribute('width')) / field.width;
  const byWidth = boxEl.clientWidth * share;
  const byHeight = WHOLE_FIELD_HEIGHT * window.innerHeight * (field.width / field.height) * share;
  if (Math.min(byWidth, byHeight) >= SMALL_SQUARE_PX) return null;
  const step = ZOOMS.findIndex((z) => z * byWidth >= FINGER_PX);
  return step < 0 ? ZOOMS.length - 1 : step;
}

// A screen of another width (a phone turned, a window made narrower): the zoom is fitted to it
// again, on the place looked at. True if the zoom changed.
function refitZoom(boxEl) {
  const svg = boxEl.querySelector('svg');
  if (!svg || !isSceptre(game) || fieldOpenedFor !== game.id || fittedWidth === null) return false;
  if (Math.abs(boxEl.clientWidth - fittedWidth) < 1) return false;
  fittedWidth = boxEl.clientWidth;
  const step = fittingZoomStep(boxEl, svg);
  if (step === undefined || step === null || step === zoomStep) return false;
  // The place, read in the old size, before the field takes its new zoom.
  const place = boxEl.classList.contains('zoomed') ? placeLookedAt(boxEl) : null;
  zoomStep = step;
  const zoom = ZOOMS[step];
  boxEl.classList.toggle('zoomed', zoom > 1);
  svg.style.width = `${zoom * 100}%`;
  drawZoomButtons();
  // The place stays the one looked at even where the new size holds the scroll at an edge
  // (it is then in view, off the middle): turned back, the view is as it was.
  if (zoom > 1 && place) scrollToPlace(boxEl, place);
  else {
    if (zoom > 1) centreOnOwnKingdom(boxEl, svg);
    readFieldPlace();
  }
  return true;
}

// Scrolls the box (only the box: the page stays where it is) to put this screen's own kingdom
// in its middle, or the field's middle for a watcher.
function centreOnOwnKingdom(boxEl, svg) {
  const seat = mySeat(game);
  const position = readSceptre(game.position);
  const colour = seat === null ? null : 'bwrg'[seat];
  const corner = colour && position.kingdoms[colour] ? squareCoords(position.kingdoms[colour]) : null;
  const name = (file, rank) => {
    let letters = '', n = file + 1;
    while (n > 0) { const r = (n - 1) % 26; letters = String.fromCharCode(97 + r) + letters; n = Math.floor((n - 1) / 26); }
    return `${letters}${rank + 1}`;
  };
  const middle = corner ? svg.querySelector(`rect.cell[data-square="${name(corner[0] + 3, corner[1] + 3)}"]`) : null;
  const box = boxEl.getBoundingClientRect();
  const seen = shownHeight(boxEl);
  if (!middle) {
    boxEl.scrollLeft = (boxEl.scrollWidth - boxEl.clientWidth) / 2;
    boxEl.scrollTop = (boxEl.scrollHeight - seen) / 2;
    return;
  }
  // The kingdom's middle is the corner of its four middle squares: the far corner of this one.
  const at = middle.getBoundingClientRect();
  const x = at.left + at.width, y = at.top;
  boxEl.scrollLeft += x - (box.left + boxEl.clientWidth / 2);
  boxEl.scrollTop += y - (box.top + seen / 2);
}

// The height of the box on the screen (a box taller than what is left of the screen below its
// top is seen only that far).
function shownHeight(boxEl) {
  const top = Math.max(0, boxEl.getBoundingClientRect().top);
  return Math.max(1, Math.min(boxEl.clientHeight, window.innerHeight - top));
}

// ---- the place looked at in the zoomed field, kept across a resize ----------------------------
// The box's width follows the screen's, the field's size the box's, while the scroll stays in
// pixels: a resize (a phone turned, a window made smaller) showed another part of the field,
// towards its corner. The middle of what the box shows is kept as shares of the field's size,
// read as the player scrolls (and after each zoom and redraw) while the box keeps its size; when
// the box's size changes at the same zoom, the scroll is set to show that place again.
let fieldPlace = null;   // { x, y }: the middle of the box's view, shares of the field
let fieldLayout = null;  // the box's size and the zoom fieldPlace was read at

// The box's size and the zoom, with the field's size and the scroll there.
function layoutOf(boxEl) {
  return {
    width: boxEl.clientWidth, height: boxEl.clientHeight, step: zoomStep,
    fieldWidth: boxEl.scrollWidth, fieldHeight: boxEl.scrollHeight, left: boxEl.scrollLeft, top: boxEl.scrollTop,
  };
}

// The same box and zoom (the scroll aside).
function sameLayout(a, b) {
  return !!a && !!b && a.width === b.width && a.height === b.height && a.step === b.step;
}

function readFieldPlace() {
  const boxEl = $('board-box');
  placeScroll = null;
  if (!boxEl.classList.contains('zoomed') || !boxEl.scrollWidth) { fieldPlace = null; fieldLayout = null; return; }
  fieldLayout = layoutOf(boxEl);
  fieldPlace = {
    x: (boxEl.scrollLeft + boxEl.clientWidth / 2) / boxEl.scrollWidth,
    y: (boxEl.scrollTop + boxEl.clientHeight / 2) / boxEl.scrollHeight,
  };
}

// Where the page itself last scrolled the box: the scroll event that follows is not the player's.
let placeScroll = null;

function resizedSincePlaceRead(boxEl) {
  return !!fieldPlace && !!fieldLayout && fieldLayout.step === zoomStep && !sameLayout(fieldLayout, layoutOf(boxEl));
}

// Scrolls the box to show fieldPlace in its middle (held at an edge where the new size leaves
// no room): the place stays the one the player chose; only the size is new.
function showFieldPlace(boxEl) {
  scrollToPlace(boxEl, placeLookedAt(boxEl));
}

// The place looked at, after the box's size changed. A scroll made in the old size whose event
// had not come yet (the resize came in the same frame) is the player's last place: read in the
// old size, unless the new size has held the scroll at its end (then the place read before
// stands).
function placeLookedAt(boxEl) {
  const was = fieldLayout;
  const [left, top] = [boxEl.scrollLeft, boxEl.scrollTop];
  const held = (left > 0 && left >= boxEl.scrollWidth - boxEl.clientWidth)
    || (top > 0 && top >= boxEl.scrollHeight - boxEl.clientHeight);
  if (was && !placeScroll && !held && (left !== was.left || top !== was.top)) {
    return { x: (left + was.width / 2) / was.fieldWidth, y: (top + was.height / 2) / was.fieldHeight };
  }
  return fieldPlace;
}

function scrollToPlace(boxEl, place) {
  if (!place) return;
  fieldPlace = place;
  boxEl.scrollLeft = place.x * boxEl.scrollWidth - boxEl.clientWidth / 2;
  boxEl.scrollTop = place.y * boxEl.scrollHeight - boxEl.clientHeight / 2;
  placeScroll = { left: boxEl.scrollLeft, top: boxEl.scrollTop };
  fieldLayout = layoutOf(boxEl);
}

$('board-box').addEventListener('scroll', () => {
  const boxEl = $('board-box');
  // A scroll that came of a resize not yet answered (the browser keeps the pixels) is not the
  // player's, nor one the page made to show the place: the place stays.
  if (!sameLayout(fieldLayout, layoutOf(boxEl))) return;
  if (placeScroll && Math.abs(boxEl.scrollLeft - placeScroll.left) < 1 && Math.abs(boxEl.scrollTop - placeScroll.top) < 1) return;
  placeScroll = null;
  openingView = false;
  readFieldPlace();
}, { passive: true });

new ResizeObserver(() => {
  const boxEl = $('board-box');
  if (refitZoom(boxEl)) return;
  if (boxEl.classList.contains('zoomed') && resizedSincePlaceRead(boxEl)) showFieldPlace(boxEl);
}).observe($('board-box'));
