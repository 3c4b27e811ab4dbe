//! The engine's modules in layers, one way: a module may use the modules of its own layer and of
//! the layers below it, never one above, and no modules use each other in a circle. The test
//! reads the sources as rustc finds them (from `lib.rs`, through every `mod` declaration) and
//! resolves each `crate::…`, `$crate::…` and `super::…` path to the top-level module it names.
//! Test code (`#[cfg(test)]`, or `all(test, …)`) may reach any layer, as a crate's tests may use
//! a crate that depends on it. docs/ARCHITECTURE.md ("Layers") says what each layer holds.

#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The layers, lowest first: every top-level module of `src/lib.rs` is in exactly one.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "tiles and plain tools",
        &["elements", "casefold", "markup", "calendar"],
    ),
    (
        "the set and the data the rules read",
        &["board", "bag", "lexicon", "substances", "molecule"],
    ),
    ("vocabulary", &["kind", "level", "players", "rank"]),
    ("the referee", &["referee"]),
    ("a formula read", &["display", "chemistry"]),
    (
        "placement, scoring, turns",
        &["placement", "scoring", "turn", "stats"],
    ),
    ("table variants", &["variants"]),
    ("the record", &["record", "error"]),
    ("move generation", &["movegen"]),
    ("the game", &["game"]),
    (
        "players and views of a game",
        &["computer", "hints", "unseen", "bests", "table_link"],
    ),
    ("looking back and playing on", &["hindsight", "selfplay"]),
    ("runs of games", &["strength", "daily"]),
];

/// One source token: its text and line.
#[derive(Clone, Debug, PartialEq)]
struct Token {
    text: String,
    line: usize,
}

/// The tokens of Rust source with comments, string, byte-string and character literals left out
/// (lifetimes and labels are kept as one token each: `'a`).
fn tokens(source: &str) -> Vec<Token> {
    let chars: Vec<char> = source.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    let at = |k: usize| chars.get(k).copied().unwrap_or('\0');
    let ident_char = |c: char| c.is_alphanumeric() || c == '_';
    // skips to just past the closing quote of a string starting at `start` (the opening `"`),
    // counting lines; `raw` strings take no escapes and end with `hashes` hashes
    let skip_string = |start: usize, raw: bool, hashes: usize, line: &mut usize| -> usize {
        let mut k = start + 1;
        while k < chars.len() {
            match chars[k] {
                '\n' => *line += 1,
                '\\' if !raw => {
                    k += 1;
                    if at(k) == '\n' {
                        *line += 1;
                    }
                }
                '"' if (1..=hashes).all(|h| at(k + h) == '#') => return k + 1 + hashes,
                _ => {}
            }
            k += 1;
        }
        k
    };
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if chars[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
        } else if c == '"' {
            i = skip_string(i, false, 0, &mut line);
        } else if (c == 'r' || (c == 'b' && at(i + 1) == 'r'))
            && (i == 0 || !ident_char(chars[i - 1]))
            && {
                let mut k = i + if c == 'b' { 2 } else { 1 };
                while at(k) == '#' {
                    k += 1;
                }
                at(k) == '"'
            }
        {
            let mut k = i + if c == 'b' { 2 } else { 1 };
            let mut hashes = 0;
            while at(k) == '#' {
                hashes += 1;
                k += 1;
            }
            i = skip_string(k, true, hashes, &mut line);
        } else if c == 'b' && at(i + 1) == '"' && (i == 0 || !ident_char(chars[i - 1])) {
            i = skip_string(i + 1, false, 0, &mut line);
        } else if c == '\'' || (c == 'b' && at(i + 1) == '\'' && !ident_char(at(i.wrapping_sub(1))))
        {
            let q = if c == 'b' { i + 1 } else { i };
            if at(q + 1) == '\\' {
                // an escaped character (`'\''`, `'\u{b2}'`): to the closing quote
                let mut k = q + 3;
                while k < chars.len() && chars[k] != '\'' {
                    k += 1;
                }
                i = k + 1;
            } else if at(q + 2) == '\'' {
                i = q + 3;
            } else {
                // a lifetime or a label
                let mut k = q + 1;
                while ident_char(at(k)) {
                    k += 1;
                }
                out.push(Token {
                    text: chars[q..k].iter().collect(),
                    line,
                });
                i = k;
            }
        } else if ident_char(c) {
            let mut k = i;
            while ident_char(at(k)) {
                k += 1;
            }
            let mut text: String = chars[i..k].iter().collect();
            if let Some(raw) = text.strip_prefix("r#") {
                text = raw.to_string();
            }
            out.push(Token { text, line });
            i = k;
        } else if c == ':' && at(i + 1) == ':' {
            out.push(Token {
                text: "::".into(),
                line,
            });
            i += 2;
        } else {
            out.push(Token {
                text: c.to_string(),
                line,
            });
            i += 1;
        }
    }
    out
}

