// How to play each game, in short and in plain words, drawn from the project's own rules pages
// (docs/rules/*.md, which stay the full and exact text). The page shows one game at a time.
'use strict';

// Each game: its name for people, a line on what it is, how to play (a list), a legend of
// what the board shows, and tips for each side. `swatch` is the colour the board draws.
const RULES = {
  chess: {
    title: 'Chess',
    intro: 'The classic game for two. White moves first; the players take turns.',
    howTo: [
      'Each side has a king, a queen, two rooks, two bishops, two knights and eight pawns.',
      'The king steps one square any way; the queen, rook and bishop slide as far as they like (the queen any way, the rook straight, the bishop diagonally); the knight jumps in an L.',
      'A pawn steps straight ahead (two squares from its first square) and takes one square diagonally ahead; on the far rank it becomes a queen, rook, bishop or knight.',
      'Castling, en passant and promotion are played as usual: click the king, then where it goes.',
      'Put the enemy king in check with no way out — checkmate — to win. No legal move while not in check is a draw, and so are a position seen three times, fifty moves without a capture or pawn move, and too little material to mate.',
      'Fischer random (Chess960) shuffles the pieces of the first rank; castling puts the king and rook on the usual squares, wherever they started (click the king, then its own rook).',
    ],
    legend: [
      ['Dots', 'where the piece you picked up may go.', '#1e824c'],
      ['Yellow', 'the squares of the last move.', '#f7ec5e'],
    ],
    tips: [
      ['For both sides', [
        'Bring out knights and bishops early, castle, and fight for the centre.',
        'Before each move, look at what the last enemy move threatens.',
        'A piece that is attacked more often than it is defended is in danger.',
      ]],
    ],
  },
  scepterchess: {
    title: 'Capture the Scepter',
    intro: 'Chess with two changes: pawns can slide round a blocker, and a king wins by reaching the enemy scepter.',
    howTo: [
      'Everything else is chess: the same pieces, moves, check and checkmate.',
      'The scepters stay where the kings start: White’s on e1, Black’s on e8. A king that legally steps onto the enemy scepter wins at once, even if that square is empty.',
      'Only a king takes a scepter; any other piece may stand on a scepter square.',
      'Sliding pawns: a pawn blocked by an enemy piece straight ahead may instead step one square diagonally forward onto an empty square. The slide takes nothing and threatens nothing.',
      'There is no draw for too little material: a lone king can still race for the scepter.',
    ],
    legend: [
      ['Gold squares', 'the scepters: e1 is White’s, e8 is Black’s.', '#d4af37'],
      ['Dots', 'where the piece you picked up may go.', '#1e824c'],
      ['Yellow', 'the squares of the last move.', '#f7ec5e'],
    ],
    tips: [
      ['For both sides', [
        'Your own scepter is where your king started: once your king leaves, keep the enemy king from walking in.',
        'In the endgame a king march to e1 or e8 can beat a material lead.',
        'A blocked pawn is not stuck: count its slides before you block it.',
      ]],
    ],
  },
  chess40k: {
    title: 'Chess 40k',
    intro: 'Chess with the Zealot, a piece that can blow itself up, and promotion that is optional.',
    howTo: [
      'The set-up is chess with each side’s b- and g-pawns replaced by Zealots.',
      'A Zealot steps and takes one square in any direction, like a king that is not royal.',
      'Self-destruct: instead of moving, blow up a Zealot (click it twice, then “self-destruct”). It leaves the board with every piece on the eight squares around it, friend or foe.',
      'You may not blow up your own king or leave him in check; blowing up the enemy king wins.',
      'A pawn on the last rank may become a knight, bishop, rook, queen or Zealot — or stay a pawn for good.',
      'Otherwise the rules of chess hold: check, checkmate and the draws.',
    ],
    legend: [
      ['Hooded figure', 'the Zealot (Z in positions and records; worth a little more than a knight).', '#5b6573'],
      ['Ring', 'a piece you may use without moving it (the self-destruct).', '#1e824c'],
      ['Yellow', 'the squares of the last move.', '#f7ec5e'],
    ],
    tips: [
      ['For both sides', [
        'Keep your king two squares or more from enemy Zealots: a blast hits all eight squares round one.',
        'A Zealot beside a cluster of enemy pieces is a threat worth more than its own value.',
        'Trading your Zealot for two enemy pieces is usually a good bargain.',
      ]],
    ],
  },
  tafl: {
    title: 'Tafl',
    intro: 'A siege on an 11×11 board: twelve defenders shield their king and seek a corner; twenty-four attackers close in. The attackers (dark) move first.',
    howTo: [
      'Every piece, the king too, moves like a rook: any number of empty squares along a row or column, never over another piece.',
      'Only the king may stop on the throne (the middle square) or on a corner gate. Others may pass over the empty throne.',
      'Capture by trapping an enemy between two of your pieces on a line; the empty throne and the gates count as your pieces. Only the mover captures: you may safely step between two enemies.',
      'The king is taken only when an attacker steps in to close all four sides round him (the throne counts as a side). A king on the edge of the board cannot be taken.',
      'The defenders win when the king reaches a corner gate; the attackers win by taking the king. A side with no legal move loses; a position seen three times is a draw.',
      'Other rule sets (Fetlar, Copenhagen, Brandubh, Tablut) are chosen under “Rule set”; their details are in docs/rules/tafl.md.',
    ],
    legend: [
      ['Throne', 'the middle square: only the king may stop there; empty, it helps capture.', '#d4af37'],
      ['Gates', 'the four corners: the king escapes there; they help capture too.', '#8e44ad'],
      ['Dark pieces', 'the attackers.', '#2c3440'],
      ['Light pieces', 'the defenders and their king.', '#f4f1ea'],
      ['Yellow', 'the squares of the last move.', '#f7ec5e'],
    ],
    tips: [
      ['For the defenders', [
        'Aim for a corner, not a slaughter: open two roads to two different gates at once.',
        'Clear lanes with your guards before the king runs; he can capture too.',
        'A guard alone beside an attacker with an empty square behind it is a free capture.',
      ]],
      ['For the attackers', [
        'Guard the corners and the lanes that feed them first.',
        'Move in pairs and build walls, so no lone piece can be trapped.',
        'Push the king back toward the throne: on the edge he cannot be taken.',
      ]],
    ],
  },
  sceptre1027: {
    title: 'Sceptre 1027 A.D.',
    intro: 'Chess for two to four players on a countryside of 8×8 boards, where the ground decides where each piece may go.',
    howTo: [
      'Black sits south and moves first; the turn passes clockwise: Black, White, Red, Green.',
      'Set-up: the game starts on an empty field. In turn, each player places one piece at a time on his own kingdom (pick the piece, then a square) until every army is out. The two bishops go on different colours; nobody may start in check.',
      'The king steps one square; queen, rook and bishop slide as in chess. The knight leaps to any square exactly three away in a straight line, or along the chess L, over anything.',
      'The pawn moves one to three squares straight forward, diagonally forward or sideways, and takes one square diagonally forward. No double step, no en passant, no castling.',
      'A pawn that ends on meadow at the far edge may be exchanged for a piece of its colour already captured — only if one has been.',
      'Two players: checkmate wins. Three or four: a king must actually be captured. The captor takes over the loser’s other pieces. A player stalemated withdraws; his pieces stay as lifeless blocks. The last player left wins.',
    ],
    legend: [
      ['Meadow', 'open to every piece.', '#acd37a'],
      ['Forest', 'no rook; a bishop stops as it enters.', '#4f7f3f'],
      ['River', 'knights and pawns only; a pawn wades in and stops.', '#6fc1e3'],
      ['Pond', 'only a knight may land there.', '#6d84d4'],
      ['Bridge', 'dry ground over a river, open to all.', '#bf935a'],
      ['Castle ruin', 'rooks and pawns stop as they enter; no king, queen, bishop or knight.', '#aba394'],
      ['Hole', 'no board: no piece may enter; only a knight leaps over.', '#fbfaf7'],
      ['Coloured frames', 'each player’s kingdom, in his colour: his pieces are placed there.', '#ffffff'],
      ['Dark frames', 'the edges of the 8×8 boards the field is made of.', '#2c3440'],
      ['Greyed pieces', 'a withdrawn player’s: lifeless obstacles that anyone may take.', '#8a8f96'],
      ['Corner flag', 'a piece that passed to the player who took its king keeps its old colour in the corner.', '#c0392b'],
      ['Yellow', 'the squares of the last move (framed on terrain).', '#f7ec5e'],
    ],
    tips: [
      ['When setting up', [
        'Keep the king off open lines and next to ground that rooks and bishops cannot cross.',
        'Knights are strong here: they cross rivers and ponds that stop everyone else.',
      ]],
      ['In play', [
        'With three or four, a checkmated king is not yet lost: move another piece and hope the threat goes.',
        'Taking a king wins his whole army: watch the weakest king on the field.',
        'A pawn promotes only into one of your own pieces that was captured: a lost rook or queen can come back.',
      ]],
    ],
  },
};
