//! `regalia serve` in a real browser: headless Chromium (Debian's `chromium` and
//! `chromium-driver`, installed by this test with apt-get where they are missing and it runs as
//! root) driven through Selenium (from PyPI, into a private virtual environment under the
//! target directory) by `engine-tests/python/browser_check.py`, `sceptre_page_check.py` and
//! `page_screenshots.py`. Screenshots of every game's page land in `target/screenshots/` (the
//! ones in `docs/screenshots/` are copies of them).

use crate::serve_seats::Served;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// The first of `names` found on PATH.
fn find(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    names.iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    })
}

fn chromium() -> Option<PathBuf> {
    find(&["chromium", "chromium-browser", "google-chrome"])
}

fn chromedriver() -> Option<PathBuf> {
    find(&["chromedriver"])
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// Chromium and its driver, installed from Debian's packages when missing; the reason where
/// that cannot be done on this machine. Installed once for the whole test binary: the browser
/// tests run side by side, and each calling apt-get at once made all but one find dpkg's lock
/// taken and skip, so a fresh machine's run passed without opening a browser.
pub fn browser() -> Result<(PathBuf, PathBuf), String> {
    static FOUND: OnceLock<Result<(PathBuf, PathBuf), String>> = OnceLock::new();
    FOUND.get_or_init(find_or_install_browser).clone()
}

fn find_or_install_browser() -> Result<(PathBuf, PathBuf), String> {
    if let (Some(c), Some(d)) = (chromium(), chromedriver()) {
        return Ok((c, d));
    }
    if find(&["apt-get"]).is_none() {
        return Err("no chromium/chromedriver and no apt-get to install them".into());
    }
    if !is_root() {
        return Err("no chromium/chromedriver, and installing them needs root".into());
    }
    // Another program (or another test binary) may hold dpkg's lock: wait for it rather than
    // fail at once.
    let run = |args: &[&str]| {
        Command::new("apt-get")
            .args(["-o", "DPkg::Lock::Timeout=600"])
            .args(args)
            .env("DEBIAN_FRONTEND", "noninteractive")
            .stdout(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    if !run(&["update", "-qq"]) || !run(&["install", "-y", "-qq", "chromium", "chromium-driver"]) {
        return Err("apt-get could not install chromium and chromium-driver".into());
    }
    match (chromium(), chromedriver()) {
        (Some(c), Some(d)) => Ok((c, d)),
        _ => Err("chromium was installed but is not on PATH".into()),
    }
}

/// The browser's two paths, or None after a SKIPPED line naming `test` where none can be had.
/// Under CI (`CI` set, as `.ci/run` does) a missing browser fails the test instead: there the
/// browser checks must have run for the run to count.
pub fn browser_for(test: &str) -> Option<(PathBuf, PathBuf)> {
    match browser() {
        Ok(tools) => Some(tools),
        Err(why) if std::env::var_os("CI").is_some() => {
            panic!("{test}: no browser under CI: {why}")
        }
        Err(why) => {
            eprintln!("SKIPPED {test}: {why}");
            None
        }
    }
}

/// Fails unless each of `names` is a PNG (`NAME.png`) in the screenshot folder.
fn assert_screenshots<S: AsRef<str>>(names: impl IntoIterator<Item = S>) {
    for name in names {
        let shot = screenshot_dir().join(format!("{}.png", name.as_ref()));
        let bytes = std::fs::read(&shot).unwrap_or_else(|e| panic!("{}: {e}", shot.display()));
        assert!(
            bytes.starts_with(b"\x89PNG"),
            "{} is no PNG",
            shot.display()
        );
    }
}

pub fn python_with_selenium() -> PathBuf {
    crate::python_client::python_venv(
        "browser-venv",
        "import selenium, chess.pgn",
        &["selenium>=4.11", "chess>=1.10"],
    )
}

/// Runs the Selenium script `engine-tests/python/{name}.py` with `args` (its own order) and
/// the browser's two paths appended; fails the test unless it exits cleanly and prints
/// "{what} passed". Returns its standard output.
pub fn run_check(
    name: &str,
    what: &str,
    args: &[&OsStr],
    (chromium, driver): (&Path, &Path),
) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("engine-tests/python")
        .join(format!("{name}.py"));
    let out = Command::new(python_with_selenium())
        .arg(script)
        .args(args)
        .arg(chromium)
        .arg(driver)
        .env("SE_OFFLINE", "true")
        .output()
        .expect("the browser script runs");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{what} failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains(&format!("{what} passed")), "{stdout}");
    stdout
}

/// The page check `script` (engine-tests/python) against a fresh in-memory server, given its URL
/// and the screenshot folder; false when no browser is found and the test is skipped.
fn check_page(test: &str, script: &str, label: &str) -> bool {
    check_page_with(test, script, label, Served::in_memory, |_| Vec::new())
}

/// `check_page` against the server `serve` starts (only once a browser is found), with the
/// `extra` arguments it names put between the URL and the screenshot folder.
fn check_page_with(
    test: &str,
    script: &str,
    label: &str,
    serve: impl FnOnce() -> Served,
    extra: impl FnOnce(&Served) -> Vec<String>,
) -> bool {
    let Some((chromium, driver)) = browser_for(test) else {
        return false;
    };
    let served = serve();
    let url = format!("http://127.0.0.1:{}/", served.port);
    let extra = extra(&served);
    let shots_dir = screenshot_dir();
    let mut args: Vec<&OsStr> = vec![url.as_ref()];
    args.extend(extra.iter().map(|a| a.as_ref() as &OsStr));
    args.push(shots_dir.as_os_str());
    run_check(script, label, &args, (&chromium, &driver));
    true
}

pub fn screenshot_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target directory")
        .join("screenshots")
}

