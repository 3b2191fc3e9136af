//! `regalia htp` driven by a scripted controller, as an HTP controller drives the reference
//! engine (`hnefatafl-text-protocol`): every command with the answers it gives, bad input
//! answered with `? …` and nothing lost, and a whole game between two engines relayed move by
//! move. The games against the reference engine and server are `engine-tests/htp/reference_games.py`.

use crate::engine_process::EngineProcess;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(60);

fn engine(args: &[&str]) -> EngineProcess {
    let mut all = vec!["htp"];
    all.extend_from_slice(args);
    EngineProcess::start_with(&all)
}

fn line(e: &mut EngineProcess) -> String {
    e.next_line(WAIT).expect("the engine answers")
}

/// A one-line answer: the text after `= `, or panics on anything else.
fn ok(e: &mut EngineProcess, command: &str) -> String {
    e.send(command);
    let answer = line(e);
    match answer.strip_prefix("= ") {
        Some(text) => text.to_string(),
        None => panic!("{command}: {answer:?}"),
    }
}

/// An error answer: `? text` then a blank line; returns the text.
fn refused(e: &mut EngineProcess, command: &str) -> String {
    e.send(command);
    let answer = line(e);
    let text = answer
        .strip_prefix("? ")
        .unwrap_or_else(|| panic!("{command}: {answer:?}"))
        .to_string();
    assert!(!text.is_empty(), "{command}: an error says what is wrong");
    assert_eq!(line(e), "", "{command}: a blank line ends an error");
    text
}

fn words(text: &str) -> Vec<String> {
    let mut w: Vec<String> = text.split_whitespace().map(String::from).collect();
    w.sort();
    w
}

const AFTER_THREE: &str = "/3AAAAA3/5A5/11/A4D4A/A3DDD3A/AA1DDKDD1AA/A4DD3A/A4D4A/11/3A1A5/4AAAA3/";

