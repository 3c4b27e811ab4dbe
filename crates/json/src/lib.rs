//! JSON (RFC 8259) for game records, saves, personal bests and the command line: a reader that
//! never panics and says where the text stops being JSON, and a compact or indented writer.
//!
//! Written here rather than taken from serde_json because the browser build needs only this:
//! serde_json and the serde code generated for each type came to 13 % of the game's wasm, this
//! module to under 2 % (docs/PERFORMANCE.md). `tests/json.rs` checks it against serde_json.

use std::fmt;

/// Objects and arrays nested deeper than this are refused (as serde_json does), so a hostile
/// save can't exhaust the stack.
pub const MAX_DEPTH: usize = 128;

// The caps below bound what a text can make the reader build, so that any text is answered in
// well under a second. Each is far above anything real: a game record is a few kilobytes (at most
// ~120 moves, 116 tiles, 4 short names), a save adds a small "ui" key, personal bests are two
// numbers per mode; the app refuses imports over 1,000,000 bytes before they get here.

/// Texts longer than this (in bytes) are refused before reading: twice the app's import cap.
pub const MAX_TEXT_BYTES: usize = 2_000_000;

/// An object with more keys than this is refused (a record has 10 keys, a move 1).
pub const MAX_KEYS: usize = 1_000;

/// A list with more items than this is refused (a real bag has 116 tiles, a game ~120 moves).
pub const MAX_ITEMS: usize = 10_000;

/// A string (or key) longer than this, in characters after unescaping, is refused (a name or an
/// element symbol is a few characters).
pub const MAX_STRING_CHARS: usize = 10_000;

/// A JSON value. Numbers keep the text they were written with; objects keep their keys in the
/// order written, each key once (the reader refuses a repeated key).
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
pub struct Map {
    members: Vec<(String, Value)>,
    // positions in `members`, sorted by key: get and insert are a binary search, not a scan,
    // so reading an object of many keys costs n log n, not n² (32 s for 100,000 keys before)
    by_key: Vec<usize>,
}

impl Map {
    pub fn new() -> Map {
        Map::default()
    }

    // where `key` is in `by_key`, or where it would go
    fn find(&self, key: &str) -> Result<usize, usize> {
        self.by_key
            .binary_search_by(|&i| self.members[i].0.as_str().cmp(key))
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        let at = self.find(key).ok()?;
        Some(&self.members[self.by_key[at]].1)
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.find(key).is_ok()
    }

    /// Adds a member at the end, or replaces the value of a key already there.
    pub fn insert(&mut self, key: String, value: Value) {
        match self.find(&key) {
            Ok(at) => self.members[self.by_key[at]].1 = value,
            Err(at) => {
                self.by_key.insert(at, self.members.len());
                self.members.push((key, value));
            }
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.members.iter().map(|(k, v)| (k.as_str(), v))
    }

    pub fn len(&self) -> usize {
        self.members.len()
    }

    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
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
        Value::from_members(&mut members.into_iter())
    }

    // not generic: one copy of the building code in the app's wasm, whatever the objects' sizes
    fn from_members(members: &mut dyn Iterator<Item = (&str, Value)>) -> Value {
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

    /// A text of any length (a whole saved game, a long link) as JSON this reader takes back:
    /// one string when it fits [`MAX_STRING_CHARS`], else a list of strings that long, in
    /// order. [`Value::as_long_str`] reads either.
    pub fn long_string(text: &str) -> Value {
        let mut pieces = Vec::new();
        let mut rest = text;
        while let Some((at, _)) = rest.char_indices().nth(MAX_STRING_CHARS) {
            pieces.push(Value::String(rest[..at].to_string()));
            rest = &rest[at..];
        }
        match pieces.is_empty() {
            true => Value::String(text.to_string()),
            false => {
                pieces.push(Value::String(rest.to_string()));
                Value::Array(pieces)
            }
        }
    }

    /// A string, or a list of strings joined: what [`Value::long_string`] writes.
    pub fn as_long_str(&self) -> Option<String> {
        match self {
            Value::Array(pieces) => pieces.iter().map(Value::as_str).collect(),
            other => other.as_str().map(str::to_string),
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

/// `s` as a JSON string: the runs between characters that need escaping are copied whole (a
/// character at a time through a formatter made writing a saved game most of a tap's script).
fn write_string(out: &mut String, s: &str) {
    out.push('"');
    let mut run = 0;
    for (at, byte) in s.bytes().enumerate() {
        let escaped = match byte {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            0..=0x1f => "",
            _ => continue,
        };
        out.push_str(&s[run..at]);
        run = at + 1;
        if escaped.is_empty() {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.push_str("\\u00");
            out.push(char::from(HEX[usize::from(byte >> 4)]));
            out.push(char::from(HEX[usize::from(byte & 15)]));
        } else {
            out.push_str(escaped);
        }
    }
    out.push_str(&s[run..]);
    out.push('"');
}

/// `value` as compact JSON, no space anywhere.
fn write_compact(out: &mut String, value: &Value) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&n.0),
        Value::String(s) => write_string(out, s),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_compact(out, item);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for (i, (key, value)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(out, key);
                out.push(':');
                write_compact(out, value);
            }
            out.push('}');
        }
    }
}

