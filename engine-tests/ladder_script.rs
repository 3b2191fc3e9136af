//! `engine-tests/strength/ladder.sh` passes the match the move limit it should: Sceptre's
//! defaults (300 moves a side with two players, 200 a seat with three or four) and `MAX_MOVES`
//! in their place, once, since `regalia match` refuses `--max-moves` twice. Run against a stand-in
//! for the engine that only logs the match's arguments, so no game is played.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A stand-in for `regalia`: answers `uci` with a ladder of ten foes and logs every `match`
/// call's arguments, one line a call, to `$LADDER_STUB_LOG`.
fn stand_in(dir: &Path) -> PathBuf {
    let path = dir.join("regalia-stand-in");
    std::fs::write(
        &path,
        "#!/bin/sh\n\
         if [ \"${1:-}\" = match ]; then echo \"$*\" >> \"$LADDER_STUB_LOG\"; exit 0; fi\n\
         while read -r line; do\n\
         [ \"$line\" = uci ] && echo 'option name Level type spin default 0 min 0 max 10'\n\
         done\n\
         exit 0\n",
    )
    .expect("written");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))
            .expect("made runnable");
    }
    path
}

/// The `--max-moves` values of the one match `ladder.sh sceptre1027 4 5 5` starts with these
/// players and this `MAX_MOVES` (None: unset).
fn max_moves(name: &str, players: usize, cap: Option<usize>) -> Vec<String> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("ladder-script-{name}"));
    std::fs::create_dir_all(&dir).expect("a folder");
    let log = dir.join("match-args.log");
    let _ = std::fs::remove_file(&log);
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/strength/ladder.sh");
    let mut command = Command::new("sh");
    command
        .arg(script)
        .args(["sceptre1027", "4", "5", "5"])
        .env("REGALIA", stand_in(&dir))
        .env("LADDER_STUB_LOG", &log)
        .env("PLAYERS", players.to_string())
        .env_remove("KEEP")
        .env_remove("MAX_MOVES");
    if let Some(cap) = cap {
        command.env("MAX_MOVES", cap.to_string());
    }
    let out = command.output().expect("sh runs");
    assert!(
        out.status.success(),
        "ladder.sh failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let calls = std::fs::read_to_string(&log).expect("the match was called");
    assert_eq!(calls.lines().count(), 1, "one step, one match: {calls}");
    let words: Vec<&str> = calls.split_whitespace().collect();
    words
        .windows(2)
        .filter(|w| w[0] == "--max-moves")
        .map(|w| w[1].to_string())
        .collect()
}

#[test]
fn ladder_script_takes_sceptres_move_limit_from_max_moves_once() {
    assert_eq!(max_moves("two", 2, None), ["300"]);
    assert_eq!(max_moves("two-cap", 2, Some(500)), ["500"]);
    assert_eq!(max_moves("four", 4, None), ["200"]);
    assert_eq!(max_moves("four-cap", 4, Some(600)), ["600"]);
    assert_eq!(max_moves("three-cap", 3, Some(400)), ["400"]);
}
