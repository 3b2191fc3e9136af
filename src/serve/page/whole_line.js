// A line cut short to keep its room (a long list of pieces taken, a Sceptre pool, a seat's
// standing) shows its whole text on hover, which a phone has not: a tap (a click) on such a
// line shows it whole in a box laid over the page, below the line, which moves nothing; the next
// tap anywhere closes it.
'use strict';

const CUT_LINES = '#counters .counter, #sceptre-standing .standing, #sceptre-standing .standing-details, #seat-list div';

function closeWholeLine() {
  const open = $('whole-line');
  if (open) open.remove();
}

function showWholeLine(line) {
  const box = document.createElement('div');
  box.id = 'whole-line';
  box.setAttribute('role', 'tooltip');
  box.textContent = line.title || line.textContent;
  const r = line.getBoundingClientRect();
  box.style.left = `${r.left + window.scrollX}px`;
  box.style.top = `${r.bottom + window.scrollY}px`;
  box.style.width = `${Math.max(r.width, 200)}px`;
  document.body.appendChild(box);
}

document.addEventListener('click', (event) => {
  const wasOpen = !!$('whole-line');
  closeWholeLine();
  const line = event.target.closest && event.target.closest(CUT_LINES);
  // Only a line that is cut: one shown whole has nothing more to say.
  if (!wasOpen && line && line.scrollWidth > line.clientWidth + 1) showWholeLine(line);
});
// The lines are drawn afresh with each view: a box left open would stand for an old one.
renderHooks.push(closeWholeLine);