/// The index just past the bracket that closes the one at `open`.
fn past_close(tokens: &[Token], open: usize) -> usize {
    let mut depth = 0i32;
    for (k, t) in tokens.iter().enumerate().skip(open) {
        match t.text.as_str() {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => {
                depth -= 1;
                if depth == 0 {
                    return k + 1;
                }
            }
            _ => {}
        }
    }
    tokens.len()
}

/// Whether a `cfg` predicate (its tokens, without the outer parentheses) holds only in tests:
/// `test`, or `all(…)` with such a predicate among its own.
fn test_only(predicate: &[Token]) -> bool {
    match predicate.first().map(|t| t.text.as_str()) {
        Some("test") => predicate.len() == 1,
        Some("all") if predicate.get(1).is_some_and(|t| t.text == "(") => {
            let end = past_close(predicate, 1);
            let inner = &predicate[2..end.saturating_sub(1)];
            let mut depth = 0;
            let mut start = 0;
            let mut any = false;
            for (k, t) in inner.iter().enumerate() {
                match t.text.as_str() {
                    "(" => depth += 1,
                    ")" => depth -= 1,
                    "," if depth == 0 => {
                        any |= test_only(&inner[start..k]);
                        start = k + 1;
                    }
                    _ => {}
                }
            }
            any || test_only(&inner[start..])
        }
        _ => false,
    }
}

/// Per token, whether it is in an item compiled only for tests: an item (a module, a function,
/// a `use`) under a test-only `#[cfg(…)]`.
fn test_code(tokens: &[Token]) -> Vec<bool> {
    let mut mask = vec![false; tokens.len()];
    let is = |k: usize, text: &str| tokens.get(k).is_some_and(|t| t.text == text);
    let mut i = 0;
    while i < tokens.len() {
        if !(is(i, "#") && (is(i + 1, "[") || (is(i + 1, "!") && is(i + 2, "[")))) {
            i += 1;
            continue;
        }
        let open = if is(i + 1, "!") { i + 2 } else { i + 1 };
        let end = past_close(tokens, open);
        let attribute = &tokens[open + 1..end.saturating_sub(1)];
        let cfg_test = attribute.first().is_some_and(|t| t.text == "cfg")
            && attribute.get(1).is_some_and(|t| t.text == "(")
            && test_only(&attribute[2..attribute.len().saturating_sub(1)]);
        if !cfg_test {
            i = end;
            continue;
        }
        if is(i + 1, "!") {
            // an inner attribute: the whole file
            mask.iter_mut().for_each(|m| *m = true);
            return mask;
        }
        // the item: past any further attributes, to its `;` or its closing brace
        let mut k = end;
        while is(k, "#") && is(k + 1, "[") {
            k = past_close(tokens, k + 1);
        }
        let mut depth = 0i32;
        while k < tokens.len() {
            match tokens[k].text.as_str() {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" => depth -= 1,
                "}" => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                ";" if depth == 0 => break,
                _ => {}
            }
            k += 1;
        }
        let last = k.min(tokens.len().saturating_sub(1));
        mask[i..=last].iter_mut().for_each(|m| *m = true);
        i = last + 1;
    }
    mask
}

/// One path from a module to another top-level module (or a root item).
#[derive(Clone, Debug)]
struct Use {
    /// The top-level name the path starts from (`game` for `crate::game::Game`).
    name: String,
    line: usize,
    /// The path as written, for the message.
    text: String,
    test: bool,
}

/// A module the source declares with `mod name;`, and whether only tests compile it.
#[derive(Debug)]
struct Child {
    path: Vec<String>,
    test: bool,
}