#[test]
fn every_game_plays_in_a_real_browser() {
    if !check_page(
        "every_game_plays_in_a_real_browser",
        "browser_check",
        "browser check",
    ) {
        return;
    }
    let mut shots: Vec<String> = [
        "chess",
        "scepterchess",
        "chess40k",
        "tafl",
        "sceptre1027-four",
    ]
    .map(String::from)
    .to_vec();
    for game in ["chess", "scepterchess", "chess40k", "tafl", "sceptre1027"] {
        shots.push(format!("start-{game}"));
        shots.push(format!("rules-{game}"));
    }
    assert_screenshots(shots);
}

/// Sceptre 1027 at human speed (`engine-tests/python/sceptre_page_check.py`): a four-player
/// game with "set up for me", turned to the west seat, played to an elimination; board edges,
/// standing lines, a withdrawn army greyed, the zoom on a phone-sized screen.
#[test]
fn sceptre_plays_at_human_speed_in_a_real_browser() {
    if !check_page(
        "sceptre_plays_at_human_speed_in_a_real_browser",
        "sceptre_page_check",
        "sceptre page check",
    ) {
        return;
    }
    assert_screenshots(
        ["setup", "middle", "end", "withdrawn", "phone"].map(|name| format!("sceptre1027-{name}")),
    );
}

/// Sceptre's "Set up for me" as a preview (`engine-tests/python/setup_preview_check.py`): the
/// engine's proposal drawn and nothing played, pieces moved, swapped and dragged, a plan the
/// rules refuse not kept (and a 400 from the API), the confirmed plan played exactly, a
/// cancelled one dropped, a held plan waiting for the other person drawn as rings to come.
#[test]
fn a_set_up_for_me_is_previewed_adjusted_and_confirmed() {
    if !check_page(
        "a_set_up_for_me_is_previewed_adjusted_and_confirmed",
        "setup_preview_check",
        "setup preview check",
    ) {
        return;
    }
    assert_screenshots(
        ["proposal", "adjusted", "played", "held"].map(|name| format!("setup-preview-{name}")),
    );
}

