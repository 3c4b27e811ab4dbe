#![cfg(not(target_arch = "wasm32"))]
//! `--mode chemist` as a person runs it (RULES §11): `check`, `replay` of records played under
//! the chemist's referee (golden games in tests/chemist/), `hint`, `selfplay`, `daily`.

use std::path::{Path, PathBuf};

use serde_json::Value;

mod common;
use common::{molscrab, stdout_json};

fn check(tiles: &str) -> Value {
    let output = molscrab(&["check", "--mode", "chemist", tiles], "");
    assert_eq!(output.status.code(), Some(0), "{tiles}");
    stdout_json(&output)
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/chemist")
}

fn golden(name: &str) -> String {
    std::fs::read_to_string(golden_dir().join(name)).expect("the golden game is there")
}

#[test]
fn check_takes_documented_substances_in_a_conventional_order() {
    let salt = check("Na Cl");
    assert_eq!(salt["valid"], true);
    assert_eq!(salt["known"], true);
    assert_eq!(salt["rule"], Value::Null);
    assert_eq!(salt["documented"], true);
    assert_eq!(salt["names"][1], "sodium chloride");
    for tiles in [
        "Na H C O O O",
        "Mg O H O H",
        "Fe Fe Fe O O O O",
        "C C H H H H H H",
        "H H H P O O O O",
    ] {
        let line = check(tiles);
        assert_eq!(line["valid"], true, "{line}");
        assert_eq!(line["known"], false, "{line}");
        assert_eq!(line["documented"], true, "{line}");
        assert!(line["smiles"].is_string(), "{line}");
    }
}

#[test]
fn check_refuses_with_order_and_not_documented() {
    let wrong = check("Cl Na");
    assert_eq!(wrong["valid"], false);
    assert_eq!(wrong["rule"], "order");
    assert!(
        wrong["reason"].as_str().is_some_and(
            |r| r.starts_with("Cl·Na is sodium chloride in the wrong order: play Na·Cl")
        ),
        "{wrong}"
    );
    assert_eq!(wrong["documented"], true, "the atoms are a substance");
    let hydroxide = check("Mg H H O O");
    assert_eq!(hydroxide["rule"], "order");
    assert!(
        hydroxide["reason"]
            .as_str()
            .is_some_and(|r| r.contains("play Mg·O·H·O·H")),
        "{hydroxide}"
    );
    let nothing = check("H He");
    assert_eq!(nothing["rule"], "not-documented");
    assert_eq!(
        nothing["reason"],
        "H·He is not a documented substance. Helium is a noble gas: it forms no compounds"
    );
    assert_eq!(nothing["names"], serde_json::json!([]));
    let sodium = check("Na Na");
    assert_eq!(sodium["rule"], "not-documented");
    assert_eq!(sodium["documented"], false);
    assert_eq!(sodium["only"], "gas-phase");
    assert_eq!(sodium["names"], serde_json::json!(["disodium"]));
    assert_eq!(check("Na")["rule"], "single-tile");
    assert_eq!(check("Na Xx")["rule"], "unknown-element");
    // one formula per stdin line, as in the other modes
    let output = molscrab(&["check", "--mode=chemist"], "H H O\nO H H\n\nC O O\n");
    let rules: Vec<Value> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON")["rule"].clone())
        .collect();
    assert_eq!(rules, [Value::Null, "order".into(), Value::Null]);
}