/// The paths of one file (of module `here`) that leave it for the crate's top level, and the
/// file modules it declares.
fn scan(source: &str, here: &[String], file_test: bool) -> (Vec<Use>, Vec<Child>) {
    let tokens = tokens(source);
    let test = test_code(&tokens);
    let is = |k: usize, text: &str| tokens.get(k).is_some_and(|t| t.text == text);
    let ident = |k: usize| {
        tokens
            .get(k)
            .filter(|t| t.text.starts_with(|c: char| c.is_alphabetic() || c == '_'))
            .map(|t| t.text.clone())
    };
    let mut uses = Vec::new();
    let mut children = Vec::new();
    // inline modules: name and the brace depth inside them
    let mut inline: Vec<(String, i32)> = Vec::new();
    let mut depth = 0i32;
    let mut i = 0;
    while i < tokens.len() {
        let text = tokens[i].text.as_str();
        let module: Vec<String> = here
            .iter()
            .cloned()
            .chain(inline.iter().map(|(n, _)| n.clone()))
            .collect();
        match text {
            "{" => depth += 1,
            "}" => {
                if inline.last().is_some_and(|&(_, d)| d == depth) {
                    inline.pop();
                }
                depth -= 1;
            }
            "mod" if !is(i.wrapping_sub(1), "::") => {
                if let Some(name) = ident(i + 1) {
                    if is(i + 2, ";") {
                        let mut path = module.clone();
                        path.push(name);
                        children.push(Child {
                            path,
                            test: file_test || test[i],
                        });
                    } else if is(i + 2, "{") {
                        inline.push((name, depth + 1));
                    }
                }
            }
            _ => {}
        }
        let starts_path =
            matches!(text, "crate" | "super") && is(i + 1, "::") && !is(i.wrapping_sub(1), "::");
        if !starts_path {
            i += 1;
            continue;
        }
        let line = tokens[i].line;
        let mut base: Vec<String> = Vec::new();
        let mut k = i;
        let mut above_root = false;
        if text == "crate" {
            k += 2;
        } else {
            base = module.clone();
            while is(k, "super") && is(k + 1, "::") {
                if base.pop().is_none() {
                    above_root = true;
                }
                k += 2;
            }
        }
        let names: Vec<String> = if above_root {
            vec!["(above the crate root)".into()]
        } else if let Some(first) = base.first() {
            vec![first.clone()]
        } else if is(k, "{") {
            // a group: the first name of each of its items
            let end = past_close(&tokens, k);
            let mut names = Vec::new();
            let mut level = 0;
            let mut expect = true;
            for t in &tokens[k..end] {
                match t.text.as_str() {
                    "{" => {
                        level += 1;
                        expect = level == 1;
                    }
                    "}" => level -= 1,
                    "," if level == 1 => expect = true,
                    name if expect && level == 1 => {
                        names.push(name.to_string());
                        expect = false;
                    }
                    _ => {}
                }
            }
            names
        } else {
            vec![tokens.get(k).map_or(String::new(), |t| t.text.clone())]
        };
        let mut shown = String::new();
        let mut last_word = false;
        for t in &tokens[i..past_path(&tokens, k)] {
            let word = t
                .text
                .starts_with(|c: char| c.is_alphanumeric() || c == '_');
            if word && last_word {
                shown.push(' ');
            }
            if t.text == "}" && shown.ends_with(", ") {
                shown.truncate(shown.len() - 2);
            }
            shown.push_str(&t.text);
            if t.text == "," {
                shown.push(' ');
            }
            last_word = word;
        }
        for name in names.into_iter().filter(|n| n != "self") {
            uses.push(Use {
                name,
                line,
                text: shown.clone(),
                test: file_test || test[i],
            });
        }
        i = k;
    }
    (uses, children)
}

// the end of the path whose segments start at `k`: past a group, or past `a::b::c`
fn past_path(tokens: &[Token], mut k: usize) -> usize {
    loop {
        match tokens.get(k).map(|t| t.text.as_str()) {
            Some("{") => return past_close(tokens, k),
            Some(_) if tokens.get(k + 1).is_some_and(|t| t.text == "::") => k += 2,
            Some(_) => return k + 1,
            None => return k,
        }
    }
}

