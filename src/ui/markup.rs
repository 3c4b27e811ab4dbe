//! The page's one way to put markup into the DOM: only [`Html`] goes in, so only markup written
//! in the source, escaped text, or the engine's worker's markup (itself `Html`) ever becomes
//! elements. The DOM's own sinks (`set_inner_html`, `insert_adjacent_html`, …) are
//! `disallowed-methods` of `clippy.toml`, called only by [`set`] and [`clear`];
//! the tests below check that the code's exceptions to that lint are exactly the places
//! docs/ARCHITECTURE.md lists, that no script writes markup, and that a view's `inner_html=`
//! (the view macro's, which the lint cannot tell from a method call) is given [`fixed`] or
//! [`live`].

use leptos::prelude::IntoAttributeValue;
use leptos::tachys::html::element::InnerHtmlValue;
use leptos::tachys::renderer::types::Element;
pub use molscrab_engine::html;
pub use molscrab_engine::markup::Html;

/// Markup a view's `inner_html=` takes: made only by [`fixed`] and [`live`], from [`Html`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Markup(Html);

/// A view's `inner_html=` that never changes: `inner_html=markup::fixed(html!("…"))`.
pub fn fixed(html: Html) -> Markup {
    Markup(html)
}

/// A view's `inner_html=` drawn again whenever what `write` reads changes (and written into the
/// page only when its markup differs from what is there).
pub fn live(write: impl Fn() -> Html + Send + 'static) -> Live {
    Live(Box::new(move || Markup(write())))
}

/// Markup a view's `inner_html=` draws again when what it reads changes: made only by [`live`].
pub struct Live(Box<dyn FnMut() -> Markup + Send>);

// the view macro hands an attribute's value through `IntoAttributeValue`, then to
// `inner_html`, which takes an `InnerHtmlValue`: a reactive function of `Markup` is one
impl IntoAttributeValue for Live {
    type Output = Box<dyn FnMut() -> Markup + Send>;

    fn into_attribute_value(self) -> Self::Output {
        self.0
    }
}

impl IntoAttributeValue for Markup {
    type Output = Markup;

    fn into_attribute_value(self) -> Markup {
        self
    }
}

/// Replaces `element`'s content with `html` (for the painted parts that keep their element:
/// the notebook, the bench, a fetched page).
#[expect(
    clippy::disallowed_methods,
    reason = "the page's one sink for markup: it takes only `Html`"
)]
pub fn set(element: &web_sys::Element, html: &Html) {
    element.set_inner_html(html.as_str());
}

/// Empties `element`.
#[expect(clippy::disallowed_methods, reason = "no markup: an empty string")]
pub fn clear(element: &web_sys::Element) {
    element.set_inner_html("");
}

impl InnerHtmlValue for Markup {
    type AsyncOutput = Self;
    type State = <String as InnerHtmlValue>::State;
    type Cloneable = Self;
    type CloneableOwned = Self;

    fn html_len(&self) -> usize {
        self.0.as_str().len()
    }

    fn to_html(self, buf: &mut String) {
        buf.push_str(self.0.as_str());
    }

    fn to_template(_buf: &mut String) {}

    fn hydrate<const FROM_SERVER: bool>(self, el: &Element) -> Self::State {
        self.0.into_string().hydrate::<FROM_SERVER>(el)
    }

    fn build(self, el: &Element) -> Self::State {
        self.0.into_string().build(el)
    }

    fn rebuild(self, state: &mut Self::State) {
        self.0.into_string().rebuild(state)
    }

    fn into_cloneable(self) -> Self {
        self
    }

    fn into_cloneable_owned(self) -> Self {
        self
    }

    fn dry_resolve(&mut self) {}

