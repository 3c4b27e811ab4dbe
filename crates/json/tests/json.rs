//! crates/json/src/lib.rs against serde_json: the same texts are JSON to both, they read to the same
//! values, and what ours writes serde_json reads back unchanged (and the other way round).
#![cfg(not(target_arch = "wasm32"))]

use molscrab_json as json;
use proptest::prelude::*;
use serde_json::Value as Serde;

fn serde_value() -> impl Strategy<Value = Serde> {
    let leaf = prop_oneof![
        Just(Serde::Null),
        any::<bool>().prop_map(Serde::Bool),
        any::<i64>().prop_map(Serde::from),
        any::<u64>().prop_map(Serde::from),
        any::<f64>()
            .prop_filter("JSON has no NaN or infinity", |x| x.is_finite())
            .prop_map(Serde::from),
        any::<String>().prop_map(Serde::String),
        "[a-z\"\\\\/\n\t\u{1}é😀]{0,6}".prop_map(Serde::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Serde::Array),
            prop::collection::vec((any::<String>(), inner), 0..6)
                .prop_map(|members| Serde::Object(members.into_iter().collect())),
        ]
    })
}

fn ours(text: &str) -> json::Value {
    match json::parse(text) {
        Ok(v) => v,
        Err(e) => panic!("{text:?}: {e}"),
    }
}

proptest! {
    #[test]
    fn what_serde_json_writes_we_read_and_write_back_the_same(value in serde_value()) {
        let compact = value.to_string();
        let read = ours(&compact);
        prop_assert_eq!(read.to_string(), compact.clone());
        let pretty = serde_json::to_string_pretty(&value).unwrap_or_default();
        prop_assert_eq!(read.to_pretty(), pretty.clone());
        prop_assert_eq!(ours(&pretty), read);
    }

    #[test]
    fn what_we_write_serde_json_reads_as_the_same_value(value in serde_value()) {
        let read = ours(&value.to_string());
        let back: Result<Serde, _> = serde_json::from_str(&read.to_string());
        prop_assert_eq!(back.ok(), Some(value.clone()));
        let back: Result<Serde, _> = serde_json::from_str(&read.to_pretty());
        prop_assert_eq!(back.ok(), Some(value));
    }

    #[test]
    fn any_text_is_json_to_both_or_to_neither(
        text in r#"[\[\]{}":,0-9.+\-eE \ntrufalsn\\u/dDa8xé]{0,24}"#,
    ) {
        let theirs: Result<Serde, _> = serde_json::from_str(&text);
        match (json::parse(&text), theirs) {
            (Ok(v), Ok(t)) => {
                let again: Result<Serde, _> = serde_json::from_str(&v.to_string());
                prop_assert_eq!(again.ok(), Some(t));
            }
            (Err(_), Err(_)) => {}
            // serde_json lets the last of a repeated key win; we refuse the text (see
            // `Reason::RepeatedKey`): a save or import should not mean one of two things
            (Err(json::ParseError { reason: json::Reason::RepeatedKey(_), .. }), Ok(_)) => {}
            // numbers beyond f64 are text to us, an error to serde_json: both refuse such a save
            (Ok(_), Err(e)) => prop_assert!(e.to_string().contains("out of range"), "{text:?}: {e}"),
            (Err(e), Ok(t)) => prop_assert!(false, "{text:?} is {t} to serde_json, but: {e}"),
        }
    }

    #[test]
    fn any_text_at_all_reads_without_panicking(text in any::<String>()) {
        let _ = json::parse(&text);
    }
}

#[test]
fn escapes_read_as_serde_json_reads_them() {
    for text in [
        r#""\u00e9\ud83d\ude00\/\b\f\n\r\t\"\\""#,
        "-0",
        "1E+2",
        "[[[]]]",
    ] {
        let theirs: Serde = serde_json::from_str(text).unwrap_or(Serde::Null);
        let back: Serde =
            serde_json::from_str(&ours(text).to_string()).unwrap_or(Serde::Bool(false));
        assert_eq!(back, theirs, "{text}");
    }
}

// the one place we knowingly differ from serde_json: it reads a repeated key (the last one wins)
#[test]
fn a_repeated_key_serde_json_reads_we_refuse() {
    let text = r#"{"a":1,"a":2}"#;
    let theirs: Result<Serde, _> = serde_json::from_str(text);
    assert_eq!(theirs.ok(), Some(serde_json::json!({"a": 2})));
    let e = json::parse(text).err();
    assert_eq!(
        e.map(|e| e.reason),
        Some(json::Reason::RepeatedKey("a".into()))
    );
}
