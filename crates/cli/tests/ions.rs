//! Ion Rules through the `molscrab` binary: `check --variants ion-rules` in Theory Mode and under
//! the chemist's referee, `replay` of a game played with the variant (each formula's
//! `"charge"`), and `selfplay --variants ion-rules`, all against golden files in tests/ions/.

mod common;

use std::path::Path;

use common::{molscrab, stdout_json};
use serde_json::Value;

fn golden(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/ions")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

// the fields Ion Rules decide; names and "documented" follow the substance table, checked
// elsewhere
const FIELDS: [&str; 7] = [
    "tiles", "valid", "known", "rule", "formula", "charge", "ion",
];

fn check_lines(mode: &str) -> Vec<Value> {
    let output = molscrab(
        &["check", "--mode", mode, "--variants", "ion-rules"],
        &golden("check.txt"),
    );
    assert_eq!(output.status.code(), Some(0));
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| {
            let full: Value = serde_json::from_str(line).expect("one JSON line");
            let kept = FIELDS.iter().map(|&k| (k.to_string(), full[k].clone()));
            Value::Object(kept.collect())
        })
        .collect()
}

fn golden_lines(name: &str) -> Vec<Value> {
    golden(name)
        .lines()
        .map(|l| serde_json::from_str(l).expect("golden JSON"))
        .collect()
}

#[test]
fn check_under_ion_rules_gives_each_formula_its_charge() {
    assert_eq!(check_lines("theory"), golden_lines("check.out.jsonl"));
    assert_eq!(
        check_lines("chemist"),
        golden_lines("check-chemist.out.jsonl")
    );
}

#[test]
fn check_without_the_variant_has_no_charge_and_refuses_ions() {
    let output = molscrab(&["check", "O", "H"], "");
    let line = stdout_json(&output);
    assert_eq!(line["valid"], false);
    assert_eq!(line["rule"], "unpaired");
    assert!(line.get("charge").is_none(), "{line}");
}

#[test]
fn check_refuses_ion_rules_in_standard_mode_and_unknown_variants() {
    for args in [
        &[
            "check",
            "--mode",
            "standard",
            "--variants",
            "ion-rules",
            "O",
            "H",
        ][..],
        &["check", "--variants", "ions", "O", "H"][..],
        &[
            "selfplay",
            "--games",
            "1",
            "--seed",
            "1",
            "--mode",
            "standard",
            "--variants",
            "ion-rules",
        ][..],
    ] {
        let output = molscrab(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn replay_keeps_each_formulas_charge() {
    let output = molscrab(&["replay", "-"], &golden("game.json"));
    assert_eq!(output.status.code(), Some(0));
    let expected: Value = serde_json::from_str(&golden("game.out.json")).expect("golden JSON");
    assert_eq!(stdout_json(&output), expected);
    let charges: Vec<i64> = expected["turns"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|t| t["formulas"].as_array().cloned().unwrap_or_default())
        .filter_map(|f| f["charge"].as_i64())
        .collect();
    assert_eq!(charges, [-2, -1, 1, 0]);
}

#[test]
fn a_record_without_ion_rules_replays_as_before_with_no_charge() {
    let plain = golden("game.json").replace(r#""variants": ["ion-rules"],"#, "");
    // O·H is no neutral molecule: without the variant, move 1 is refused
    let output = molscrab(&["replay", "-"], &plain);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout_json(&output)["error"]["move"], 1);
    // the first move alone: S·O·O·O·O is a neutral molecule, and no formula has a charge
    let start = plain.find(r#"{"play": [{"row": 8"#).expect("move 1");
    let end = plain.rfind(']').expect("the moves' end");
    let first_only = format!(
        "{}{}",
        plain[..start].trim_end().trim_end_matches(','),
        &plain[end..]
    );
    let output = molscrab(&["replay", "-"], &first_only);
    assert_eq!(output.status.code(), Some(0), "{first_only}");
    let report = stdout_json(&output);
    let first = &report["turns"][0]["formulas"][0];
    assert_eq!(first["tiles"], "S O O O O");
    assert!(first.get("charge").is_none(), "{report}");
}

#[test]
fn selfplay_plays_under_ion_rules_with_no_violation() {
    let output = molscrab(
        &[
            "selfplay",
            "--games",
            "1",
            "--seed",
            "3",
            "--mode",
            "chemist",
            "--variants",
            "ion-rules",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0));
    let summary = stdout_json(&output);
    assert_eq!(summary["violations"], 0);
    assert_eq!(summary["games"], 1);
}
