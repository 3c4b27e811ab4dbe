//! Hostile game records of about 1 MB are refused, each with the message for the cap it breaks,
//! rather than read slowly (RULES §8: bad input exits 2 with a message, never a panic). Speed is
//! not asserted (a shared machine makes timed tests flaky); docs/PERFORMANCE.md (Hostile input)
//! has the time of a release `molscrab replay` on `keys_in_one_object(100_000)`, with and
//! without the caps.

mod hostile;

use hostile::*;
use molscrab_engine::record::{GameRecord, RecordError, MAX_MOVES};
use molscrab_json::{MAX_DEPTH, MAX_ITEMS, MAX_KEYS, MAX_STRING_CHARS};

fn refusal(text: &str) -> RecordError {
    assert!(text.len() <= IMPORT_CAP + 100_000, "{} bytes", text.len());
    match GameRecord::parse(text) {
        Ok(_) => panic!("a hostile record of {} bytes was read", text.len()),
        Err(e) => e,
    }
}

fn says(e: &RecordError, words: &str) {
    assert!(e.to_string().contains(words), "{e}");
}

#[test]
fn an_object_of_100_000_keys_is_too_large() {
    let e = refusal(&keys_in_one_object(100_000));
    assert!(matches!(e, RecordError::TooLarge(_)), "{e:?}");
    says(
        &e,
        "This game record is too large to read: an object with more than 1000 keys",
    );
    assert!(GameRecord::parse(&keys_in_one_object(MAX_KEYS)).is_ok());
}

#[test]
fn a_key_repeated_100_000_times_is_ambiguous() {
    let e = refusal(&repeated_keys(100_000));
    assert_eq!(
        e.to_string(),
        "This game record is ambiguous: the key \"k\" appears twice in one object at line 1, \
         column 88."
    );
}

#[test]
fn lists_nested_500_000_deep_are_too_large() {
    let e = refusal(&nested_lists(500_000));
    says(&e, "too large to read: lists and objects nested too deeply");
    // the record itself is one level
    assert!(GameRecord::parse(&nested_lists(MAX_DEPTH - 1)).is_ok());
}

#[test]
fn a_name_of_a_million_characters_is_too_large() {
    // RULES §9: `replay` accepts any names, so only the reader's string cap applies
    let e = refusal(&long_name(IMPORT_CAP));
    says(
        &e,
        "too large to read: a string longer than 10000 characters at line 1, column 59",
    );
    assert!(GameRecord::parse(&long_name(MAX_STRING_CHARS)).is_ok());
}

#[test]
fn a_list_of_500_000_items_is_too_large() {
    let e = refusal(&long_list(500_000));
    says(&e, "too large to read: a list with more than 10000 items");
    assert!(GameRecord::parse(&long_list(MAX_ITEMS)).is_ok());
}

#[test]
fn a_record_of_50_000_moves_is_too_large() {
    let e = refusal(&many_moves(50_000));
    says(&e, "a list with more than 10000 items");
}

#[test]
fn a_record_may_have_max_moves_and_no_more() {
    assert!(GameRecord::parse(&many_moves(MAX_MOVES)).is_ok());
    let e = refusal(&many_moves(MAX_MOVES + 1));
    assert_eq!(e, RecordError::TooManyMoves(MAX_MOVES + 1));
    assert_eq!(
        e.to_string(),
        "The game record has 1001 moves; a game record may have at most 1000."
    );
}
