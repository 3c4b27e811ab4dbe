#![cfg(not(target_arch = "wasm32"))]
//! The `molscrab` binary as a person runs it: `replay` on the golden games, exit codes, `check`.

use std::path::Path;
use std::process::Output;

use serde_json::Value;

mod common;
use common::{molscrab, stdout_json};

fn lines(output: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

/// The record `selfplay --games 1 --seed 3 … --record FILE` writes for one self-played game
/// with `args`, read back (the file is removed).
fn selfplayed_record(name: &str, args: &[&str]) -> String {
    let path = std::env::temp_dir().join(format!("molscrab-{name}-{}.json", std::process::id()));
    let path_text = path.to_str().expect("a UTF-8 temp path");
    let mut all = vec!["selfplay", "--games", "1", "--seed", "3"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--record", path_text]);
    let output = molscrab(&all, "");
    assert_eq!(output.status.code(), Some(0));
    let text = std::fs::read_to_string(&path).expect("the record was written");
    let _ = std::fs::remove_file(&path);
    text
}

#[test]
fn replay_reproduces_every_golden_game() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/tests/golden");
    let mut games = 0;
    for entry in std::fs::read_dir(&dir).expect("tests/golden exists") {
        let path = entry.expect("a directory entry").path();
        let name = path.to_string_lossy().to_string();
        if !name.ends_with(".json") || name.ends_with(".out.json") {
            continue;
        }
        let expected_path = name.replace(".json", ".out.json");
        let expected: Value = serde_json::from_str(
            &std::fs::read_to_string(&expected_path).expect("every golden game has an .out.json"),
        )
        .expect("the .out.json is JSON");
        let output = molscrab(&["replay", &name], "");
        assert_eq!(output.status.code(), Some(0), "{name}");
        assert_eq!(stdout_json(&output), expected, "{name}");
        // the same record through stdin
        let text = std::fs::read_to_string(&path).expect("readable");
        let piped = molscrab(&["replay", "-"], &text);
        assert_eq!(stdout_json(&piped), expected, "{name} via stdin");
        games += 1;
    }
    assert!(games >= 4, "only {games} golden games");
}

#[test]
fn the_golden_games_end_every_way() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/tests/golden");
    let mut endings = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("tests/golden exists") {
        let name = entry.expect("entry").path().to_string_lossy().to_string();
        if name.ends_with(".out.json") {
            let out: Value =
                serde_json::from_str(&std::fs::read_to_string(&name).expect("readable"))
                    .expect("JSON");
            endings.push(out["ended"].as_str().unwrap_or("running").to_string());
        }
    }
    for ending in ["went-out", "all-passed", "ended-early", "clean-bench"] {
        assert!(
            endings.iter().any(|e| e == ending),
            "no golden game ends {ending}"
        );
    }
}

const START: &str = r#""format":"molscrab-game/1","kind":"solitaire","theory":true,"players":["You"],"first":0,"seed":5,"bag":["H","H","O","C","C","C","C","N","N"]"#;

fn record(moves: &str) -> String {
    format!("{{{START},\"moves\":[{moves}]}}")
}

#[test]
fn a_running_game_has_no_ending_and_no_winners() {
    let output = molscrab(
        &["replay", "-"],
        &record(
            r#"{"play":[{"row":7,"col":6,"el":"H"},{"row":7,"col":7,"el":"H"},{"row":7,"col":8,"el":"O"}]}"#,
        ),
    );
    assert_eq!(output.status.code(), Some(0));
    let out = stdout_json(&output);
    assert_eq!(out["ended"], Value::Null);
    assert_eq!(out["winners"], Value::Null);
    assert_eq!(
        out["final"],
        serde_json::json!([{"name": "You", "score": 6, "leftover": 0}])
    );
    assert_eq!(
        out["turns"][0],
        serde_json::json!({"seat": 0, "kind": "play",
            "formulas": [{"tiles": "H H O", "score": 6, "known": true}], "score": 6, "bonus": 0})
    );
}

fn assert_illegal(moves: &str, move_index: u64) {
    let output = molscrab(&["replay", "-"], &record(moves));
    assert_eq!(output.status.code(), Some(1), "{moves}");
    let out = stdout_json(&output);
    assert_eq!(out["error"]["move"], move_index, "{moves}");
    assert!(
        out["error"]["reason"]
            .as_str()
            .is_some_and(|r| !r.is_empty()),
        "{out}"
    );
    assert_eq!(
        out.as_object().map(|o| o.len()),
        Some(1),
        "only the error: {out}"
    );
}