/// A file the compiler reads for a module: `a/b.rs` or `a/b/mod.rs`.
fn file_of(src: &Path, path: &[String]) -> Option<PathBuf> {
    let joined: PathBuf = path.iter().collect();
    let flat = src.join(&joined).with_extension("rs");
    let nested = src.join(&joined).join("mod.rs");
    [flat, nested].into_iter().find(|p| p.is_file())
}

/// Every file of the crate with its module path and whether only tests compile it, from
/// `lib.rs` down, and every path each one takes to the top level.
struct Crate {
    /// Top-level modules, in `lib.rs`'s order.
    modules: Vec<String>,
    /// Names `lib.rs` defines itself (functions, `#[macro_export]` macros land there too: the
    /// module that defines a macro is recorded as its home).
    root_items: BTreeMap<String, Option<String>>,
    /// Per file: its path from `src/`, its top-level module (`None` for `lib.rs`), its uses.
    files: Vec<(String, Option<String>, Vec<Use>)>,
}

fn read_crate(src: &Path) -> Crate {
    let mut files = Vec::new();
    let mut modules = Vec::new();
    let mut root_items = BTreeMap::new();
    let mut queue: Vec<(PathBuf, Vec<String>, bool)> =
        vec![(src.join("lib.rs"), Vec::new(), false)];
    while let Some((file, here, file_test)) = queue.pop() {
        let source =
            fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        assert!(
            !source.contains("#[path"),
            "{}: a #[path] attribute, which this test does not follow",
            file.display()
        );
        let (uses, children) = scan(&source, &here, file_test);
        let toks = tokens(&source);
        let test = test_code(&toks);
        for (k, w) in toks.windows(5).enumerate() {
            let texts: Vec<&str> = w.iter().map(|t| t.text.as_str()).collect();
            if let ["macro_export", "]", "macro_rules", "!", name] = texts[..] {
                root_items.insert(name.to_string(), here.first().cloned());
            }
            let item = ["fn", "struct", "enum", "const", "static", "type", "trait"];
            if here.is_empty() && !test[k] && item.contains(&texts[0]) {
                root_items.insert(texts[1].to_string(), None);
            }
        }
        for child in children {
            if here.is_empty() {
                modules.push(child.path[0].clone());
            }
            let path = file_of(src, &child.path)
                .unwrap_or_else(|| panic!("no file for module {}", child.path.join("::")));
            queue.push((path, child.path, child.test));
        }
        let shown = file
            .strip_prefix(src)
            .map_or_else(|_| file.display().to_string(), |p| p.display().to_string());
        files.push((shown, here.first().cloned(), uses));
    }
    Crate {
        modules,
        root_items,
        files,
    }
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS
        .iter()
        .position(|(_, modules)| modules.contains(&module))
}

