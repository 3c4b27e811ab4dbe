//! JSON (RFC 8259) for game records, saves, personal bests and the command line: a reader that
//! never panics and says where the text stops being JSON, and a compact or indented writer.
//!
//! Written here rather than taken from serde_json because the browser build needs only this:
//! serde_json and the serde code generated for each type came to 13 % of the game's wasm, this
//! module to under 2 % (README: Size and speed). `tests/json.rs` checks it against serde_json.

use std::fmt::{self, Write};

/// Objects and arrays nested deeper than this are refused (as serde_json does), so a hostile
/// save can't exhaust the stack.
pub const MAX_DEPTH: usize = 128;

/// A JSON value. Numbers keep the text they were written with; objects keep their keys in the
/// order written, each key once (a repeated key keeps its last value).
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Number(Number),
    String(String),
    Array(Vec<Value>),
    Object(Map),
}

/// A number as written (always valid JSON number text), read as whatever type asks for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Number(String);

impl Number {
    /// The number if it is written as a whole number from 0 to `u64::MAX` (`1.0` and `1e2`
    /// are not).
    pub fn as_u64(&self) -> Option<u64> {
        self.0.parse().ok()
    }

    /// The number if it is written as a whole number in `i64`'s range.
    pub fn as_i64(&self) -> Option<i64> {
        self.0.parse().ok()
    }

    /// Any number, as the nearest `f64`.
    pub fn as_f64(&self) -> Option<f64> {
        self.0.parse().ok()
    }

    /// The text as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An object's members in the order written, each key once.
#[derive(Clone, Debug, Default)]
pub struct Map(Vec<(String, Value)>);

impl Map {
    pub fn new() -> Map {
        Map(Vec::new())
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    /// Adds a member at the end, or replaces the value of a key already there.
    pub fn insert(&mut self, key: String, value: Value) {
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some((_, old)) => *old = value,
            None => self.0.push((key, value)),
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v))
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

// two objects are equal when they have the same members, in any order (as in JSON itself)
impl PartialEq for Map {
    fn eq(&self, other: &Map) -> bool {
        self.len() == other.len() && self.iter().all(|(k, v)| other.get(k) == Some(v))
    }
}

impl Value {
    /// An object from its members, in this order.
    pub fn object<const N: usize>(members: [(&str, Value); N]) -> Value {
        let mut map = Map::new();
        for (key, value) in members {
            map.insert(key.to_string(), value);
        }
        Value::Object(map)
    }

    /// The member `key` of an object; `None` for a missing key or a value that isn't an object.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.as_object().and_then(|map| map.get(key))
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Value::Number(n) => n.as_u64(),
            _ => None,
        }
    }

    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Value::Number(n) => n.as_i64(),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Number(n) => n.as_f64(),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&Vec<Value>> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    pub fn as_object(&self) -> Option<&Map> {
        match self {
            Value::Object(map) => Some(map),
            _ => None,
        }
    }

    /// Indented JSON: two spaces a level, `"key": value`, as serde_json's pretty printer.
    pub fn to_pretty(&self) -> String {
        let mut out = String::new();
        write_pretty(&mut out, self, 0);
        out
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::String(s.to_string())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::String(s)
    }
}

macro_rules! from_integer {
    ($($t:ty),*) => {$(
        impl From<$t> for Value {
            fn from(n: $t) -> Value {
                Value::Number(Number(n.to_string()))
            }
        }
    )*};
}
from_integer!(u8, u32, u64, usize, i32, i64);

impl From<f64> for Value {
    /// Non-finite numbers have no JSON form and become `null`; whole ones keep a `.0`.
    fn from(x: f64) -> Value {
        if !x.is_finite() {
            return Value::Null;
        }
        let mut text = x.to_string();
        if !text.contains(['.', 'e']) {
            text.push_str(".0");
        }
        Value::Number(Number(text))
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Value {
        v.map_or(Value::Null, Into::into)
    }
}

impl<T: Into<Value>> From<Vec<T>> for Value {
    fn from(items: Vec<T>) -> Value {
        Value::Array(items.into_iter().map(Into::into).collect())
    }
}

// ---- writing ----

fn write_string(out: &mut impl Write, s: &str) -> fmt::Result {
    out.write_char('"')?;
    for c in s.chars() {
        match c {
            '"' => out.write_str("\\\"")?,
            '\\' => out.write_str("\\\\")?,
            '\n' => out.write_str("\\n")?,
            '\r' => out.write_str("\\r")?,
            '\t' => out.write_str("\\t")?,
            '\u{8}' => out.write_str("\\b")?,
            '\u{c}' => out.write_str("\\f")?,
            c if c < ' ' => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                let b = c as usize;
                out.write_str("\\u00")?;
                out.write_char(char::from(HEX[b >> 4]))?;
                out.write_char(char::from(HEX[b & 15]))?;
            }
            c => out.write_char(c)?,
        }
    }
    out.write_char('"')
}