#[test]
fn a_move_the_rules_forbid_exits_1_with_only_the_error_on_stdout() {
    let water = r#"{"play":[{"row":7,"col":6,"el":"H"},{"row":7,"col":7,"el":"H"},{"row":7,"col":8,"el":"O"}]}"#;
    // a solitaire pass
    assert_illegal(r#"{"pass":true}"#, 0);
    // a rejected formula (C·H·H: carbon starved)
    assert_illegal(
        r#"{"play":[{"row":7,"col":6,"el":"C"},{"row":7,"col":7,"el":"H"},{"row":7,"col":8,"el":"H"}]}"#,
        0,
    );
    // a tile not on the rack
    assert_illegal(
        r#"{"play":[{"row":7,"col":7,"el":"Na"},{"row":7,"col":8,"el":"Cl"}]}"#,
        0,
    );
    // off the star
    assert_illegal(
        r#"{"play":[{"row":0,"col":0,"el":"H"},{"row":0,"col":1,"el":"H"}]}"#,
        0,
    );
    // a fourth exchange
    assert_illegal(
        r#"{"exchange":["C"]},{"exchange":["C"]},{"exchange":["C"]},{"exchange":["C"]}"#,
        3,
    );
    // more than the bag holds (2 left)
    assert_illegal(r#"{"exchange":["C","C","C"]}"#, 0);
    // any move after the end
    assert_illegal(&format!(r#"{water},{{"end":true}},{{"end":true}}"#), 2);
    // an empty exchange or play
    assert_illegal(r#"{"exchange":[]}"#, 0);
    assert_illegal(r#"{"play":[]}"#, 0);
}

fn assert_unreadable(input: &str) {
    let output = molscrab(&["replay", "-"], input);
    assert_eq!(output.status.code(), Some(2), "{input}");
    assert!(output.stdout.is_empty(), "{input}");
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(!message.trim().is_empty(), "{input}");
    assert!(!message.contains("panicked"), "{message}");
}

#[test]
fn unreadable_input_exits_2_with_a_message() {
    assert_unreadable("");
    assert_unreadable("not json");
    assert_unreadable("{\"format\": ");
    assert_unreadable(r#"{"format":"molscrab-game/9","kind":"solitaire","players":["A"]}"#);
    assert_unreadable(
        r#"{"format":"molscrab-game/1","kind":"solitaire","players":["A","B"],"seed":1}"#,
    );
    assert_unreadable(r#"{"format":"molscrab-game/1","kind":"pass-and-play","players":["A"]}"#);
    assert_unreadable(
        r#"{"format":"molscrab-game/1","kind":"pass-and-play","players":["A","B"],"first":2}"#,
    );
    assert_unreadable(&record(r#"{"play":[{"row":15,"col":7,"el":"H"}]}"#));
    assert_unreadable(&record(r#"{"play":[{"row":7,"col":7,"el":"Xx"}]}"#));
    assert_unreadable(&record(r#"{"exchange":["h"]}"#));
    assert_unreadable(&record(r#"{}"#));
    assert_unreadable(&record(r#"{"pass":true,"end":true}"#));
    let output = molscrab(&["replay", "/no/such/file.json"], "");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn unknown_keys_are_ignored() {
    let text = format!(
        "{{{START},\"moves\":[{{\"end\":true,\"note\":\"x\"}}],\"ui\":{{\"screen\":\"game\"}},\"zzz\":1}}"
    );
    let output = molscrab(&["replay", "-"], &text);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout_json(&output)["ended"], "ended-early");
}

#[test]
fn bad_arguments_print_usage_and_exit_2() {
    for args in [
        &[][..],
        &["frobnicate"][..],
        &["replay"][..],
        &["replay", "a", "b"][..],
        &["check", "--mode", "quantum", "H", "H"][..],
        &["check", "--mode"][..],
        &["check", "--colour", "H"][..],
    ] {
        let output = molscrab(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains("usage"),
            "{args:?}"
        );
    }
}

#[test]
fn selfplay_plays_whole_games_and_reports_no_violations() {
    let run = |args: &[&str]| {
        let output = molscrab(args, "");
        assert_eq!(
            output.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        stdout_json(&output)
    };
    let summary = run(&["selfplay", "--games", "6", "--seed", "7"]);
    for key in [
        "games",
        "turns",
        "seconds",
        "games_per_second",
        "violations",
    ] {
        assert!(summary.get(key).is_some(), "{key} missing from {summary}");
    }
    assert_eq!(summary["games"], 6);
    assert_eq!(summary["violations"], 0);
    assert!(summary["turns"].as_u64().unwrap() >= 6);
    // the same seed plays the same games
    let again = run(&["selfplay", "--games", "6", "--seed", "7"]);
    assert_eq!(again["turns"], summary["turns"]);
    // every mode and table size
    let standard = run(&[
        "selfplay",
        "--games=3",
        "--seed=1",
        "--mode",
        "standard",
        "--players",
        "4",
    ]);
    assert_eq!(standard["violations"], 0);
    let solitaire = run(&["selfplay", "--games", "3", "--seed", "2", "--players", "1"]);
    assert_eq!(solitaire["violations"], 0);
}

#[test]
fn selfplay_record_writes_a_whole_game_that_replays() {
    let record = selfplayed_record("selfplay", &["--players", "1"]);
    let replayed = molscrab(&["replay", "-"], &record);
    assert_eq!(
        replayed.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&replayed.stderr)
    );
    let result = stdout_json(&replayed);
    assert!(
        result["turns"].as_array().is_some_and(|t| t.len() > 5),
        "{result}"
    );
    assert!(
        result.get("ended").is_some_and(|e| !e.is_null()),
        "a whole game: {result}"
    );
}

#[test]
fn selfplay_every_variant_plays_a_run_per_referee_and_variant_set_that_fits() {
    let output = molscrab(
        &[
            "selfplay",
            "--games",
            "1",
            "--seed",
            "2",
            "--mode",
            "standard,chemist",
            "--every-variant",
            "--players",
            "1",
        ],
        "",
    );
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let runs = lines(&output);
    // Solitaire: no Speed Lab; Standard Mode: neither Organic nor Ion Rules
    let pairs: Vec<(String, Vec<String>)> = runs
        .iter()
        .map(|r| {
            let codes = r["variants"].as_array().expect("variants").iter();
            let codes = codes.map(|c| c.as_str().expect("a code").to_string());
            (
                r["mode"].as_str().expect("mode").to_string(),
                codes.collect(),
            )
        })
        .collect();
    assert_eq!(pairs.len(), 4 + 8, "{pairs:?}");
    assert_eq!(pairs[0], ("standard".to_string(), vec![]));
    assert_eq!(pairs[4], ("chemist".to_string(), vec![]));
    assert!(pairs.iter().all(|(mode, codes)| {
        !codes.contains(&"speed-lab".to_string())
            && !codes.contains(&"organic".to_string())
            && (mode == "chemist" || !codes.contains(&"ion-rules".to_string()))
    }));
    let distinct: std::collections::HashSet<_> = pairs.iter().collect();
    assert_eq!(distinct.len(), pairs.len());
    assert!(runs.iter().all(|r| r["violations"] == 0 && r["games"] == 1));
    // a run's line says enough to play it again alone
    let run = &runs[7];
    let seed = run["seed"].as_u64().expect("a seed").to_string();
    let codes = pairs[7].1.join(",");
    let alone = molscrab(
        &[
            "selfplay",
            "--games",
            "1",
            "--seed",
            &seed,
            "--mode",
            "chemist",
            "--variants",
            &codes,
            "--players",
            "1",
        ],
        "",
    );
    assert_eq!(alone.status.code(), Some(0));
    let alone = stdout_json(&alone);
    assert_eq!(
        (&alone["turns"], &alone["variants"]),
        (&run["turns"], &run["variants"])
    );
}

#[test]
fn selfplay_plays_a_run_per_referee_listed() {
    let output = molscrab(
        &[
            "selfplay",
            "--games",
            "2",
            "--seed",
            "5",
            "--mode",
            "standard,chemist",
            "--variants",
            "biology-bonus",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0));
    let runs = lines(&output);
    assert_eq!(runs.len(), 2);
    for (run, mode) in runs.iter().zip(["standard", "chemist"]) {
        assert_eq!(run["mode"], mode);
        assert_eq!(run["variants"], serde_json::json!(["biology-bonus"]));
        assert_eq!(
            (&run["seed"], &run["games"], &run["violations"]),
            (&5.into(), &2.into(), &0.into())
        );
    }
}

#[test]
fn selfplay_refuses_bad_arguments_with_exit_2() {
    for args in [
        &["selfplay"][..],
        &["selfplay", "--games", "3"],
        &["selfplay", "--games", "x", "--seed", "1"],
        &["selfplay", "--games", "3", "--seed", "1", "--players", "5"],
        &[
            "selfplay", "--games", "3", "--seed", "1", "--mode", "quantum",
        ],
        &[
            "selfplay", "--games", "3", "--seed", "1", "--colour", "blue",
        ],
        &[
            "selfplay",
            "--games",
            "3",
            "--seed",
            "1",
            "--mode",
            "chemist,chemist",
        ],
        &[
            "selfplay",
            "--games",
            "3",
            "--seed",
            "1",
            "--mode",
            "theory,standard",
            "--variants",
            "organic",
        ],
        &[
            "selfplay",
            "--games",
            "3",
            "--seed",
            "1",
            "--every-variant",
            "--variants",
            "junior",
        ],
        &[
            "selfplay",
            "--games",
            "3",
            "--seed",
            "1",
            "--every-variant=yes",
        ],
        &[
            "selfplay",
            "--games",
            "3",
            "--seed",
            "1",
            "--every-variant",
            "--record",
            "x.json",
        ],
    ] {
        let output = molscrab(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(!output.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn check_judges_one_formula_from_the_arguments() {
    let output = molscrab(&["check", "--mode", "theory", "C", "C", "O", "O"], "");
    assert_eq!(output.status.code(), Some(0));
    let out = lines(&output);
    assert_eq!(out.len(), 1);
    assert_eq!(out[0]["tiles"], "C C O O");
    assert_eq!(out[0]["valid"], true);
    assert_eq!(out[0]["known"], false);
    assert_eq!(out[0]["reason"], Value::Null);
    // arguments are joined and split on whitespace
    let joined = lines(&molscrab(&["check", "--mode", "standard", "H H", "O"], ""));
    assert_eq!(joined[0]["tiles"], "H H O");
    assert_eq!(joined[0]["known"], true);
}

#[test]
fn check_reads_one_formula_per_line_from_stdin() {
    let output = molscrab(
        &["check", "--mode", "theory"],
        "O H H\n\nCl Na\nC C O O\nO O O\nC H H\nHe O\nC C\nC O\nNa\nNA Cl\n",
    );
    assert_eq!(output.status.code(), Some(0));
    let out = lines(&output);
    let summary: Vec<(String, bool, bool, Value)> = out
        .iter()
        .map(|v| {
            (
                v["tiles"].as_str().unwrap_or("").to_string(),
                v["valid"] == true,
                v["known"] == true,
                v["rule"].clone(),
            )
        })
        .collect();
    let expected: Vec<(String, bool, bool, Value)> = vec![
        ("O H H".into(), true, true, Value::Null),
        ("Cl Na".into(), true, true, Value::Null),
        ("C C O O".into(), true, false, Value::Null),
        ("O O O".into(), true, false, Value::Null),
        ("C H H".into(), false, false, "starved".into()),
        ("He O".into(), false, false, "no-bonds".into()),
        ("C C".into(), false, false, "bond-order".into()),
        ("C O".into(), true, true, Value::Null),
        ("Na".into(), false, false, "single-tile".into()),
        ("NA Cl".into(), false, false, "unknown-element".into()),
    ];
    assert_eq!(summary, expected);
    for v in out.iter().filter(|v| v["valid"] == false) {
        assert!(v["reason"].as_str().is_some_and(|r| !r.is_empty()), "{v}");
    }
}

#[test]
fn check_shows_an_ionic_compound_with_its_ions_brackets() {
    let out = lines(&molscrab(
        &["check", "--mode", "theory"],
        "Ca O H O H\nZn N N O O O O O O\nCl Na\nO H H\n",
    ));
    let formulas: Vec<&str> = out.iter().filter_map(|v| v["formula"].as_str()).collect();
    assert_eq!(
        formulas,
        ["Ca(OH)₂", "Zn(NO₃)₂", "NaCl — table salt", "OH₂ — water"]
    );
}

#[test]
fn check_in_standard_mode_wants_card_order() {
    let out = lines(&molscrab(
        &["check", "--mode=standard"],
        "H H O\nNa Cl\nCl Na\nO H H\nC H H\nC C O O\n",
    ));
    let rules: Vec<Value> = out.iter().map(|v| v["rule"].clone()).collect();
    assert_eq!(
        rules,
        vec![
            Value::Null,
            Value::Null,
            "card-order".into(),
            "card-order".into(),
            "not-on-card".into(),
            "not-on-card".into(),
        ]
    );
    assert!(out[2]["reason"]
        .as_str()
        .is_some_and(|r| r.contains("Na · Cl")));
}

#[test]
fn check_gives_smiles_names_and_documented_for_every_valid_formula() {
    let out = lines(&molscrab(
        &["check", "--mode", "theory"],
        "H H O\nC C O O\nH H C C H H H H O\nO H C C H H H H H\nC O\nN O O\nC C C C C C C C C H H\nC H H\nNA Cl\n",
    ));
    let row = |i: usize| {
        (
            out[i]["smiles"].clone(),
            out[i]["names"].clone(),
            out[i]["documented"].clone(),
        )
    };
    assert_eq!(
        row(0),
        (
            "[H][O][H]".into(),
            serde_json::json!(["water"]),
            true.into()
        )
    );
    assert_eq!(
        row(1),
        (
            "[O]=[C]=[C]=[O]".into(),
            serde_json::json!([]),
            false.into()
        )
    );
    // isomers, most common first, for tiles that are no condensed formula
    assert_eq!(
        out[2]["names"],
        serde_json::json!(["ethanol", "dimethyl ether"])
    );
    // … except where the tiles read as a condensed structural formula (RULES §11): O·H·C·C·H·H·H·H·H
    // is ethanol's OHC₂H₅ and names ethanol alone
    assert_eq!(out[3]["names"], serde_json::json!(["ethanol"]));
    assert_eq!(out[2]["smiles"], out[3]["smiles"]);
    // card formulas no valence structure fits: drawn with charges
    assert_eq!(out[4]["smiles"], "[C-]#[O+]");
    assert_eq!(out[5]["smiles"], "[O]=[N+][O-]");
    assert_eq!(out[4]["documented"], true);
    // an invented molecule: a structure, no names
    assert_eq!(out[6]["valid"], true);
    assert!(out[6]["smiles"]
        .as_str()
        .is_some_and(|s| s.matches("[C]").count() == 9));
    assert_eq!(out[6]["documented"], false);
    // rejected: no structure; unreadable: nothing known of it
    assert_eq!(out[7]["smiles"], Value::Null);
    assert_eq!(out[8]["smiles"], Value::Null);
    assert_eq!(out[8]["names"], serde_json::json!([]));
    assert_eq!(out[8]["documented"], false);
}

#[test]
fn check_names_a_documented_substance_the_referee_rejects() {
    // nitric oxide is real, but valency can't draw N·O: documented, with no structure
    let out = lines(&molscrab(&["check", "--mode", "theory", "N", "O"], ""));
    assert_eq!(out[0]["valid"], false);
    assert_eq!(out[0]["documented"], true);
    assert_eq!(out[0]["names"][0], "nitric oxide");
    assert_eq!(out[0]["smiles"], Value::Null);
}

#[path = "../../engine/tests/hostile/mod.rs"]
mod hostile;

#[test]
fn a_hostile_record_is_unreadable_input_exit_2_with_a_message() {
    for (text, message) in [
        (
            hostile::keys_in_one_object(100_000),
            "an object with more than 1000 keys",
        ),
        (
            hostile::repeated_keys(100_000),
            "appears twice in one object",
        ),
        (
            hostile::long_name(hostile::IMPORT_CAP),
            "a string longer than 10000",
        ),
        (hostile::many_moves(1_001), "may have at most 1000"),
    ] {
        let output = molscrab(&["replay", "-"], &text);
        assert_eq!(output.status.code(), Some(2), "{message}");
        assert!(output.stdout.is_empty(), "{message}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(message), "{stderr}");
    }
}

#[test]
fn replay_refuses_a_variant_it_does_not_know_with_exit_2() {
    let text = format!("{{{START},\"variants\":[\"teach-and-challenge\"],\"moves\":[]}}");
    let output = molscrab(&["replay", "-"], &text);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(message.contains("\"teach-and-challenge\""), "{message}");
    // and a variant that does not fit the game: Speed Lab in Solitaire
    assert_unreadable(&format!("{{{START},\"variants\":[\"speed-lab\"]}}"));
    assert_unreadable(&format!("{{{START},\"variants\":[\"junior\",\"junior\"]}}"));
}

#[test]
fn replay_scores_the_biology_bonus() {
    let text = format!(
        "{{{START},\"variants\":[\"biology-bonus\"],\"moves\":[{}]}}",
        r#"{"play":[{"row":7,"col":6,"el":"H"},{"row":7,"col":7,"el":"H"},{"row":7,"col":8,"el":"O"}]}"#
    );
    let output = molscrab(&["replay", "-"], &text);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout_json(&output)["turns"][0],
        serde_json::json!({"seat": 0, "kind": "play",
            "formulas": [{"tiles": "H H O", "score": 6, "known": true, "biology": true}],
            "score": 11, "bonus": 0, "biology_bonus": 5})
    );
}

#[test]
fn daily_prints_the_same_record_for_the_same_date() {
    let output = molscrab(&["daily", "2026-11-30"], "");
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let record = stdout_json(&output);
    assert_eq!(
        record,
        serde_json::json!({"format": "molscrab-game/1", "kind": "solitaire", "theory": true,
            "players": ["You"], "first": 0, "seed": 0x3659_2149_0769_3786_u64, "moves": []})
    );
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 1);
    assert_eq!(molscrab(&["daily", "2026-11-30"], "").stdout, output.stdout);
    let standard = molscrab(&["daily", "--mode", "standard", "2026-11-30"], "");
    assert_eq!(standard.status.code(), Some(0));
    let standard = stdout_json(&standard);
    assert_eq!(standard["theory"], false);
    assert_ne!(standard["seed"], record["seed"]);
    let next = stdout_json(&molscrab(&["daily", "2026-12-01", "--mode=theory"], ""));
    assert_ne!(next["seed"], record["seed"]);
    // the record replays: a game with no moves yet
    let replay = molscrab(&["replay", "-"], &String::from_utf8_lossy(&output.stdout));
    assert_eq!(replay.status.code(), Some(0));
    assert_eq!(stdout_json(&replay)["ended"], Value::Null);
}

#[test]
fn daily_refuses_what_is_not_a_date_with_exit_2() {
    for (args, why) in [
        (&["daily"][..], "YYYY-MM-DD"),
        (&["daily", "2026-02-30"][..], "February 2026 has 28 days"),
        (&["daily", "2026-13-01"][..], "01 to 12"),
        (&["daily", "30/11/2026"][..], "is not a date"),
        (&["daily", "2026-11-30", "2026-12-01"][..], "one date"),
        (&["daily", "2026-11-30", "--mode", "quantum"][..], "quantum"),
        (
            &["daily", "2026-11-30", "--mode"][..],
            "--mode needs a value",
        ),
        (&["daily", "2026-11-30", "--colour"][..], "unknown option"),
    ] {
        let output = molscrab(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(message.contains(why), "{args:?}: {message}");
        assert!(message.contains("usage"), "{args:?}");
    }
}

#[test]
fn hint_under_the_biology_bonus_lists_plays_that_replay_to_their_scores() {
    let text = selfplayed_record("bio-hint", &["--variants", "biology-bonus"]);
    let whole: Value = serde_json::from_str(&text).expect("a JSON record");
    assert_eq!(whole["variants"], serde_json::json!(["biology-bonus"]));
    let all = whole["moves"].as_array().expect("moves").clone();
    let mut bonuses = 0;
    for moves in [0, 1, 2, 3, 4, 5] {
        let mut record = whole.clone();
        record["moves"] = Value::Array(all[..moves.min(all.len())].to_vec());
        let output = molscrab(&["hint", "-", "--top", "5"], &record.to_string());
        assert_eq!(output.status.code(), Some(0));
        let plays = stdout_json(&output)["plays"]
            .as_array()
            .expect("plays")
            .clone();
        let scores: Vec<i64> = plays
            .iter()
            .map(|p| p["score"].as_i64().unwrap_or(-1))
            .collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
        // each listed play, appended as the next move, replays for exactly its score
        for play in &plays {
            let mut next = record.clone();
            next["moves"]
                .as_array_mut()
                .expect("moves")
                .push(serde_json::json!({"play": play["play"]}));
            let replayed = molscrab(&["replay", "-"], &next.to_string());
            assert_eq!(replayed.status.code(), Some(0));
            let turns = stdout_json(&replayed)["turns"]
                .as_array()
                .expect("turns")
                .clone();
            let turn = &turns[turns.len() - 1];
            assert_eq!(turn["score"], play["score"], "{moves} moves: {play}");
            bonuses += usize::from(turn["biology_bonus"].as_i64().unwrap_or(0) > 0);
        }
    }
    assert!(
        bonuses > 0,
        "no hinted play earned the bonus: the test tests nothing"
    );
}
