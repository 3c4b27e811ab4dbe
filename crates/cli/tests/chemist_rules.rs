#![cfg(not(target_arch = "wasm32"))]
//! The editions of the chemist's rules as a person meets them (RULES §11): `check --rules N`,
//! `replay` of a record that names rules this build does not know, `daily` before and from the
//! cutover.

use std::path::Path;

mod common;
use common::{molscrab, stdout_json};

fn golden(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/chemist")
        .join(name);
    std::fs::read_to_string(path).expect("the golden game is there")
}

#[test]
fn check_judges_by_the_edition_asked_for() {
    // the first edition writes ammonium hydroxide lumped, by its ammonium convention
    for args in [
        vec![
            "check",
            "--mode",
            "chemist",
            "--rules",
            "1",
            "N H H H H H O",
        ],
        vec!["check", "--mode", "chemist", "--rules=1", "N H H H H H O"],
    ] {
        let output = molscrab(&args, "");
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert_eq!(stdout_json(&output)["valid"], true, "{args:?}");
    }
    // the current rules judge unless told, and `--rules 2` names them
    let current = molscrab(&["check", "--mode", "chemist", "Zn N N O O O O O O"], "");
    let named = molscrab(
        &[
            "check",
            "--mode",
            "chemist",
            "--rules",
            "2",
            "Zn N N O O O O O O",
        ],
        "",
    );
    assert_eq!(current.status.code(), Some(0));
    assert_eq!(stdout_json(&current), stdout_json(&named));
    for bad in [
        vec!["check", "--mode", "chemist", "--rules", "3", "Na Cl"],
        vec!["check", "--mode", "chemist", "--rules", "0", "Na Cl"],
        vec!["check", "--mode", "chemist", "--rules=two", "Na Cl"],
        vec!["check", "--mode", "chemist", "--rules"],
    ] {
        let output = molscrab(&bad, "");
        assert_eq!(output.status.code(), Some(2), "{bad:?}");
        let said = String::from_utf8_lossy(&output.stderr);
        assert!(
            said.contains("--rules") || said.contains("edition"),
            "{said}"
        );
    }
}

#[test]
fn replay_refuses_a_record_of_rules_this_build_does_not_know() {
    let saved = golden("solitaire-greedy.json");
    let output = molscrab(&["replay", "-"], &saved);
    assert_eq!(output.status.code(), Some(0), "an old record replays");
    let later = saved.replacen(
        r#""referee": "chemist","#,
        r#""referee": "chemist", "chemist_rules": 3,"#,
        1,
    );
    assert_ne!(later, saved);
    let output = molscrab(&["replay", "-"], &later);
    assert_eq!(output.status.code(), Some(2));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("edition 3 of the chemist's rules"), "{said}");
}

#[test]
fn daily_keeps_the_days_before_the_cutover_and_names_the_rules_from_it() {
    let day = |date: &str| {
        let output = molscrab(&["daily", date, "--mode", "chemist"], "");
        assert_eq!(output.status.code(), Some(0), "{date}");
        String::from_utf8_lossy(&output.stdout).trim().to_string()
    };
    // printed by the build before the rules had editions
    assert_eq!(
        day("2026-12-07"),
        r#"{"format":"molscrab-game/1","kind":"solitaire","theory":false,"referee":"chemist","players":["You"],"first":0,"seed":6233685271281121098,"moves":[]}"#
    );
    let cutover = day("2026-12-08");
    assert!(
        cutover.contains(r#""referee":"chemist","chemist_rules":2,"#),
        "{cutover}"
    );
}
