//! The worst texts of about 1 MB (the app's import cap) that a hostile import, save or link
//! could hold, each built around an otherwise readable game record; shared by the engine's and
//! the CLI's tests.
#![allow(dead_code)] // each test crate uses some of them

/// The app's import cap, in bytes.
pub const IMPORT_CAP: usize = 1_000_000;

/// A readable solitaire record with `extra` as one more top-level member (`"x": …`), or with
/// these moves.
pub fn record(extra: &str, moves: &str) -> String {
    format!(
        r#"{{"format":"molscrab-game/1","kind":"solitaire","players":["You"],"moves":[{moves}],"x":{extra}}}"#
    )
}

/// One object with `n` different keys (100,000 took 8 s natively before the map was indexed).
pub fn keys_in_one_object(n: usize) -> String {
    let members: Vec<String> = (0..n).map(|i| format!("\"k{i}\":0")).collect();
    record(&format!("{{{}}}", members.join(",")), "")
}

/// One object with the same key `n` times.
pub fn repeated_keys(n: usize) -> String {
    record(&format!("{{{}}}", vec!["\"k\":0"; n].join(",")), "")
}

/// Lists nested `n` deep.
pub fn nested_lists(n: usize) -> String {
    record(&format!("{}{}", "[".repeat(n), "]".repeat(n)), "")
}

/// The one player's name, `n` characters long.
pub fn long_name(n: usize) -> String {
    format!(
        r#"{{"format":"molscrab-game/1","kind":"solitaire","players":["{}"]}}"#,
        "a".repeat(n)
    )
}

/// A list of `n` numbers.
pub fn long_list(n: usize) -> String {
    record(&format!("[{}]", vec!["0"; n].join(",")), "")
}

/// `n` moves, each an exchange of one tile (read, not replayed: a solitaire game allows three).
pub fn many_moves(n: usize) -> String {
    record("0", &vec![r#"{"exchange":["H"]}"#; n].join(","))
}
