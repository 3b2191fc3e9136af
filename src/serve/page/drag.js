// The piece follows the pointer while it is dragged: a copy of its drawing moves with the
// pointer over the board, the piece itself stays faint on its square until the drop
// (app.js's pointer handlers play the move; a click and a click still work).
'use strict';

let dragGhost = null;   // { ghost, piece, svg, cx, cy, pointer }

// The drawn piece standing on `square`: the piece group whose centre lies in that cell.
function pieceOn(square) {
  const rect = cellRect(square);
  if (!rect) return null;
  const x = Number(rect.getAttribute('x')), y = Number(rect.getAttribute('y'));
  const w = Number(rect.getAttribute('width')), h = Number(rect.getAttribute('height'));
  for (const g of document.querySelectorAll('#board-box svg g.piece')) {
    const b = g.getBBox();
    const cx = b.x + b.width / 2, cy = b.y + b.height / 2;
    if (cx >= x && cx <= x + w && cy >= y && cy <= y + h) return { g, cx: x + w / 2, cy: y + h / 2 };
  }
  return null;
}

// The pointer's place in the board's own coordinates.
function svgPoint(svg, event) {
  const m = svg.getScreenCTM();
  if (!m) return null;
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(m.inverse());
  return { x: p.x, y: p.y };
}

function dragStart(event, square) {
  dragStop();
  const found = pieceOn(square);
  const svg = document.querySelector('#board-box svg');
  if (!found || !svg) return;
  const ghost = found.g.cloneNode(true);
  ghost.classList.add('drag-ghost');
  ghost.setAttribute('pointer-events', 'none');
  ghost.dataset.from = square;
  found.g.parentNode.appendChild(ghost);
  // The piece's own look (a previewed set-up piece is faint already) comes back at the drop.
  const was = found.g.style.opacity;
  found.g.style.opacity = '0.35';
  dragGhost = { ghost, piece: found.g, was, svg, cx: found.cx, cy: found.cy, pointer: event.pointerId };
  try { svg.setPointerCapture(event.pointerId); } catch (e) { /* a synthetic pointer: moves still reach the board */ }
  svg.addEventListener('pointermove', dragMove);
  svg.addEventListener('pointercancel', dragStop);
}

function dragMove(event) {
  if (!dragGhost || event.pointerId !== dragGhost.pointer) return;
  const p = svgPoint(dragGhost.svg, event);
  if (!p) return;
  dragGhost.ghost.setAttribute('transform', `translate(${p.x - dragGhost.cx} ${p.y - dragGhost.cy})`);
}

// The drop (or a cancelled drag): the ghost goes, the piece shows again until the board is
// redrawn with the move played.
function dragStop() {
  if (!dragGhost) return;
  const { ghost, piece, was, svg, pointer } = dragGhost;
  dragGhost = null;
  ghost.remove();
  piece.style.opacity = was;
  svg.removeEventListener('pointermove', dragMove);
  svg.removeEventListener('pointercancel', dragStop);
  try { svg.releasePointerCapture(pointer); } catch (e) { /* already released */ }
}