// compact JSON, no space anywhere
impl fmt::Display for Value {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = String::new();
        write_compact(&mut text, self);
        out.write_str(&text)
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
                write_string(out, key);
                out.push_str(": ");
                write_pretty(out, value, depth + 1);
            }
            newline(out, depth);
            out.push('}');
        }
        other => write_compact(out, other),
    }
}

// ---- reading ----

/// Where and why a text is not JSON; `Display` is for a person ("… at line 1, column 7").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub reason: Reason,
    /// 1-based, in lines and characters.
    pub line: usize,
    pub column: usize,
}

/// Why a text is not read: not JSON, or JSON beyond one of the reader's caps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The text is not JSON; says what was expected.
    Syntax(&'static str),
    /// Longer than [`MAX_TEXT_BYTES`]; the position is the start.
    TextTooLong { bytes: usize },
    /// Deeper than [`MAX_DEPTH`].
    TooDeep,
    /// The same key twice in one object: which value is meant is anyone's guess.
    RepeatedKey(String),
    /// More than [`MAX_KEYS`] keys in one object.
    TooManyKeys,
    /// More than [`MAX_ITEMS`] items in one list.
    TooManyItems,
    /// A string or key of more than [`MAX_STRING_CHARS`] characters.
    StringTooLong,
}

