//! The page's one way to put markup into the DOM: only [`Html`] goes in, so only markup written
//! in the source, escaped text, or the engine's worker's markup (itself `Html`) ever becomes
//! elements. A test (`the_dom_takes_markup_only_here`) fails if `inner_html`, `set_inner_html`,
//! `insert_adjacent_html` or `innerHTML` appear anywhere else in the app or its scripts, or if
//! a view's `inner_html=` is not given [`fixed`] or [`live`].

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
pub fn set(element: &web_sys::Element, html: &Html) {
    element.set_inner_html(html.as_str());
}

/// Puts `html` before `element`'s first child (a notebook's new entries on top of the list).
pub fn prepend(element: &web_sys::Element, html: &Html) {
    let _ = element.insert_adjacent_html("afterbegin", html.as_str());
}

/// Empties `element`.
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
    use std::path::Path;

    /// Every file of `dir` (recursively) whose name ends in one of `ends`.
    fn files(dir: &Path, ends: &[&str], out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("a source folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                files(&path, ends, out);
            } else if ends.iter().any(|e| path.to_string_lossy().ends_with(e)) {
                out.push(path);
            }
        }
    }

    #[test]
    fn the_dom_takes_markup_only_here() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut sources = Vec::new();
        files(&root.join("src"), &[".rs"], &mut sources);
        files(&root.join("public"), &[".js"], &mut sources);
        files(&root.join("crates/worker/src"), &[".rs"], &mut sources);
        sources.push(root.join("Index.html"));
        assert!(sources.len() > 20, "the app's sources were found");
        let this = root.join("src/ui/markup.rs");
        let sinks = [
            "set_inner_html",
            "insert_adjacent_html",
            "innerHTML",
            "outerHTML",
            "insertAdjacentHTML",
            "document.write",
            "set_outer_html",
        ];
        let mut found = Vec::new();
        for path in &sources {
            if *path == this {
                continue;
            }
            let text = std::fs::read_to_string(path).expect("a readable source");
            for (n, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or_default();
                for sink in sinks {
                    if code.contains(sink) {
                        found.push(format!("{}:{}: {sink}", path.display(), n + 1));
                    }
                }
                // a view's inner_html= takes only markup::fixed or markup::live
                for (at, _) in code.match_indices("inner_html=") {
                    let value = code[at + "inner_html=".len()..].trim_start();
                    if !(value.starts_with("markup::fixed(") || value.starts_with("markup::live("))
                    {
                        found.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
                    }
                }
                // the two trust boundaries, each in its one place
                for (boundary, only) in [
                    ("from_engine_worker", "src/ui/engine.rs"),
                    ("from_shipped_page", "src/ui/page.rs"),
                ] {
                    if code.contains(boundary) && !path.ends_with(only) {
                        found.push(format!("{}:{}: {boundary}", path.display(), n + 1));
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
}