#[test]
fn the_other_referees_are_unchanged() {
    let theory = molscrab(&["check", "--mode", "theory", "Cl", "Na"], "");
    assert_eq!(stdout_json(&theory)["valid"], true);
    let standard = molscrab(&["check", "--mode", "standard", "Cl", "Na"], "");
    assert_eq!(stdout_json(&standard)["rule"], "card-order");
    let standard = molscrab(
        &["check", "--mode", "standard", "Na", "H", "C", "O", "O", "O"],
        "",
    );
    assert_eq!(stdout_json(&standard)["rule"], "not-on-card");
    let bad = molscrab(&["check", "--mode", "quantum", "H", "H"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("chemist"));
}

#[test]
fn replay_reproduces_every_chemist_golden_game() {
    let mut games = 0;
    for entry in std::fs::read_dir(golden_dir()).expect("tests/chemist exists") {
        let path = entry.expect("an entry").path();
        let name = path.to_string_lossy().to_string();
        if !name.ends_with(".json") || name.ends_with(".out.json") {
            continue;
        }
        assert!(
            std::fs::read_to_string(&path)
                .expect("reads")
                .contains(r#""referee": "chemist""#),
            "{name} is a chemist's game"
        );
        let expected: Value = serde_json::from_str(
            &std::fs::read_to_string(name.replace(".json", ".out.json")).expect("an .out.json"),
        )
        .expect("JSON");
        let output = molscrab(&["replay", &name], "");
        assert_eq!(output.status.code(), Some(0), "{name}");
        assert_eq!(stdout_json(&output), expected, "{name}");
        games += 1;
    }
    assert!(games >= 2, "{games}");
}

#[test]
fn the_referee_key_decides_how_a_record_is_judged() {
    let record = golden("pass-and-play-expert-greedy.json");
    // without the key the same moves are judged by Standard Mode's card, and refused
    let standard = record.replace("\"referee\": \"chemist\",", "");
    assert_ne!(standard, record);
    let output = molscrab(&["replay", "-"], &standard);
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout_json(&output)["error"]["move"].is_number());
    // a referee this build does not know: exit 2, saying which
    let unknown = record.replace("\"referee\": \"chemist\"", "\"referee\": \"alchemist\"");
    let output = molscrab(&["replay", "-"], &unknown);
    assert_eq!(output.status.code(), Some(2));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("\"alchemist\""), "{said}");
    assert!(output.stdout.is_empty());
}

#[test]
fn hint_under_the_chemist_referee_replays_for_exactly_its_score() {
    let record: Value =
        serde_json::from_str(&golden("solitaire-greedy.json")).expect("the golden game");
    let mut start = record.clone();
    let moves = record["moves"].as_array().expect("moves").clone();
    start["moves"] = Value::Array(moves[..4].to_vec());
    let output = molscrab(&["hint", "-", "--top", "3"], &start.to_string());
    assert_eq!(output.status.code(), Some(0));
    let plays = stdout_json(&output)["plays"].clone();
    let best = &plays[0];
    assert!(best["score"].as_i64().is_some_and(|s| s > 0), "{plays}");
    for formula in best["formulas"].as_array().expect("formulas") {
        let line = check(formula.as_str().expect("text"));
        assert_eq!(line["valid"], true, "{formula}");
    }
    let mut next = start.clone();
    next["moves"]
        .as_array_mut()
        .expect("moves")
        .push(serde_json::json!({"play": best["play"].clone()}));
    let replayed = molscrab(&["replay", "-"], &next.to_string());
    assert_eq!(replayed.status.code(), Some(0));
    let turns = stdout_json(&replayed)["turns"].clone();
    assert_eq!(turns[4]["score"], best["score"]);
}

#[test]
fn selfplay_and_daily_play_the_chemist_referee() {
    let output = molscrab(
        &[
            "selfplay",
            "--games",
            "4",
            "--seed",
            "3",
            "--mode",
            "chemist",
            "--players",
            "expert,greedy",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0));
    let summary = stdout_json(&output);
    assert_eq!(summary["violations"], 0);
    assert!(
        summary["turns"].as_u64().is_some_and(|t| t > 40),
        "{summary}"
    );
    let day = molscrab(&["daily", "2026-12-04", "--mode", "chemist"], "");
    assert_eq!(day.status.code(), Some(0));
    let record = stdout_json(&day);
    assert_eq!(record["referee"], "chemist");
    assert_eq!(record["theory"], false);
    assert_eq!(record["moves"], serde_json::json!([]));
    let again = stdout_json(&molscrab(&["daily", "2026-12-04", "--mode", "chemist"], ""));
    assert_eq!(record, again);
    // pinned: the day's seed (M = 2), the greedy player, the threshold and the table decide
    // which bag a day gets; changing any of them changes some days
    assert_eq!(record["seed"], 11_085_878_565_189_602_934_u64);
    let other = stdout_json(&molscrab(&["daily", "2026-11-30", "--mode", "chemist"], ""));
    assert_eq!(other["seed"], 5_547_738_710_865_131_423_u64);
    let standard = stdout_json(&molscrab(
        &["daily", "2026-12-04", "--mode", "standard"],
        "",
    ));
    assert_ne!(record["seed"], standard["seed"]);
    assert!(standard.get("referee").is_none());
    let replayed = molscrab(&["replay", "-"], &record.to_string());
    assert_eq!(replayed.status.code(), Some(0));
}
