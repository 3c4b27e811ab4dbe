#![cfg(not(target_arch = "wasm32"))]
//! `molscrab hint` and `selfplay --players LIST` as a person runs them (RULES §10).

use serde_json::Value;

mod common;
use common::{molscrab, stdout_json};

/// A two-player Theory game, `moves` long, played by greedy computers.
fn game_with(moves: usize) -> Value {
    let path =
        std::env::temp_dir().join(format!("molscrab-hint-{}-{moves}.json", std::process::id()));
    let path_text = path.to_str().expect("a UTF-8 temp path");
    let output = molscrab(
        &[
            "selfplay", "--games", "1", "--seed", "4", "--record", path_text,
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0));
    let text = std::fs::read_to_string(&path).expect("the record was written");
    let _ = std::fs::remove_file(&path);
    let mut record: Value = serde_json::from_str(&text).expect("a JSON record");
    let all = record["moves"].as_array().expect("moves").clone();
    assert!(all.len() > moves, "the game is long enough");
    record["moves"] = Value::Array(all[..moves].to_vec());
    record
}

#[test]
fn hint_lists_the_best_plays_and_the_first_replays_for_exactly_its_score() {
    for moves in [0, 3, 6] {
        let mut record = game_with(moves);
        let output = molscrab(&["hint", "-", "--top", "3"], &record.to_string());
        assert_eq!(
            output.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let out = stdout_json(&output);
        let plays = out["plays"].as_array().expect("plays").clone();
        assert_eq!(plays.len(), 3, "{out}");
        let scores: Vec<i64> = plays
            .iter()
            .map(|p| p["score"].as_i64().unwrap_or(-1))
            .collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
        for p in &plays {
            assert!(p["formulas"].as_array().is_some_and(|f| !f.is_empty()));
            for tile in p["play"].as_array().expect("tiles") {
                let keys: Vec<&str> = tile
                    .as_object()
                    .expect("a tile")
                    .keys()
                    .map(|k| k.as_str())
                    .collect();
                assert!(
                    keys.iter()
                        .all(|k| ["row", "col", "el", "wild"].contains(k)),
                    "{tile}"
                );
                assert!(tile.get("wild").is_none_or(|w| w == true), "{tile}");
            }
        }
        // appending the first play replays legally and scores exactly its score
        let first = plays[0].clone();
        record["moves"]
            .as_array_mut()
            .expect("moves")
            .push(serde_json::json!({"play": first["play"]}));
        let replayed = molscrab(&["replay", "-"], &record.to_string());
        assert_eq!(
            replayed.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&replayed.stdout)
        );
        let turns = stdout_json(&replayed)["turns"]
            .as_array()
            .expect("turns")
            .clone();
        assert_eq!(turns.len(), moves + 1);
        assert_eq!(turns[moves]["score"], first["score"]);
        let tiles: Vec<Value> = turns[moves]["formulas"]
            .as_array()
            .expect("formulas")
            .iter()
            .map(|f| f["tiles"].clone())
            .collect();
        assert_eq!(Value::Array(tiles), first["formulas"]);
    }
}

#[test]
fn hint_lists_five_by_default_and_reads_a_file() {
    let record = game_with(2);
    let path = std::env::temp_dir().join(format!("molscrab-hint-file-{}.json", std::process::id()));
    std::fs::write(&path, record.to_string()).expect("a temp file");
    let output = molscrab(&["hint", path.to_str().expect("UTF-8")], "");
    let _ = std::fs::remove_file(&path);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout_json(&output)["plays"].as_array().map(Vec::len),
        Some(5)
    );
}

#[test]
fn hint_on_an_ended_game_exits_1_and_bad_input_exits_2() {
    let path = std::env::temp_dir().join(format!("molscrab-hint-end-{}.json", std::process::id()));
    let path_text = path.to_str().expect("a UTF-8 temp path");
    let output = molscrab(
        &[
            "selfplay", "--games", "1", "--seed", "4", "--record", path_text,
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0));
    let ended = molscrab(&["hint", path_text], "");
    let _ = std::fs::remove_file(&path);
    assert_eq!(ended.status.code(), Some(1));
    assert!(stdout_json(&ended)["error"]["reason"].is_string());
    // a move the rules forbid: exit 1 naming it, as replay does
    let mut record = game_with(1);
    record["moves"]
        .as_array_mut()
        .expect("moves")
        .push(serde_json::json!({"pass": true}));
    record["moves"]
        .as_array_mut()
        .expect("moves")
        .push(serde_json::json!({"play": [{"row": 0, "col": 0, "el": "U"}]}));
    let illegal = molscrab(&["hint", "-"], &record.to_string());
    assert_eq!(illegal.status.code(), Some(1));
    assert_eq!(stdout_json(&illegal)["error"]["move"], 2);
    for (args, input) in [
        (&["hint", "-"][..], "not json"),
        (
            &["hint", "-"][..],
            r#"{"format":"molscrab-game/1","kind":"solitaire","players":["A"],"computers":["hard"]}"#,
        ),
        (&["hint"][..], ""),
        (&["hint", "-", "--top", "0"][..], ""),
        (&["hint", "-", "--top", "x"][..], ""),
        (&["hint", "-", "--top"][..], ""),
        (&["hint", "-", "--colour", "red"][..], ""),
        (&["hint", "a.json", "b.json"][..], ""),
        (&["hint", "/no/such/file.json"][..], ""),
    ] {
        let output = molscrab(args, input);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(
            !message.trim().is_empty() && !message.contains("panicked"),
            "{message}"
        );
    }
}

#[test]
fn selfplay_with_a_list_of_levels_reports_every_seat() {
    let output = molscrab(
        &[
            "selfplay",
            "--games",
            "4",
            "--seed",
            "3",
            "--players",
            "novice,greedy",
        ],
        "",
    );
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let out = stdout_json(&output);
    assert_eq!(out["violations"], 0);
    let seats = out["seats"].as_array().expect("seats").clone();
    assert_eq!(seats.len(), 2);
    assert_eq!(seats[0]["level"], "novice");
    assert_eq!(seats[1]["level"], "greedy");
    // the Apprentice overlooks whole classes of plays: it seldom wins
    assert!(
        seats[1]["wins"].as_f64() > seats[0]["wins"].as_f64(),
        "{out}"
    );
    assert!(seats[0]["mean_score"].as_f64() < seats[1]["mean_score"].as_f64());
    // a count is as many greedy seats; one level is Solitaire
    let counted = stdout_json(&molscrab(
        &["selfplay", "--games", "2", "--seed", "3", "--players", "3"],
        "",
    ));
    let levels: Vec<&str> = counted["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .filter_map(|s| s["level"].as_str())
        .collect();
    assert_eq!(levels, ["greedy", "greedy", "greedy"]);
    let alone = molscrab(
        &[
            "selfplay",
            "--games",
            "1",
            "--seed",
            "3",
            "--players",
            "expert",
            "--mode",
            "standard",
        ],
        "",
    );
    assert_eq!(alone.status.code(), Some(0));
    assert_eq!(stdout_json(&alone)["seats"][0]["wins"], 1);
}

#[test]
fn selfplay_refuses_unknown_levels_and_too_many_seats() {
    for players in [
        "hard,greedy",
        "expert,greedy,novice,greedy,expert",
        "0",
        "expert,",
    ] {
        let output = molscrab(
            &[
                "selfplay",
                "--games",
                "1",
                "--seed",
                "1",
                "--players",
                players,
            ],
            "",
        );
        assert_eq!(output.status.code(), Some(2), "{players}");
        assert!(output.stdout.is_empty());
        assert!(!output.stderr.is_empty());
    }
}
