// Check on the board: the square of the king in check (the view's `check`, also on a reviewed
// position) gets a red glow beneath the king, so the piece stays readable.
'use strict';

function drawCheck(square) {
  document.querySelectorAll('#board-box .check-mark').forEach((m) => m.remove());
  if (!square) return;
  const rect = cellRect(square);
  const board = document.querySelector('#board-box svg g#board');
  if (!rect || !board) return;
  const x = Number(rect.getAttribute('x')), y = Number(rect.getAttribute('y'));
  const w = Number(rect.getAttribute('width')), h = Number(rect.getAttribute('height'));
  const glow = document.createElementNS(SVG_NS, 'circle');
  glow.setAttribute('cx', x + w / 2); glow.setAttribute('cy', y + h / 2);
  glow.setAttribute('r', w * 0.48);
  glow.setAttribute('fill', '#e0301e'); glow.setAttribute('fill-opacity', '0.6');
  glow.setAttribute('stroke', '#b3261e'); glow.setAttribute('stroke-width', 3);
  glow.setAttribute('class', 'check-mark');
  glow.setAttribute('data-square', square);
  glow.setAttribute('pointer-events', 'none');
  // Beneath the pieces: the first piece drawn is the first thing the glow must not cover.
  board.insertBefore(glow, board.querySelector('g.piece'));
}

renderHooks.push((view) => { if (!(typeof reviewing === 'function' && reviewing())) drawCheck(view.check); });