/// Every game's page for the docs (`engine-tests/python/page_screenshots.py`): the new-game
/// form, the rules, a game some moves in and a finished one, as `<game>-<stage>.png`.
#[test]
fn every_games_page_is_pictured() {
    if !check_page(
        "every_games_page_is_pictured",
        "page_screenshots",
        "page screenshots",
    ) {
        return;
    }
    for game in ["chess", "scepterchess", "chess40k", "tafl", "sceptre1027"] {
        let stages: &[&str] = if game == "sceptre1027" {
            &["start", "rules"]
        } else {
            &["start", "rules", "middle", "end"]
        };
        assert_screenshots(stages.iter().map(|stage| format!("{game}-{stage}")));
    }
}

/// Two tabs on one game (`engine-tests/python/stream_check.py`): with the second tab's polling
/// switched off, a move and a draw offer made in the first reach it through its event stream,
/// before and after a server restart.
#[test]
fn a_move_in_one_tab_is_pushed_to_another() {
    let Some((chromium, driver)) = browser_for("a_move_in_one_tab_is_pushed_to_another") else {
        return;
    };
    let dir = crate::serve_seats::TempDir::new("stream-browser");
    let db = dir.0.join("games.sqlite");
    run_check(
        "stream_check",
        "stream check",
        &[env!("CARGO_BIN_EXE_regalia").as_ref(), db.as_os_str()],
        (&chromium, &driver),
    );
}

/// Issue 30's feel of a game site (`engine-tests/python/feel_check.py`): check marked on the
/// board and in the status, captured pieces and counters, the piece following the pointer, the
/// evaluation bar turned with the board, the controls after the end and "Analyse from here",
/// a foe beaten on a clock unlocking the next, and tafl played from the defenders' side.
#[test]
fn the_page_feels_like_a_game_site() {
    if !check_page(
        "the_page_feels_like_a_game_site",
        "feel_check",
        "feel check",
    ) {
        return;
    }
    assert_screenshots([
        "feel-check",
        "feel-drag",
        "feel-foe-won",
        "feel-tafl-capture",
    ]);
}

/// The finished games on the start screen (`engine-tests/python/finished_check.py`): games
/// finished on the page (a resignation) and through the API (a mate, an agreed draw) are
/// listed with links to `#<id>`, filtered by game and by opponent, and one opened from the
/// list is stepped through and analysed from an earlier position by a screen holding none of
/// its seat links.
#[test]
fn finished_games_are_listed_filtered_and_opened_for_review() {
    let dir = crate::serve_seats::TempDir::new("finished-browser");
    let serve = || Served::start_on(&dir.0.join("games.sqlite"), 0, &[]);
    if !check_page_with(
        "finished_games_are_listed_filtered_and_opened_for_review",
        "finished_check",
        "finished check",
        serve,
        |_| Vec::new(),
    ) {
        return;
    }
    assert_screenshots(["finished-list", "finished-review"]);
}

/// `regalia serve --host 0.0.0.0` (`engine-tests/python/lan_links_check.py`): the seat and
/// watch links the page hands out start with the address other machines join at, and a second
/// browser session opening black's link through that address plays black.
#[test]
fn seat_links_name_the_network_address_and_play_through_it() {
    let join = |served: &Served| {
        let every = std::net::SocketAddr::from(([0, 0, 0, 0], served.port));
        vec![format!("http://{}", regalia::serve::join_address(every))]
    };
    if !check_page_with(
        "seat_links_name_the_network_address_and_play_through_it",
        "lan_links_check",
        "lan links check",
        || Served::in_memory_with(&["--host", "0.0.0.0"]),
        join,
    ) {
        return;
    }
    assert_screenshots(["lan-links"]);
}

/// A late answer is not drawn over a newer view (`engine-tests/python/late_reply_check.py`): the
/// answer to a refresh asked for before a move, or before "Flip", held until the newer view was
/// drawn, changes nothing on the page; a stale poll neither.
#[test]
fn a_late_answer_is_not_drawn_over_a_newer_view() {
    check_page(
        "a_late_answer_is_not_drawn_over_a_newer_view",
        "late_reply_check",
        "late reply check",
    );
}