// compact JSON, no space anywhere
impl fmt::Display for Value {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Null => out.write_str("null"),
            Value::Bool(b) => out.write_str(if *b { "true" } else { "false" }),
            Value::Number(n) => out.write_str(&n.0),
            Value::String(s) => write_string(out, s),
            Value::Array(items) => {
                out.write_char('[')?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.write_char(',')?;
                    }
                    fmt::Display::fmt(item, out)?;
                }
                out.write_char(']')
            }
            Value::Object(map) => {
                out.write_char('{')?;
                for (i, (key, value)) in map.iter().enumerate() {
                    if i > 0 {
                        out.write_char(',')?;
                    }
                    write_string(out, key)?;
                    out.write_char(':')?;
                    fmt::Display::fmt(value, out)?;
                }
                out.write_char('}')
            }
        }
    }
}

fn newline(out: &mut String, depth: usize) {
    out.push('\n');
    for _ in 0..depth {
        out.push_str("  ");
    }
}

fn write_pretty(out: &mut String, value: &Value, depth: usize) {
    match value {
        Value::Array(items) if !items.is_empty() => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, depth + 1);
                write_pretty(out, item, depth + 1);
            }
            newline(out, depth);
            out.push(']');
        }
        Value::Object(map) if !map.is_empty() => {
            out.push('{');
            for (i, (key, value)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, depth + 1);
                // writing to a String can't fail
                let _ = write_string(out, key);
                out.push_str(": ");
                write_pretty(out, value, depth + 1);
            }
            newline(out, depth);
            out.push('}');
        }
        other => {
            let _ = write!(out, "{other}");
        }
    }
}

// ---- reading ----

/// Where and why a text is not JSON; `Display` is for a person ("… at line 1, column 7").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub reason: &'static str,
    /// 1-based, in lines and characters.
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for ParseError {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            out,
            "{} at line {}, column {}",
            self.reason, self.line, self.column
        )
    }
}

impl std::error::Error for ParseError {}

/// Reads one JSON value, with nothing but whitespace around it.
pub fn parse(text: &str) -> Result<Value, ParseError> {
    let mut reader = Reader {
        text,
        bytes: text.as_bytes(),
        at: 0,
    };
    let value = reader.value(0)?;
    reader.skip_space();
    if reader.at < reader.bytes.len() {
        return Err(reader.error("unexpected text after the JSON value"));
    }
    Ok(value)
}

struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn error(&self, reason: &'static str) -> ParseError {
        // `at` is always on a character boundary: the reader only stops at ASCII bytes
        let before = self.text.get(..self.at).unwrap_or(self.text);
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        ParseError {
            reason,
            line,
            column,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.at += 1;
        }
    }

    fn literal(&mut self, word: &'static str, value: Value) -> Result<Value, ParseError> {
        if self.bytes[self.at..].starts_with(word.as_bytes()) {
            self.at += word.len();
            Ok(value)
        } else {
            Err(self.error("expected a value"))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, ParseError> {
        self.skip_space();
        match self.peek() {
            None => Err(self.error("the text ends where a value should be")),
            Some(b'n') => self.literal("null", Value::Null),
            Some(b't') => self.literal("true", Value::Bool(true)),
            Some(b'f') => self.literal("false", Value::Bool(false)),
            Some(b'"') => self.string().map(Value::String),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(b'[') => self.array(depth + 1),
            Some(b'{') => self.object(depth + 1),
            Some(_) => Err(self.error("expected a value")),
        }
    }

    fn enter(&self, depth: usize) -> Result<(), ParseError> {
        if depth > MAX_DEPTH {
            Err(self.error("lists and objects nested too deeply"))
        } else {
            Ok(())
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, ParseError> {
        self.enter(depth)?;
        self.at += 1; // [
        let mut items = Vec::new();
        self.skip_space();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(Value::Array(items));
        }
        loop {
            items.push(self.value(depth)?);
            self.skip_space();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(Value::Array(items));
                }
                None => return Err(self.error("the text ends inside a list")),
                Some(_) => return Err(self.error("expected , or ] in a list")),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, ParseError> {
        self.enter(depth)?;
        self.at += 1; // {
        let mut map = Map::new();
        self.skip_space();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(Value::Object(map));
        }
        loop {
            self.skip_space();
            match self.peek() {
                Some(b'"') => {}
                None => return Err(self.error("the text ends inside an object")),
                Some(_) => return Err(self.error("expected a key in quotes")),
            }
            let key = self.string()?;
            self.skip_space();
            if self.peek() != Some(b':') {
                return Err(self.error("expected : after a key"));
            }
            self.at += 1;
            let value = self.value(depth)?;
            map.insert(key, value);
            self.skip_space();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b'}') => {
                    self.at += 1;
                    return Ok(Value::Object(map));
                }
                None => return Err(self.error("the text ends inside an object")),
                Some(_) => return Err(self.error("expected , or } in an object")),
            }
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.at;
        while let Some(b'0'..=b'9') = self.peek() {
            self.at += 1;
        }
        self.at - start
    }

    fn number(&mut self) -> Result<Value, ParseError> {
        let start = self.at;
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        match self.peek() {
            Some(b'0') => self.at += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return Err(self.error("expected a digit")),
        }
        if self.peek() == Some(b'.') {
            self.at += 1;
            if self.digits() == 0 {
                return Err(self.error("expected a digit after the decimal point"));
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.at += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.at += 1;
            }
            if self.digits() == 0 {
                return Err(self.error("expected a digit in the exponent"));
            }
        }
        Ok(Value::Number(Number(self.text[start..self.at].to_string())))
    }

    fn hex4(&mut self) -> Result<u32, ParseError> {
        let mut n = 0;
        for _ in 0..4 {
            let digit = self
                .peek()
                .and_then(|b| char::from(b).to_digit(16))
                .ok_or_else(|| self.error("expected four hex digits after \\u"))?;
            n = n * 16 + digit;
            self.at += 1;
        }
        Ok(n)
    }

    fn string(&mut self) -> Result<String, ParseError> {
        self.at += 1; // "
        let mut out = String::new();
        loop {
            let start = self.at;
            while let Some(b) = self.peek() {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.at += 1;
            }
            // the loop stopped at an ASCII byte or the end: a character boundary
            out.push_str(&self.text[start..self.at]);
            match self.peek() {
                None => return Err(self.error("the text ends inside a string")),
                Some(b'"') => {
                    self.at += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.at += 1;
                    let escaped = match self.peek() {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            self.at += 1;
                            out.push(self.unicode_escape()?);
                            continue;
                        }
                        _ => return Err(self.error("unknown escape in a string")),
                    };
                    self.at += 1;
                    out.push(escaped);
                }
                Some(_) => return Err(self.error("a control character inside a string")),
            }
        }
    }

    // after `\u`: one character, or a surrogate pair written as two escapes
    fn unicode_escape(&mut self) -> Result<char, ParseError> {
        let first = self.hex4()?;
        let code = match first {
            0xD800..=0xDBFF => {
                if !self.bytes[self.at..].starts_with(b"\\u") {
                    return Err(self.error("a lone surrogate in a \\u escape"));
                }
                self.at += 2;
                let second = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&second) {
                    return Err(self.error("a lone surrogate in a \\u escape"));
                }
                0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            }
            0xDC00..=0xDFFF => return Err(self.error("a lone surrogate in a \\u escape")),
            n => n,
        };
        char::from_u32(code).ok_or_else(|| self.error("a \\u escape that is not a character"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str) -> Value {
        match parse(text) {
            Ok(v) => v,
            Err(e) => panic!("{text}: {e}"),
        }
    }

    fn err(text: &str) -> ParseError {
        match parse(text) {
            Ok(v) => panic!("{text} read as {v:?}"),
            Err(e) => e,
        }
    }

    #[test]
    fn values_read_and_write_back() {
        for text in [
            "null",
            "true",
            "false",
            "0",
            "-12",
            "3.25",
            "1e5",
            "-0.5E-3",
            "18446744073709551615",
            "\"\"",
            "\"H₂O\"",
            "[]",
            "{}",
            "[1,[2,[3]],{\"a\":null}]",
            "{\"format\":\"molscrab-game/1\",\"moves\":[{\"pass\":true}]}",
        ] {
            assert_eq!(ok(text).to_string(), text);
        }
    }

    #[test]
    fn whitespace_and_escapes() {
        let v = ok(" { \"a\" :\t[ 1 ,\r\n 2 ] , \"b\\n\\\"\\u00e9\\ud83d\\ude00\\/\" : \"x\" } ");
        assert_eq!(v.get("a"), Some(&Value::from(vec![1u32, 2])));
        assert_eq!(v.get("b\n\"é😀/"), Some(&Value::from("x")));
        assert_eq!(
            Value::from("q\"\\\n\r\t\u{8}\u{c}\u{1}é").to_string(),
            "\"q\\\"\\\\\\n\\r\\t\\b\\f\\u0001é\""
        );
    }

    #[test]
    fn numbers_read_as_the_type_asked_for() {
        assert_eq!(ok("7").as_u64(), Some(7));
        assert_eq!(ok("-7").as_u64(), None);
        assert_eq!(ok("-7").as_i64(), Some(-7));
        assert_eq!(ok("7.0").as_u64(), None);
        assert_eq!(ok("1e2").as_u64(), None);
        assert_eq!(ok("1e2").as_f64(), Some(100.0));
        assert_eq!(ok("18446744073709551616").as_u64(), None);
        assert_eq!(Value::from(2.5).to_string(), "2.5");
        assert_eq!(Value::from(3.0).to_string(), "3.0");
        assert_eq!(Value::from(f64::NAN), Value::Null);
    }

    #[test]
    fn a_repeated_key_keeps_its_last_value_and_its_first_place() {
        let v = ok(r#"{"a":1,"b":2,"a":3}"#);
        assert_eq!(v.to_string(), r#"{"a":3,"b":2}"#);
        assert_eq!(ok(r#"{"a":1,"b":2}"#), ok(r#"{"b":2,"a":1}"#));
        assert_ne!(ok(r#"{"a":1}"#), ok(r#"{"a":1,"b":2}"#));
    }

    #[test]
    fn bad_text_says_what_and_where() {
        let e = err("{\n  \"a\": tru }");
        assert_eq!((e.line, e.column), (2, 8));
        assert_eq!(e.to_string(), "expected a value at line 2, column 8");
        for bad in [
            "",
            " ",
            "{",
            "[",
            "[1,]",
            "{\"a\"}",
            "{\"a\":1,}",
            "{a:1}",
            "01",
            "1.",
            ".5",
            "-",
            "1e",
            "+1",
            "\"abc",
            "\"\\x\"",
            "\"\\u12\"",
            "\"\\ud800\"",
            "\"\\udc00x\"",
            "\"tab\there\"",
            "[1] [2]",
            "nul",
            "NaN",
            "'a'",
        ] {
            assert!(parse(bad).is_err(), "{bad:?} was read");
        }
        assert_eq!(err("\"é\" x").column, 5);
    }

    #[test]
    fn deep_nesting_is_refused_not_a_stack_overflow() {
        let deep = "[".repeat(100_000);
        assert!(err(&deep).reason.contains("deeply"));
        let fine = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(parse(&fine).is_ok());
        let too_deep = format!("{}{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
        assert!(parse(&too_deep).is_err());
    }

    #[test]
    fn pretty_is_two_spaces_a_level() {
        let v = ok(r#"{"a":[1,{"b":[]}],"c":{}}"#);
        assert_eq!(
            v.to_pretty(),
            "{\n  \"a\": [\n    1,\n    {\n      \"b\": []\n    }\n  ],\n  \"c\": {}\n}"
        );
        assert_eq!(parse(&v.to_pretty()), Ok(v));
    }

    #[test]
    fn builders() {
        let v = Value::object([
            ("n", 3u32.into()),
            ("s", "x".into()),
            ("none", Option::<u32>::None.into()),
            ("list", vec!["a", "b"].into()),
        ]);
        assert_eq!(
            v.to_string(),
            r#"{"n":3,"s":"x","none":null,"list":["a","b"]}"#
        );
    }
}
