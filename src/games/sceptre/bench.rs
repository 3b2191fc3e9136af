//! The positions `bench` searches for Sceptre 1027 A.D.: fixed forever (the node total is a
//! signature of the search). Ready set-ups of two, three and four players on every layout but
//! one, and a set-up phase; copied from the first shipped openings, so regenerating those
//! leaves the bench alone.

/// The depth `bench` searches them to: Sceptre's nodes are dear (wide fields, long move lists).
pub const BENCH_DEPTH: u32 = 5;

pub const BENCH_POSITIONS: &[&str] = &[
    // nine, two players, after the set-up (openings/sceptre1027/ready-2.epd:3)
    "3mr8mr11m/mfmr5mf2mb4mf3mf2m/3mbm2c3m3pmf2mp5mf/2m2rmcp2m5p6mrb2r/rbr2m2c3m3p4m2fmp3m/11mr2mf5mrmpm/mf4mf2mfmb6mfmb3m/11mr8mr3m/11mr8mr3m/m2f3mf2mfmr2mf2mf2mbmfm/5mf5mb7m2r3m/2rbr7m2rb4rbr4m/3m2rm4rbrp8mf2m/4mrbr7mfm2f2m3fm/mf7mf7mf3m2fm/24m/f3mfmfmf15m/3m2f4m2c2m2c2mf6m/2f4m2fmc4mc6m2fm/3f4mf3m2c11m/mf2m2f5m2c11m/3m3f3mc4mc3mc5m/f2m2f2mfm2c2m2c7mfm/3f3m2f7mf8m Pb@q1,Pb@r1,Pb@t1,Pb@w1,Kb@s2,Nb@t2,Pb@v2,Bb@q3,Pb@s3,Rb@x4,Bb@r5,Qb@u6,Pb@q7,Nb@r7,Pb@s7,Rb@w8,Kw@b17,Pw@c17,Nw@d17,Bw@f17,Qw@h17,Bw@f18,Rw@e19,Pw@c20,Pw@g20,Nw@g21,Pw@a22,Pw@f22,Pw@d23,Pw@g23,Pw@b24,Rw@h24 b+,w+ b b@q1,w@a17 - - -",
    // duel, after the set-up (openings/sceptre1027/ready-2.epd:9)
    "4mr3m/4mbmfm/mf2mr3m/3m3p2m/2m5pm/mfm3p2m/3mb2mfm/3mr4m/3mr4m/mfmr2mfm/3mb4m/3m2rb2r/2rbrp3m/6mfm/mf6m/8m Rb@c1,Qb@f2,Kb@a3,Pb@b3,Pb@a4,Pb@d4,Nb@e5,Pb@g5,Bb@e6,Pb@h6,Pb@b7,Bb@c7,Nb@e7,Pb@a8,Pb@d8,Rb@f8,Pw@c9,Nw@d9,Rw@f9,Pw@g9,Rw@a10,Pw@h10,Pw@c11,Pw@g11,Kw@h11,Nw@h12,Qw@b14,Bw@g14,Pw@d15,Bw@e15,Pw@c16,Pw@h16 b+,w+ b b@a1,w@a9 - - -",
    // cross, three players (openings/sceptre1027/ready-3.epd:9)
    "8-3mr4m8-/8-mfmr4m8-/8-3mbm2cm8-/8-2m2rmcpm8-/8-rbr2m2cm8-/8-8m8-/8-mf4mfm8-/8-8m8-/2f3m4f15m/f2m2f2mfm2c2m2c2mf3mf2m/2m3f4mc4mc2mp5mf/2m2f2mf4m2c7mrb2r/f4m3f3m2c4m2fmp3m/2f4m2fmc4mc5mrmpm/3m2f4m2c2m2c3mfmb3m/mfmf3mf7mf4mr3m/8-8m8-/8-mf6m8-/8-5m2fm8-/8-8m8-/8-8m8-/8-2mc5m8-/8-6mfm8-/8-8m8- Rb@i1,Kb@p1,Pb@j2,Pb@n2,Pb@o2,Bb@p2,Pb@k3,Pb@l3,Rb@m4,Pb@j5,Pb@n5,Qb@p6,Nb@l7,Nb@k8,Pb@l8,Bb@o8,Kw@b9,Pw@e9,Rw@c10,Pw@d10,Bw@h10,Rw@d11,Qw@f11,Bw@h11,Pw@b12,Nw@d12,Pw@a13,Pw@e13,Pw@g14,Nw@h14,Pw@b16,Pw@f16,Pr@l17,Qr@p17,Br@i18,Br@j18,Kr@k18,Nr@l18,Pr@n18,Nr@i19,Rr@m19,Pr@o20,Pr@j22,Pr@n22,Rr@i23,Pr@l23,Pr@k24,Pr@n24 b+,w+,r+ b b@i1,w@a9,r@i17 - - -",
    // nine, four players (openings/sceptre1027/ready-4.epd:3)
    "3mr8mr11m/mfmr5mf2mb4mf3mf2m/3mbm2c3m3pmf2mp5mf/2m2rmcp2m5p6mrb2r/rbr2m2c3m3p4m2fmp3m/11mr2mf5mrmpm/mf4mf2mfmb6mfmb3m/11mr8mr3m/11mr8mr3m/m2f3mf2mfmr2mf2mf2mbmfm/5mf5mb7m2r3m/2rbr7m2rb4rbr4m/3m2rm4rbrp8mf2m/4mrbr7mfm2f2m3fm/mf7mf7mf3m2fm/24m/f3mfmfmf15m/3m2f4m2c2m2c2mf6m/2f4m2fmc4mc6m2fm/3f4mf3m2c11m/mf2m2f5m2c11m/3m3f3mc4mc3mc5m/f2m2f2mfm2c2m2c7mfm/3f3m2f7mf8m Kw@c1,Nw@e1,Pw@f1,Pb@r1,Pb@u1,Kb@v1,Pw@b2,Pw@d2,Pw@h2,Rb@t2,Pb@w2,Pw@g3,Pb@q3,Pb@s3,Qw@a4,Rb@x4,Pw@c5,Rw@f5,Bb@r5,Nb@u5,Pb@w5,Rw@e6,Bw@h6,Pb@v6,Pw@b7,Bb@q7,Nb@u7,Pb@w7,Pw@d8,Bw@g8,Nw@h8,Qb@s8,Rr@h17,Pg@s17,Rg@t17,Pg@w17,Qr@f18,Qg@s18,Rg@x18,Pr@a19,Nr@b19,Pr@d19,Bg@q19,Pg@u19,Pr@c20,Pr@g20,Bg@s20,Ng@u20,Pr@e21,Nr@g21,Pg@u21,Pg@v21,Pg@x21,Pr@f22,Rr@c23,Pr@d23,Pg@q23,Pr@a24,Kr@e24,Br@f24,Br@g24,Pg@s24,Ng@t24,Kg@v24 b+,w+,r+,g+ b b@q1,w@a1,r@a17,g@q17 - - -",
    // ring, four players (openings/sceptre1027/ready-4.epd:15)
    "3mr8mr11m/mfmr5mf2mb4mf3mf2m/3mbm2c3m3pmf2mp5mf/2m2rmcp2m5p6mrb2r/rbr2m2c3m3p4m2fmp3m/11mr2mf5mrmpm/mf4mf2mfmb6mfmb3m/11mr8mr3m/8m8-4mr3m/m2f3mfm8-mf2mbmfm/5mf2m8-3m2r3m/2rbr4m8-2rbr4m/3m2rm2r8-5mf2m/4mrbrm8-2f2m3fm/mf6m8-mf3m2fm/8m8-8m/f3mfmfmf15m/3m2f4m2c2m2c2mf6m/2f4m2fmc4mc6m2fm/3f4mf3m2c11m/mf2m2f5m2c11m/3m3f3mc4mc3mc5m/f2m2f2mfm2c2m2c7mfm/3f3m2f7mf8m Pw@d1,Pb@q1,Bb@r1,Kb@s1,Pb@w1,Pw@c2,Pw@f2,Pb@u2,Pw@a3,Pw@g3,Kw@h3,Bb@q3,Pb@s3,Pb@x3,Pw@b4,Pw@e4,Rb@t4,Nw@d5,Rb@x5,Bw@a6,Rw@c6,Bw@h6,Pb@r6,Nb@u6,Pb@v6,Nw@d7,Rw@f7,Pb@q7,Nb@v7,Pw@g8,Qw@h8,Qb@s8,Br@b17,Pr@c17,Rr@h17,Rg@s17,Pg@u17,Pg@w17,Qr@f18,Pg@q18,Rg@x18,Rr@d19,Pg@t19,Ng@u19,Pg@v19,Pr@b20,Nr@d20,Pr@g20,Ng@q20,Bg@r20,Pr@e21,Nr@g21,Pg@u21,Pg@x21,Kr@a22,Br@b22,Pr@g22,Pg@q22,Kg@s22,Pr@d23,Qg@w23,Pr@a24,Pr@f24,Bg@q24 b+,w+,r+,g+ b b@q1,w@a1,r@a17,g@q17 - - -",
    // duel, the set-up phase itself (openings/sceptre1027/start-2.epd:5)
    "4mr3m/4mbmfm/mf2mr3m/3m3p2m/2m5pm/mfm3p2m/3mb2mfm/3mr4m/3mr4m/mfmr2mfm/3mb4m/3m2rb2r/2rbrp3m/6mfm/mf6m/8m - b+,w+ b b@a1,w@a9 b:KQRRBBNNPPPPPPPP,w:KQRRBBNNPPPPPPPP - -",
];