/// The thinking line shows no nodes a second for a search shorter than 50 ms, and the server's
/// rate for a longer one (`engine-tests/python/thinking_rate_check.py`).
#[test]
fn the_thinking_line_shows_no_rate_for_a_search_too_short_to_have_one() {
    if !check_page(
        "the_thinking_line_shows_no_rate_for_a_search_too_short_to_have_one",
        "thinking_rate_check",
        "thinking rate check",
    ) {
        return;
    }
    assert_screenshots(["thinking-rate"]);
}

/// Nothing a player clicks moves when news appears (`engine-tests/python/steady_controls_check.py`):
/// departures announced (wrapping or not), the status, an engine's search, a draw offer, a
/// take-back request and notices of two lines and more, drawn in a Sceptre game of three and a
/// game of two people, and a move of the list stepped back to, leave every button, field and
/// move where it was, at a desktop's window and a phone's screen.
#[test]
fn news_on_the_page_moves_no_control_under_the_pointer() {
    if !check_page(
        "news_on_the_page_moves_no_control_under_the_pointer",
        "steady_controls_check",
        "steady controls check",
    ) {
        return;
    }
    assert_screenshots(["steady-controls-desktop", "steady-controls-phone"]);
}

/// A Chess 40k zealot that blew itself up is its owner's loss, not the other side's take
/// (`engine-tests/python/self_destruct_counters_check.py`): after each side's self-destruct the
/// other side's line lists only what it took, and the owner's line what its blast cost it.
#[test]
fn a_self_destructed_zealot_is_not_counted_as_taken_by_the_other_side() {
    if !check_page(
        "a_self_destructed_zealot_is_not_counted_as_taken_by_the_other_side",
        "self_destruct_counters_check",
        "self-destruct counters check",
    ) {
        return;
    }
    assert_screenshots(["self-destruct-counters"]);
}

/// After Flip the board shows the game as it is, turned as asked (`engine-tests/python/flip_check.py`):
/// a move sent before Flip and answered after the flipped board was drawn (a newer view at the old
/// turn) is shown on the flipped board, and so is a position stepped back to, asked for before
/// Flip and answered after it.
#[test]
fn flip_shows_the_current_position_turned_as_asked() {
    check_page(
        "flip_shows_the_current_position_turned_as_asked",
        "flip_check",
        "flip check",
    );
}

/// The header keeps to two rows on a phone (`engine-tests/python/phone_header_check.py`): on a
/// 390x844 screen its tagline takes one line, the start screen is no wider than the phone, and a
/// chess game's board is all on the first screen; at a desktop's window the header is one row.
#[test]
fn the_header_keeps_to_two_rows_on_a_phone() {
    if !check_page(
        "the_header_keeps_to_two_rows_on_a_phone",
        "phone_header_check",
        "phone header check",
    ) {
        return;
    }
    assert_screenshots(["phone-start", "phone-chess"]);
}

/// What web22's walk left (`engine-tests/python/foe_thoughts_check.py`): against a foe, while the
/// game is on, only "… is thinking…" in the engine's box and no evaluation bar (its lines and
/// the bar still shown in a game of engines only); after the end, Analyse of the last position;
/// a Sceptre game of three stepped back, its standing lines and status of the position shown;
/// the seat that resigned saying so on its line.
#[test]
fn a_foe_keeps_its_thoughts_and_review_speaks_of_the_position_shown() {
    if !check_page(
        "a_foe_keeps_its_thoughts_and_review_speaks_of_the_position_shown",
        "foe_thoughts_check",
        "foe thoughts check",
    ) {
        return;
    }
    assert_screenshots(["foe-thinking", "sceptre1027-review-start"]);
}

/// What a new player's walk through the site met (`engine-tests/python/walk_faults_check.py`):
/// on a phone, a chess side's fifteen pieces taken whole on its line, a line still cut shown
/// whole on a tap, the zoomed Sceptre field kept where scrolled across a move, the arrow keys
/// stepping back without scrolling the board off the screen and counting the pieces taken in
/// the position shown, the note after the end whole in the news box; on a desktop, no palette
/// room left after a Sceptre game resigned in its set-up.
#[test]
fn a_new_players_walk_meets_nothing_cut_lost_or_misplaced() {
    if !check_page(
        "a_new_players_walk_meets_nothing_cut_lost_or_misplaced",
        "walk_faults_check",
        "walk faults check",
    ) {
        return;
    }
    assert_screenshots([
        "walk-phone-captures",
        "walk-phone-whole-line",
        "walk-phone-end-note",
    ]);
}