fn engine_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn every_module_has_one_layer() {
    let krate = read_crate(&engine_src());
    let mut listed: Vec<&str> = LAYERS.iter().flat_map(|(_, m)| m.iter().copied()).collect();
    let mut problems = Vec::new();
    for module in &krate.modules {
        match listed.iter().filter(|&&m| m == module).count() {
            0 => problems.push(format!(
                "`{module}` is in no layer: add it to LAYERS (and to ARCHITECTURE.md's Layers)"
            )),
            1 => {}
            n => problems.push(format!("`{module}` is in {n} layers")),
        }
    }
    listed.retain(|m| !krate.modules.iter().any(|k| k == m));
    for stale in listed {
        problems.push(format!(
            "LAYERS lists `{stale}`, which lib.rs does not declare"
        ));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// What is wrong with the crate's imports: an import from a layer above, a name the test can't
/// place, the crate root using a module, or a circle of modules.
fn problems(krate: &Crate) -> Vec<String> {
    let mut problems = Vec::new();
    let mut edges: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (file, own, uses) in &krate.files {
        for u in uses.iter().filter(|u| !u.test) {
            if own.as_deref() == Some(u.name.as_str()) {
                continue;
            }
            let target = if krate.modules.contains(&u.name) {
                Some(u.name.as_str())
            } else {
                match krate.root_items.get(&u.name) {
                    Some(home) => home.as_deref(),
                    None => {
                        problems.push(format!(
                            "{file}:{}: `{}` names `{}`, which is no top-level module or item",
                            u.line, u.text, u.name
                        ));
                        continue;
                    }
                }
            };
            let Some(target) = target.filter(|t| Some(*t) != own.as_deref()) else {
                continue;
            };
            let Some(own) = own.as_deref() else {
                problems.push(format!(
                    "{file}:{}: the crate root uses `{}`: lib.rs holds only what every layer may use",
                    u.line, u.text
                ));
                continue;
            };
            let (Some(from), Some(to)) = (layer_of(own), layer_of(target)) else {
                // a module in no layer: `every_module_has_one_layer` says so
                continue;
            };
            if to > from {
                problems.push(format!(
                    "{file}:{}: `{}` climbs up: `{own}` is in layer {from} ({}), `{target}` in layer {to} ({})",
                    u.line, u.text, LAYERS[from].0, LAYERS[to].0
                ));
            } else if to == from {
                edges.entry(own).or_default().insert(target);
            }
        }
    }
    // a circle within one layer (one across layers climbs, and is said above): each module
    // reached from itself
    let mut circles = BTreeSet::new();
    for &start in edges.keys() {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<Vec<&str>> = vec![vec![start]];
        while let Some(route) = stack.pop() {
            let last = route[route.len() - 1];
            for &next in edges.get(last).into_iter().flatten() {
                if next == start {
                    let mut circle = route.clone();
                    let min = (0..circle.len()).min_by_key(|&k| circle[k]).unwrap_or(0);
                    circle.rotate_left(min);
                    circles.insert(circle.join(" → "));
                } else if seen.insert(next) {
                    let mut longer = route.clone();
                    longer.push(next);
                    stack.push(longer);
                }
            }
        }
    }
    for circle in circles {
        problems.push(format!("the modules use each other in a circle: {circle}"));
    }
    problems
}

#[test]
fn no_module_imports_from_a_layer_above() {
    let krate = read_crate(&engine_src());
    let used: usize = krate.files.iter().map(|(_, _, u)| u.len()).sum();
    assert!(
        krate.files.len() > 50 && used > 300,
        "the scan found only {} files and {used} paths",
        krate.files.len()
    );
    let problems = problems(&krate);
    assert!(
        problems.is_empty(),
        "an import climbs up the engine's layers (docs/ARCHITECTURE.md, \"Layers\"): move the \
         item down to a layer both can use, or pass what the lower module needs to it\n{}",
        problems.join("\n")
    );
}

fn names(source: &str, here: &[&str]) -> Vec<(String, bool, usize)> {
    let here: Vec<String> = here.iter().map(|s| s.to_string()).collect();
    scan(source, &here, false)
        .0
        .into_iter()
        .map(|u| (u.name, u.test, u.line))
        .collect()
}

#[test]
fn the_scan_reads_groups_super_and_test_code() {
    let source = r###"
        use crate::{board::{Board, SIZE}, elements, self};
        use super::super::game::Game; // crate::movegen in a comment
        fn f() -> &'static str { let _c = '"'; let _l: &'a str; "crate::strength::x" }
        fn g() { crate::record::Kind::Solitaire; $crate::markup::Html; }
        #[cfg(all(test, not(target_arch = "wasm32")))]
        mod tests { use crate::computer::Computer; fn t() { super::super::super::hints::x(); } }
        #[cfg(any(test, feature = "x"))]
        use crate::daily::Daily;
        #[cfg(all(not(test), feature = "x"))]
        fn h() { /* crate::bests /* nested */ */ r##"crate::rank"##; super::unseen::x(); }
        const S: &str = "a line \
            crate::selfplay, continued"; const Q: char = '\''; const B: &[u8] = b"crate::x";
        fn i() { crate::turn::Turn; }
    "###;
    let found = names(source, &["variants", "x"]);
    let want = [
        ("board", false, 2),
        ("elements", false, 2),
        ("game", false, 3),
        ("record", false, 5),
        ("markup", false, 5),
        ("computer", true, 7),
        ("hints", true, 7),
        ("daily", false, 9),
        ("variants", false, 11),
        ("turn", false, 14),
    ];
    assert_eq!(
        found,
        want.iter()
            .map(|&(n, t, l)| (n.to_string(), t, l))
            .collect::<Vec<_>>()
    );
}
