//! The referee is one type everywhere: no code in the workspace decides on it by comparing it
//! with one referee (`== Mode::Theory`), by a `matches!` or by its stored text; every such
//! decision is an exhaustive `match` (on [`Mode`] itself or one of its methods), so that a new
//! referee fails to compile wherever it is not yet handled.

#![cfg(not(target_arch = "wasm32"))]

use std::fs;
use std::path::{Path, PathBuf};

use molscrab_engine::referee::Mode;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if path.is_dir() {
            if !matches!(name.as_ref(), "target" | "node_modules" | ".git" | "vendor") {
                rust_files(&path, out);
            }
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
}

/// The workspace's Rust sources: the app (src/, tests/) and every crate.
fn workspace_sources() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    for dir in ["src", "tests", "crates"] {
        rust_files(&root.join(dir), &mut files);
    }
    files
}

// `text` with what is inside string literals and comments left out, line by line (enough
// for the patterns sought: none spans lines)
fn code_of(line: &str) -> String {
    let code = line.split("//").next().unwrap_or_default();
    let mut out = String::new();
    let mut in_string = false;
    let mut escaped = false;
    for c in code.chars() {
        match (in_string, escaped, c) {
            (true, false, '\\') => escaped = true,
            (true, false, '"') => in_string = false,
            (true, _, _) => escaped = false,
            (false, _, '"') => in_string = true,
            (false, _, c) => out.push(c),
        }
    }
    out
}

#[test]
fn no_decision_compares_the_referee_with_one_referee() {
    let sources = workspace_sources();
    assert!(
        sources.len() > 100,
        "the scan found only {} files",
        sources.len()
    );
    let this = file!().rsplit('/').next().unwrap_or_default();
    let mut found = Vec::new();
    for path in &sources {
        if path.ends_with(this) {
            continue;
        }
        let Ok(text) = fs::read_to_string(path) else {
            continue;
        };
        for (n, line) in text.lines().enumerate() {
            let code = code_of(line);
            let compact: String = code.split_whitespace().collect();
            let compares = ["==Mode::", "!=Mode::", "referee::Mode::"]
                .iter()
                .any(|p| compact.contains(p) && (compact.contains("==") || compact.contains("!=")))
                || Mode::ALL.iter().any(|m| {
                    let name = format!("{m:?}");
                    compact.contains(&format!("Mode::{name}=="))
                        || compact.contains(&format!("Mode::{name}!="))
                });
            let matches = compact.contains("matches!(") && compact.contains("Mode::");
            if compares || matches {
                found.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "decide on the referee with an exhaustive match (or a Mode method), not by comparing \
         it with one:\n{}",
        found.join("\n")
    );
}

#[test]
fn every_referee_round_trips_through_its_one_code() {
    // a fourth referee must be listed in ALL: this match fails to compile until it is handled
    let count = |m: Mode| match m {
        Mode::Standard | Mode::Chemist | Mode::Theory => Mode::ALL.len(),
    };
    assert_eq!(count(Mode::Theory), 3);
    for (at, mode) in Mode::ALL.into_iter().enumerate() {
        assert_eq!(mode.code().parse::<Mode>(), Ok(mode));
        // the codes and names are distinct
        for other in &Mode::ALL[..at] {
            assert_ne!(other.code(), mode.code());
            assert_ne!(other.name(), mode.name());
        }
        // the order is the declared one, strictest first
        if let Some(before) = at.checked_sub(1).map(|b| Mode::ALL[b]) {
            assert!(before < mode);
        }
    }
    assert!("Theory".parse::<Mode>().is_err());
    assert!("".parse::<Mode>().is_err());
}
