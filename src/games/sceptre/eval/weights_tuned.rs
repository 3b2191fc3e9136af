//! Sceptre 1027 A.D. evaluation weights fitted by `regalia tune` (Texel's method) from 139150
//! quiet positions (295615 rows, one per playing seat) of 1502 games (self2-r1.txt,
//! self2-r10.txt, self2-r11.txt, self2-r12.txt, self2-r13.txt, self2-r14.txt, self2-r2.txt,
//! self2-r3.txt, self2-r4.txt, self2-r5.txt, self2-r6.txt, self2-r7.txt, self2-r8.txt,
//! self2-r9.txt, self3-r1.txt, self3-r10.txt, self3-r11.txt, self3-r12.txt, self3-r13.txt,
//! self3-r2.txt, self3-r3.txt, self3-r4.txt, self3-r5.txt, self3-r6.txt, self3-r7.txt,
//! self3-r8.txt, self3-r9.txt, self4-r1.txt, self4-r10.txt, self4-r11.txt, self4-r12.txt,
//! self4-r13.txt, self4-r2.txt, self4-r3.txt, self4-r4.txt, self4-r5.txt, self4-r6.txt,
//! self4-r7.txt, self4-r8.txt, self4-r9.txt, self2-r1.txt, self3-r1.txt, self4-r1.txt,
//! h2h2.txt, nnno.txt, nno.txt, noo.txt, nooo.txt, sceptre1027-7-8.records,
//! sceptre1027-7-8.records, sceptre1027-7-8.records, sceptre1027-7-8.records), K = 0.1315, Adam
//! at step 0.5, pull to start 0, the weights of epoch 300 of 300 (lowest error on the held-out
//! games).
//! Mean squared error on the test games (never consulted), hand-set -> fitted: all (33009 rows)
//! 0.153224 -> 0.152129, 2 players (10818 rows) 0.147927 -> 0.153597, 3 players (10577 rows)
//! 0.148981 -> 0.145650, 4 players (11614 rows) 0.162023 -> 0.156662.

use super::weights::SceptreWeights;

pub const TUNED: SceptreWeights = SceptreWeights([
    0,   // material king
    839, // material queen
    518, // material rook
    379, // material bishop
    257, // material knight
    175, // material pawn
    0,   // terrain king
    -13, // terrain queen
    12,  // terrain rook
    -15, // terrain bishop
    6,   // terrain knight
    7,   // terrain pawn
    -53, // mobility king
    -4,  // mobility queen
    -3,  // mobility rook
    3,   // mobility bishop
    24,  // mobility knight
    -14, // mobility pawn
    -3,  // pawn advance
    13,  // pawn near base
    138, // no escape
    155, // one escape
    -58, // shelter forest
    -29, // shelter piece
    77,  // king away
    102, // attacker near
    185, // king exposed
    8,   // army at stake
    133, // hanging mover second
    43,  // hanging worst
    97,  // hanging second
    6,   // approach
    16,  // trade
    56,  // leader share
    600, // per rival out
]);