    async fn resolve(self) -> Self {
        self
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use std::path::{Path, PathBuf};

    /// Every file of `dir` (recursively, build output left out) whose name ends in one of `ends`.
    fn files(dir: &Path, ends: &[&str], out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("a source folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                if !path.ends_with("target") && !path.ends_with("node_modules") {
                    files(&path, ends, out);
                }
            } else if ends.iter().any(|e| path.to_string_lossy().ends_with(e)) {
                out.push(path);
            }
        }
    }

    /// `text` without its `//` comments (and whatever follows `//` in a string).
    fn code(text: &str) -> String {
        let lines = text
            .lines()
            .map(|l| l.split("//").next().unwrap_or_default());
        lines.collect::<Vec<_>>().join("\n")
    }

    /// The root of the workspace (the app is its root package).
    fn root() -> &'static Path {
        Path::new(env!("CARGO_MANIFEST_DIR"))
    }

    /// The path of `file` from the root, with `/`.
    fn relative(file: &Path) -> String {
        let path = file.strip_prefix(root()).unwrap_or(file);
        path.to_string_lossy().replace('\\', "/")
    }

    /// The rows of ARCHITECTURE.md's "The markup boundary": (file, function, what it calls).
    fn documented() -> Vec<(String, String, String)> {
        let doc = std::fs::read_to_string(root().join("docs/ARCHITECTURE.md")).expect("the doc");
        let section = doc
            .split("\n## The markup boundary\n")
            .nth(1)
            .expect("ARCHITECTURE.md has a section \"The markup boundary\"");
        let section = section.split("\n## ").next().unwrap_or_default();
        section
            .lines()
            .filter(|l| l.trim_start().starts_with("| `"))
            .map(|row| {
                let cells: Vec<String> = row
                    .split('|')
                    .map(|c| c.trim().trim_matches('`').to_string())
                    .collect();
                (cells[1].clone(), cells[2].clone(), cells[3].clone())
            })
            .collect()
    }

    /// Where the code lets itself call what `clippy.toml` disallows: (file, the function the
    /// attribute is on), or (file, what else it covers) for a module-wide or non-function one.
    fn allowed_in_code() -> Vec<(String, String)> {
        let mut sources = Vec::new();
        for dir in ["src", "tests", "crates"] {
            files(&root().join(dir), &[".rs"], &mut sources);
        }
        assert!(sources.len() > 50, "the workspace's Rust was found");
        // the lints, and the groups that hold them (`allow(clippy::style)` would silence them)
        let lints = [
            concat!("clippy::", "disallowed_methods"),
            concat!("clippy::", "disallowed_types"),
            concat!("clippy::", "style"),
            concat!("clippy::", "all"),
        ];
        let mut found = Vec::new();
        for path in &sources {
            let text = code(&std::fs::read_to_string(path).expect("a readable source"));
            for lint in lints {
                for (at, _) in text.match_indices(lint) {
                    let ident = |c: char| c.is_alphanumeric() || c == '_';
                    if text[at + lint.len()..].starts_with(ident) {
                        continue; // a longer lint's name
                    }
                    let attribute = text[..at].rfind('#').map(|h| &text[h..at]);
                    let place = match attribute {
                        Some(a) if a.starts_with("#!") => format!("all of the file ({lint})"),
                        _ => {
                            let rest = &text[at..];
                            let item = rest.find("fn ").map(|f| &rest[f + 3..]);
                            let name = item.map(|i| i.split(|c: char| !ident(c)).next());
                            let fn_first = rest.find("fn ") < rest.find(['{', ';']);
                            match name.flatten() {
                                Some(name) if fn_first && lint.ends_with("methods") => {
                                    name.to_string()
                                }
                                Some(name) if fn_first => format!("{name} ({lint})"),
                                _ => format!("no function alone ({lint})"),
                            }
                        }
                    };
                    found.push((relative(path), place));
                }
            }
        }
        found.sort();
        found
    }

    #[test]
    fn the_code_calls_what_clippy_disallows_only_where_the_doc_says() {
        let documented = documented();
        assert!(
            documented.len() >= 4,
            "the doc lists the sinks and the two trust boundaries"
        );
        let mut places: Vec<(String, String)> = documented
            .iter()
            .map(|(file, function, _)| (file.clone(), function.clone()))
            .collect();
        places.sort();
        assert_eq!(
            allowed_in_code(),
            places,
            "where the code lets itself call what clippy.toml disallows, and the table of \
             ARCHITECTURE.md's \"The markup boundary\", differ"
        );
        // every function the doc names is disallowed everywhere else
        let config = std::fs::read_to_string(root().join("clippy.toml")).expect("clippy.toml");
        for (_, _, calls) in &documented {
            assert!(
                config.contains(&format!("path = \"{calls}\"")),
                "clippy.toml disallows {calls}"
            );
        }
    }

    #[test]
    fn the_dom_takes_markup_only_here() {
        // what clippy cannot see: the scripts, the page, and the view macro's `inner_html=`
        let mut sources = Vec::new();
        files(&root().join("src"), &[".rs"], &mut sources);
        files(&root().join("public"), &[".js"], &mut sources);
        files(&root().join("crates/worker/src"), &[".rs"], &mut sources);
        sources.push(root().join("Index.html"));
        assert!(sources.len() > 20, "the app's sources were found");
        let sinks = [
            "innerHTML",
            "outerHTML",
            "insertAdjacentHTML",
            "document.write",
            "srcdoc",
            "createContextualFragment",
            "parseFromString",
        ];
        let this = root().join("src/ui/markup.rs");
        let mut found = Vec::new();
        for path in sources.iter().filter(|p| **p != this) {
            let text = std::fs::read_to_string(path).expect("a readable source");
            for (n, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or_default();
                let place = format!("{}:{}", relative(path), n + 1);
                for sink in sinks {
                    if code.contains(sink) {
                        found.push(format!("{place}: {sink}"));
                    }
                }
                // a view's inner_html= takes only markup::fixed or markup::live
                for (at, _) in code.match_indices("inner_html") {
                    let value = code[at + "inner_html".len()..].trim_start();
                    let Some(value) = value.strip_prefix('=') else {
                        continue;
                    };
                    let value = value.trim_start();
                    if !(value.starts_with("markup::fixed(") || value.starts_with("markup::live("))
                    {
                        found.push(format!("{place}: {}", line.trim()));
                    }
                }
            }
        }
        assert!(
            found.is_empty(),
            "markup written past Html:\n{}",
            found.join("\n")
        );
    }

    /// Markup goes into the page whole only where it is not the page's own: the formula card
    /// the worker writes (`card.rs`), and the board's 225 squares, which one effect paints
    /// (`board.rs`); the fetched pages go through [`super::set`] (`page.rs`). Every other part
    /// of the page is a component.
    #[test]
    fn inner_html_is_left_only_at_the_hosts_of_whole_markup() {
        let mut sources = Vec::new();
        files(&root().join("src"), &[".rs"], &mut sources);
        let this = root().join("src/ui/markup.rs");
        let mut hosts: Vec<String> = sources
            .iter()
            .filter(|path| **path != this)
            .filter(|path| {
                let text = std::fs::read_to_string(path).unwrap_or_default();
                code(&text).contains("inner_html=")
            })
            .map(|path| relative(path))
            .collect();
        hosts.sort();
        assert_eq!(hosts, ["src/ui/board.rs", "src/ui/card.rs"]);
    }

    /// Buttons are typed closures: no action is written as a data attribute anywhere, for a
    /// handler to decode.
    #[test]
    fn no_button_is_a_data_act_string() {
        let mut sources = Vec::new();
        for dir in ["src", "crates/worker/src", "public"] {
            files(&root().join(dir), &[".rs", ".js", ".html"], &mut sources);
        }
        assert!(sources.len() > 50, "the sources were found");
        let marker = ["data", "act"].join("-");
        let written: Vec<String> = sources
            .iter()
            .filter(|path| std::fs::read_to_string(path).is_ok_and(|t| t.contains(&marker)))
            .map(|path| relative(path))
            .collect();
        assert!(written.is_empty(), "{marker} in {written:?}");
    }

    #[test]
    fn only_html_calls_its_runtime() {
        // `Html::format` and `markup::slot` are the macro's: a direct call would skip the
        // compile-time reading of the template
        let mut sources = Vec::new();
        for dir in ["src", "tests", "crates"] {
            files(&root().join(dir), &[".rs"], &mut sources);
        }
        let own = root().join("crates/engine/src/markup.rs");
        let calls = [concat!("Html::", "format("), concat!("markup::", "slot")];
        let mut found = Vec::new();
        for path in sources.iter().filter(|p| **p != own) {
            let text = code(&std::fs::read_to_string(path).expect("a readable source"));
            for call in calls {
                if text.contains(call) {
                    found.push(format!("{}: {call}", relative(path)));
                }
            }
        }
        assert!(
            found.is_empty(),
            "html!'s runtime called by hand:\n{}",
            found.join("\n")
        );
    }
}