/// What the walks of web22 and web23 left (`engine-tests/python/walk_left_check.py`): tafl's
/// moves paired under one number (a click and the arrow keys still step, a number of three
/// digits whole) on a phone and a desktop; the zoomed Sceptre field kept on the place looked at
/// when a phone is turned or a window resized; on a phone the field opens at a finger's size on
/// the player's kingdom in the set-up (a desktop's whole); "Play for me" shows the lines of the
/// engine playing the person's own seat and hides the foes'; the seat that resigned keeps its
/// pieces and material on its line.
#[test]
fn what_the_walks_left_is_paired_kept_in_place_and_shown() {
    if !check_page(
        "what_the_walks_left_is_paired_kept_in_place_and_shown",
        "walk_left_check",
        "walk left check",
    ) {
        return;
    }
    assert_screenshots([
        "walk-left-tafl-moves-phone",
        "walk-left-tafl-moves-desktop",
        "walk-left-phone-setup",
        "walk-left-resigned",
    ]);
}

/// What web24 left (`engine-tests/python/seated_phone_check.py`): with two people seated in two
/// browsers, the lines of the engine playing for one of them ("Play for me") reach that
/// person's screen alone (the server sends them to that seat's link only: the other person's
/// screen and a watcher get no lines, no figures); on a phone, Sceptre's set-up tools (the
/// palette, "Set up for me", the proposal's Confirm) on the screen with the zoomed field and
/// the player's kingdom; a phone turned fits the zoom to a finger again, on the same place.
#[test]
fn a_helpers_lines_stay_with_its_seat_and_a_phone_sets_up_in_view() {
    if !check_page(
        "a_helpers_lines_stay_with_its_seat_and_a_phone_sets_up_in_view",
        "seated_phone_check",
        "seated phone check",
    ) {
        return;
    }
    assert_screenshots([
        "seated-creator-helper-hidden",
        "seated-own-helper-shown",
        "seated-phone-setup",
        "seated-phone-proposal",
    ]);
}

/// Nobody acts for a seat that is not theirs (`engine-tests/python/handout_check.py`, web26):
/// the creator hands black out by the page's Invite button; its tab then marks black as played
/// on another screen and no longer moves black's pieces, black's old token is refused, the
/// link's screen plays black and the creator still plays white; between people Analyse is
/// greyed with its reason (the server refuses it) until the game is over.
#[test]
fn a_seat_handed_out_is_played_on_its_own_screen_alone() {
    if !check_page(
        "a_seat_handed_out_is_played_on_its_own_screen_alone",
        "handout_check",
        "handout check",
    ) {
        return;
    }
    assert_screenshots(["handout-creator", "handout-refused", "handout-black"]);
}

/// An invitation only its first opener can use, and a rematch that keeps the players
/// (`engine-tests/python/invitation_check.py`, web27): the creator invites a player for black
/// (shown as invited, waiting for the player), black's screen opens the link and takes black
/// with a token of its own (kept over a reload, and when the invitation is opened again in that
/// browser), the spent link opened elsewhere says it was taken and watches; a move each, a draw
/// agreed, a rematch asked on white's screen: both screens in the new game, colours swapped.
#[test]
fn an_invitation_is_its_first_openers_and_a_rematch_keeps_both_screens() {
    if !check_page(
        "an_invitation_is_its_first_openers_and_a_rematch_keeps_both_screens",
        "invitation_check",
        "invitation check",
    ) {
        return;
    }
    assert_screenshots([
        "invite-waiting",
        "invite-claimed",
        "invite-taken",
        "invite-spent",
        "rematch-creator",
        "rematch-player",
    ]);
}
