//! A real client drives the engine: python-chess's `chess.engine` analyses and plays a game.
//! python-chess is installed into a private virtual environment under the target directory the
//! first time (from PyPI), so `cargo test` needs nothing set up by hand.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

pub fn python_with_chess() -> PathBuf {
    python_venv("python-chess-venv", "import chess.engine", &["chess>=1.10"])
}

/// A private virtual environment under the target directory named `name`, with `packages`
/// installed from PyPI the first time (when `check` does not import).
pub fn python_venv(name: &str, check: &str, packages: &[&str]) -> PathBuf {
    // The tests run side by side and several share a venv: two pip installs into one folder
    // at once left a package with broken metadata (seen in a fresh clone's run), so one at a
    // time; the later caller then finds it ready.
    static MAKING: Mutex<()> = Mutex::new(());
    let _one_at_a_time = MAKING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let python = venv.join("bin").join("python3");
    let ready = |py: &Path| {
        Command::new(py)
            .args(["-c", check])
            .status()
            .is_ok_and(|s| s.success())
    };
    if !ready(&python) {
        let made = Command::new("python3")
            .args(["-m", "venv"])
            .arg(&venv)
            .status()
            .expect("python3 is needed for the Python-driven tests");
        assert!(made.success(), "could not create a virtual environment");
        let installed = Command::new(&python)
            .args(["-m", "pip", "install", "--quiet"])
            .args(packages)
            .status()
            .expect("pip runs");
        assert!(
            installed.success(),
            "could not install {packages:?} from PyPI"
        );
    }
    python
}

#[test]
fn python_chess_analyses_and_plays_a_game() {
    let python = python_with_chess();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/python/client_check.py");
    let out = Command::new(python)
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_regalia"))
        .output()
        .expect("the client script runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "client failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("client check passed"), "{stdout}");
}
