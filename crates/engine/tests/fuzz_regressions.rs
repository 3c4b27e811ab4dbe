//! The fuzz targets' checks, without nightly: every kept regression input (fuzz/regressions/) and every seed (the golden games, fuzz/seeds/, the chemist's among them) runs through them.

#[path = "../fuzz/src/lib.rs"]
mod checks;

use std::path::Path;

// the files of one directory, dotfiles and READMEs left out, sorted so a failure names the same
// file each run
fn inputs(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<(String, Vec<u8>)> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .filter_map(|p| {
            let name = p.file_name()?.to_str()?.to_string();
            if name.starts_with('.') || name.ends_with(".md") {
                return None;
            }
            Some((name, std::fs::read(&p).ok()?))
        })
        .collect();
    found.sort();
    found
}

fn run_each(dirs: &[&str], check: fn(&[u8])) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut count = 0;
    for dir in dirs {
        for (name, data) in inputs(&root.join(dir)) {
            let outcome = std::panic::catch_unwind(|| check(&data));
            assert!(outcome.is_ok(), "{dir}/{name} fails the fuzz check");
            count += 1;
        }
    }
    count
}

#[test]
fn record_regressions_and_seeds_pass_the_record_check() {
    let golden: Vec<(String, Vec<u8>)> =
        inputs(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden"))
            .into_iter()
            .filter(|(name, _)| !name.ends_with(".out.json"))
            .collect();
    assert!(
        !golden.is_empty(),
        "the golden games are the record target's seeds"
    );
    for (name, data) in &golden {
        let outcome = std::panic::catch_unwind(|| checks::check_record(data));
        assert!(outcome.is_ok(), "golden {name} fails the record check");
    }
    // the golden games are Standard and Theory; the kept seeds are the chemist's records
    let count = run_each(
        &["fuzz/regressions/record", "fuzz/seeds/record"],
        checks::check_record,
    );
    assert!(count > 0, "fuzz/seeds/record holds at least one seed");
}

#[test]
fn replay_regressions_and_seeds_pass_the_replay_check() {
    let count = run_each(
        &["fuzz/regressions/replay", "fuzz/seeds/replay"],
        checks::check_replay,
    );
    assert!(count > 0, "fuzz/seeds/replay holds at least one seed");
}

#[test]
fn link_regressions_and_seeds_pass_the_link_check() {
    let count = run_each(
        &["fuzz/regressions/link", "fuzz/seeds/link"],
        checks::check_link,
    );
    assert!(count > 0, "fuzz/seeds/link holds at least one seed");
}