#[test]
fn htp_answers_every_command_and_refuses_bad_input_without_losing_the_game() {
    let mut e = engine(&["--depth", "2"]);
    assert_eq!(ok(&mut e, "name"), "regalia");
    assert_eq!(ok(&mut e, "version"), env!("CARGO_PKG_VERSION"));
    assert_eq!(ok(&mut e, "protocol_version"), "1-beta");
    assert_eq!(ok(&mut e, "known_command play_undo"), "true");
    assert_eq!(ok(&mut e, "known_command fly"), "false");
    assert_eq!(ok(&mut e, "list_commands"), "");
    let listed: Vec<String> = (0..17).map(|_| line(&mut e)).collect();
    assert_eq!(listed.first().map(String::as_str), Some("board_size"));
    assert_eq!(listed.last().map(String::as_str), Some("version"));
    for command in &listed {
        assert_eq!(ok(&mut e, &format!("known_command {command}")), "true");
    }

    // Blank and comment-only lines get no answer: the next answer is the next command's.
    e.send("");
    e.send("   # a comment");
    assert_eq!(ok(&mut e, "final_status # the start"), "ongoing");

    // Copenhagen 11x11 by default, attackers first; captures are listed with the move.
    assert_eq!(ok(&mut e, "play a d1 d3"), "");
    refused(&mut e, "play a d1 d3");
    assert_eq!(ok(&mut e, "play defender E5 e2"), "");
    assert_eq!(ok(&mut e, "play attacker d3 d2"), "e2 ");
    assert_eq!(ok(&mut e, "show_board_open_tafl"), AFTER_THREE);
    let from = ok(&mut e, "play_from");
    assert!(from.starts_with("defender "), "{from}");
    assert_eq!(
        words(&from["defender ".len()..]),
        words("f8 h6 g5 f5 f4 g7 e6 d6 e7")
    );
    assert_eq!(words(&ok(&mut e, "play_to d f5")), words("e5 d5 c5 b5"));
    refused(&mut e, "play_to a d2");

    // Bad input of every kind: refused, and the game is as it was.
    for bad in [
        "fly",
        "play a z9 a1",
        "play",
        "play x d6 d5",
        "play d f5 f5",
        "play d f5 g6",
        "play d f4 f1",
        "play a a4 a3",
        "play_to",
        "board_size 9",
        "board_size",
        "known_command",
        "first_move x",
        "time_settings fischer x 1",
        "time_settings",
        "play d resigns_not",
        "play a resigns",
    ] {
        refused(&mut e, bad);
        assert_eq!(
            ok(&mut e, "show_board_open_tafl"),
            AFTER_THREE,
            "after {bad}"
        );
    }

    // The diagram: a blank first line, letters, a frame, one line per rank.
    assert_eq!(ok(&mut e, "show_board"), "");
    let diagram: Vec<String> = (0..15).map(|_| line(&mut e)).collect();
    assert_eq!(diagram[0], "    A B C D E F G H I J K");
    assert_eq!(diagram[2], "11\u{2502} # . . A A A A A . . # \u{2502}11");
    assert_eq!(diagram[11], " 2\u{2502} . . . A . A . . . . . \u{2502} 2");
    assert_eq!(diagram[14], "    A B C D E F G H I J K");

    assert_eq!(ok(&mut e, "play_undo"), "");
    assert_eq!(ok(&mut e, "play_undo"), "");
    assert_eq!(ok(&mut e, "play_undo"), "");
    refused(&mut e, "play_undo");
    assert_eq!(
        ok(&mut e, "show_board_open_tafl"),
        "/3AAAAA3/5A5/11/A4D4A/A3DDD3A/AA1DDKDD1AA/A3DDD3A/A4D4A/11/5A5/3AAAAA3/"
    );

    // Resigning: only the side to move, and the game is then over.
    refused(&mut e, "play d resigns");
    assert_eq!(ok(&mut e, "play a resigns _"), "");
    assert_eq!(ok(&mut e, "final_status"), "defender_wins");
    refused(&mut e, "play a d1 d3");
    refused(&mut e, "generate_move");
    assert_eq!(ok(&mut e, "play_undo"), "");
    assert_eq!(ok(&mut e, "final_status"), "ongoing");

    // The engine's own move is played in its game and answered as `play ROLE FROM TO, …`
    // followed by a blank line, as the reference does.
    let generated = ok(&mut e, "generate_move");
    assert!(generated.starts_with("play attacker "), "{generated}");
    assert!(generated.contains(", score: ") && generated.contains(", loops: "));
    assert_eq!(line(&mut e), "");
    let from = ok(&mut e, "play_from");
    assert!(from.starts_with("defender "), "{from}");

    // Other board sizes: 13x13 (upper-case squares) and 7x7, where the defenders start.
    assert_eq!(ok(&mut e, "board_size 13"), "");
    assert_eq!(ok(&mut e, "play a D1 D3"), "");
    assert!(ok(&mut e, "show_board_open_tafl").starts_with("/3AAAAAAA3/6A6/13/"));
    let from = ok(&mut e, "play_from");
    assert!(
        from.starts_with("defender ") && from.contains('G'),
        "{from}"
    );
    assert_eq!(ok(&mut e, "board_size 7"), "");
    assert!(ok(&mut e, "play_from").starts_with("defender "));
    assert_eq!(ok(&mut e, "first_move attacker"), "");
    assert!(ok(&mut e, "play_from").starts_with("attacker "));

    // A clock: the game restarts, and the engine plays inside it.
    assert_eq!(ok(&mut e, "board_size 11"), "");
    assert_eq!(ok(&mut e, "time_settings fischer 1 1"), "");
    assert_eq!(ok(&mut e, "final_status"), "ongoing");
    assert!(ok(&mut e, "generate_move").starts_with("play attacker "));
    assert_eq!(line(&mut e), "");
    assert_eq!(ok(&mut e, "time_settings un-timed"), "");

    e.send("quit");
    let status = e
        .wait_exit(Duration::from_secs(10))
        .expect("quit ends the engine");
    assert!(status.success());
}

/// Two engines, one game: each `generate_move` of the side to move is relayed to the other as
/// `play`, which must accept it with the same board after it, until the game ends by rule.
#[test]
fn two_htp_engines_play_a_whole_game_through_the_protocol() {
    let mut engines = [engine(&["--depth", "2"]), engine(&["--depth", "1"])];
    for e in &mut engines {
        assert_eq!(ok(e, "board_size 7"), "");
    }
    let mut plies = 0;
    let status = loop {
        let status = ok(&mut engines[0], "final_status");
        assert_eq!(ok(&mut engines[1], "final_status"), status);
        if status != "ongoing" {
            break status;
        }
        assert!(plies < 400, "no result after {plies} plies");
        // The defenders (who start on 7x7) are the first engine, the attackers the second.
        let (mover, other) = if plies % 2 == 0 { (0, 1) } else { (1, 0) };
        let generated = ok(&mut engines[mover], "generate_move");
        assert_eq!(line(&mut engines[mover]), "");
        let play = generated.split(',').next().expect("a play").to_string();
        let answer = {
            let e = &mut engines[other];
            e.send(&play);
            line(e)
        };
        assert!(answer.starts_with("= "), "{play}: refused: {answer}");
        let boards: Vec<String> = engines
            .iter_mut()
            .map(|e| ok(e, "show_board_open_tafl"))
            .collect();
        assert_eq!(boards[0], boards[1], "after {play}");
        plies += 1;
    };
    assert!(
        ["attacker_wins", "defender_wins", "draw"].contains(&status.as_str()),
        "{status}"
    );
}