impl fmt::Display for Reason {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Syntax(what) => out.write_str(what),
            Reason::TextTooLong { bytes } => write!(
                out,
                "the text is {bytes} bytes long, more than the {MAX_TEXT_BYTES} this reads"
            ),
            Reason::TooDeep => write!(
                out,
                "lists and objects nested too deeply (more than {MAX_DEPTH} levels)"
            ),
            Reason::RepeatedKey(key) => {
                let mut quoted = String::new();
                write_string(&mut quoted, key);
                write!(out, "the key {quoted} appears twice in one object")
            }
            Reason::TooManyKeys => write!(out, "an object with more than {MAX_KEYS} keys"),
            Reason::TooManyItems => write!(out, "a list with more than {MAX_ITEMS} items"),
            Reason::StringTooLong => {
                write!(out, "a string longer than {MAX_STRING_CHARS} characters")
            }
        }
    }
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
    if text.len() > MAX_TEXT_BYTES {
        return Err(ParseError {
            reason: Reason::TextTooLong { bytes: text.len() },
            line: 1,
            column: 1,
        });
    }
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
        self.refuse(Reason::Syntax(reason))
    }

    fn refuse(&self, reason: Reason) -> ParseError {
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
            Err(self.refuse(Reason::TooDeep))
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
            self.skip_space();
            if items.len() == MAX_ITEMS {
                return Err(self.refuse(Reason::TooManyItems));
            }
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
            if map.len() == MAX_KEYS {
                return Err(self.refuse(Reason::TooManyKeys));
            }
            let key_at = self.at;
            let key = self.string()?;
            if map.contains_key(&key) {
                // refused rather than "the last one wins": an import with two "moves" should
                // not quietly replay one of them
                self.at = key_at;
                return Err(self.refuse(Reason::RepeatedKey(key)));
            }
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
        let opening = self.at;
        self.at += 1; // "
        let mut out = String::new();
        let mut chars = 0;
        loop {
            let start = self.at;
            while let Some(b) = self.peek() {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.at += 1;
            }
            // the loop stopped at an ASCII byte or the end: a character boundary
            let run = &self.text[start..self.at];
            // an escape's character is counted below, and checked here on the next round
            chars += run.chars().count();
            if chars > MAX_STRING_CHARS {
                self.at = opening;
                return Err(self.refuse(Reason::StringTooLong));
            }
            out.push_str(run);
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
                            chars += 1;
                            continue;
                        }
                        _ => return Err(self.error("unknown escape in a string")),
                    };
                    self.at += 1;
                    out.push(escaped);
                    chars += 1;
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
    fn a_repeated_key_is_refused_and_named() {
        let e = err("{\"a\":1,\n \"b\":2, \"a\":3}");
        assert_eq!(e.reason, Reason::RepeatedKey("a".into()));
        assert_eq!(
            e.to_string(),
            "the key \"a\" appears twice in one object at line 2, column 9"
        );
        // the same key in two objects is fine
        assert!(parse(r#"[{"a":1},{"a":2}]"#).is_ok());
        assert_eq!(ok(r#"{"a":1,"b":2}"#), ok(r#"{"b":2,"a":1}"#));
        assert_ne!(ok(r#"{"a":1}"#), ok(r#"{"a":1,"b":2}"#));
    }

    #[test]
    fn a_map_keeps_the_order_written_and_the_last_value_inserted() {
        let mut map = Map::new();
        for key in ["z", "a", "m", "a"] {
            map.insert(key.into(), Value::from(key.len()));
        }
        map.insert("m".into(), Value::Null);
        let keys: Vec<&str> = map.iter().map(|(k, _)| k).collect();
        assert_eq!(keys, ["z", "a", "m"]);
        assert_eq!(map.get("m"), Some(&Value::Null));
        assert!(map.contains_key("z") && !map.contains_key("b"));
        assert_eq!(Value::Object(map).to_string(), r#"{"z":1,"a":1,"m":null}"#);
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
        assert_eq!(err(&deep).reason, Reason::TooDeep);
        assert!(err(&deep)
            .to_string()
            .starts_with("lists and objects nested too deeply"));
        let fine = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(parse(&fine).is_ok());
        let too_deep = format!("{}{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
        assert!(parse(&too_deep).is_err());
    }

    fn object_of(keys: usize) -> String {
        let members: Vec<String> = (0..keys).map(|i| format!("\"k{i}\":{i}")).collect();
        format!("{{{}}}", members.join(","))
    }

    #[test]
    fn an_object_may_hold_max_keys_and_no_more() {
        assert_eq!(
            ok(&object_of(MAX_KEYS)).as_object().map(Map::len),
            Some(MAX_KEYS)
        );
        let e = err(&object_of(MAX_KEYS + 1));
        assert_eq!(e.reason, Reason::TooManyKeys);
        assert!(e
            .to_string()
            .starts_with("an object with more than 1000 keys at line 1"));
    }

    #[test]
    fn a_list_may_hold_max_items_and_no_more() {
        let list = |n: usize| format!("[{}]", vec!["0"; n].join(", "));
        assert_eq!(
            ok(&list(MAX_ITEMS)).as_array().map(Vec::len),
            Some(MAX_ITEMS)
        );
        let e = err(&list(MAX_ITEMS + 1));
        assert_eq!(e.reason, Reason::TooManyItems);
        // pointing at the first item too many
        assert_eq!(e.column, 2 + 3 * MAX_ITEMS);
        assert!(e
            .to_string()
            .starts_with("a list with more than 10000 items at"));
    }

    #[test]
    fn a_string_may_hold_max_string_chars_and_no_more() {
        // counted in characters after unescaping: "é" and "\n" are one each
        for unit in ["a", "é", "\\n", "\\u00e9"] {
            let string = |n: usize| format!("[\"{}\"]", unit.repeat(n));
            let read = ok(&string(MAX_STRING_CHARS));
            let read = read.as_array().and_then(|a| a[0].as_str()).unwrap_or("");
            assert_eq!(read.chars().count(), MAX_STRING_CHARS, "{unit}");
            let e = err(&string(MAX_STRING_CHARS + 1));
            assert_eq!(e.reason, Reason::StringTooLong, "{unit}");
            assert_eq!((e.line, e.column), (1, 2), "at the opening quote");
        }
        let key = format!("{{\"{}\":1}}", "k".repeat(MAX_STRING_CHARS + 1));
        assert_eq!(
            err(&key).to_string(),
            "a string longer than 10000 characters at line 1, column 2"
        );
    }

    #[test]
    fn a_text_may_be_max_text_bytes_long_and_no_longer() {
        let spaced = |n: usize| format!("{}0", " ".repeat(n - 1));
        assert!(parse(&spaced(MAX_TEXT_BYTES)).is_ok());
        let e = err(&spaced(MAX_TEXT_BYTES + 1));
        assert_eq!(
            e.reason,
            Reason::TextTooLong {
                bytes: MAX_TEXT_BYTES + 1
            }
        );
        assert_eq!(
            e.to_string(),
            "the text is 2000001 bytes long, more than the 2000000 this reads at line 1, column 1"
        );
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

    #[test]
    fn a_long_text_goes_as_strings_this_reader_takes_back() {
        for text in [
            String::new(),
            "t1.".repeat(10),
            "é".repeat(MAX_STRING_CHARS),
            "é".repeat(MAX_STRING_CHARS + 1),
            "a\"".repeat(3 * MAX_STRING_CHARS),
        ] {
            let written = Value::long_string(&text).to_string();
            let read = ok(&written);
            assert_eq!(read.as_long_str().as_deref(), Some(text.as_str()));
            let pieces = text.chars().count().div_ceil(MAX_STRING_CHARS);
            match &read {
                Value::Array(items) => assert_eq!(items.len(), pieces),
                _ => assert!(pieces <= 1),
            }
        }
        assert_eq!(ok("[\"a\", 1]").as_long_str(), None);
        assert_eq!(ok("2").as_long_str(), None);
    }
}