/// `regalia htp --host` with `args`, connected to a listener of the test's own on loopback:
/// the process, and the connection's reading and writing ends.
fn connected_client(
    args: &[&str],
) -> (
    std::process::Child,
    std::io::BufReader<std::net::TcpStream>,
    std::net::TcpStream,
) {
    use std::process::{Command, Stdio};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a loopback port");
    let address = listener.local_addr().expect("its address").to_string();
    let client = Command::new(env!("CARGO_BIN_EXE_regalia"))
        .args(["htp", "--depth", "1", "--host", &address])
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the regalia binary starts");
    let (stream, _) = listener.accept().expect("the client connects");
    stream.set_read_timeout(Some(WAIT)).expect("a timeout");
    let reader = std::io::BufReader::new(stream.try_clone().expect("a second handle"));
    (client, reader, stream)
}

/// Waits for the client to leave by itself; panics if it has not after `WAIT`.
fn wait_for_exit(client: &mut std::process::Child, why: &str) -> std::process::ExitStatus {
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        if let Some(status) = client.try_wait().expect("the client's state") {
            return status;
        }
        assert!(std::time::Instant::now() < deadline, "{why}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// `regalia htp --host` with a login, against a scripted server speaking the reference
/// server's lines (its own tests show them): login, an offered game, a challenge, moves both
/// ways, the end of the game.
#[test]
fn htp_host_plays_a_game_given_by_a_scripted_server() {
    use std::io::{BufRead, Write};

    let (mut client, mut reader, mut writer) = connected_client(&[
        "--username",
        "regalia-a",
        "--create-account",
        "--new-game",
        "attacker",
        "--fischer",
        "1,1",
        "--games",
        "1",
    ]);
    let mut read = || {
        let mut line = String::new();
        reader.read_line(&mut line).expect("the client writes");
        line.trim_end().to_string()
    };
    let login = read();
    assert!(login.ends_with(" create_account regalia-a"), "{login}");
    assert!(login.starts_with("32d9a140 "), "{login}");
    writeln!(writer, "= login").expect("write");
    let offer = read();
    assert!(
        offer.starts_with("new_game {\"role\":\"Attacker\"")
            && offer.contains("\"milliseconds_left\":60000")
            && offer.ends_with("\"board_size\":11}"),
        "{offer}"
    );
    writeln!(writer, "= new_game 0\n= challenge_requested 0").expect("write");
    assert_eq!(read(), "join_game 0");
    writeln!(
        writer,
        "= join_game regalia-a someone rated fischer 60000 1 11\n= display_users x\ngame 0 generate_move attacker"
    )
    .expect("write");
    let ours = read();
    let words: Vec<&str> = ours.split_whitespace().collect();
    assert_eq!(words[..3], ["game", "0", "play"], "{ours}");
    assert_eq!(words[3], "attacker", "{ours}");
    // The game as the server keeps it, to answer with a legal defenders' move.
    let mut game = regalia::session::Variant::Tafl
        .configured_session(&[("TaflRules".to_string(), "copenhagen".to_string())])
        .expect("copenhagen");
    game.play(&format!("{}{}", words[4], words[5]))
        .expect("the client's move is legal");
    let reply = game.legal_moves()[0].clone();
    game.play(&reply).expect("a legal reply");
    let split = reply.find(|c: char| c.is_ascii_digit()).expect("a rank");
    let split = split
        + reply[split..]
            .find(|c: char| !c.is_ascii_digit())
            .expect("a second square");
    writeln!(
        writer,
        "game 0 play defender {} {}\ngame 0 generate_move attacker",
        &reply[..split],
        &reply[split..]
    )
    .expect("write");
    let second = read();
    assert!(second.starts_with("game 0 play attacker "), "{second}");
    let words: Vec<&str> = second.split_whitespace().collect();
    game.play(&format!("{}{}", words[4], words[5]))
        .expect("the client's second move is legal after the defenders' reply");
    writeln!(writer, "= game_over 0 defender_wins").expect("write");
    let status = wait_for_exit(&mut client, "the client did not leave after --games 1");
    assert!(status.success());
}

/// `regalia htp --host` without a login serves a plain HTP driver: `generate_move` is answered
/// on the connection with `play ROLE FROM TO`.
#[test]
fn htp_host_serves_a_plain_driver() {
    use std::io::{BufRead, Write};

    let (mut client, mut reader, mut writer) = connected_client(&[]);
    writeln!(writer, "board_size 11\nplay attacker d1 d3\ngenerate_move").expect("write");
    let mut line = String::new();
    reader.read_line(&mut line).expect("the engine answers");
    assert!(line.starts_with("play defender "), "{line:?}");
    writeln!(writer, "quit").expect("write");
    wait_for_exit(&mut client, "quit did not end the client");
}
