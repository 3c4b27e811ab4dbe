//! HTML as a type: markup can only be made by escaping text, from markup written in the source
//! (`&'static str`), or by joining such markup, so no text from outside (a file, a save, a link,
//! a name, a data table) can open a tag or leave an attribute. The one escaper of the project:
//! the page, the engine's worker and the SVG drawings all write through it.

use std::fmt;

/// Markup that is safe to put into a page: every piece of it was written in the source or
/// escaped on its way in. There is no way to make one from a `String` but [`Html::text`]
/// (escaped) and [`Html::from_engine_worker`] (the page's one trust boundary, see there).
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Html(String);

impl Html {
    /// No markup.
    pub const fn new() -> Html {
        Html(String::new())
    }

    /// Text shown as text: `&`, `<`, `>`, `"` and `'` become entities.
    pub fn text(text: &str) -> Html {
        let mut out = Html(String::with_capacity(text.len()));
        out.push_text(text);
        out
    }

    /// Markup written in the source.
    pub fn lit(markup: &'static str) -> Html {
        Html(markup.to_string())
    }

    /// `template` with each `{}` replaced by the next of `args`, text escaped and [`Html`] kept
    /// (written [`html!`](crate::html)).
    pub fn format(template: &'static str, args: &[&dyn HtmlArg]) -> Html {
        let mut out = String::with_capacity(template.len() + 16 * args.len());
        let mut args = args.iter();
        let mut rest = template;
        while let Some(at) = rest.find("{}") {
            out.push_str(&rest[..at]);
            let arg = args.next();
            debug_assert!(
                arg.is_some(),
                "html!: more {{}} than arguments in {template:?}"
            );
            if let Some(arg) = arg {
                arg.write_html(&mut out);
            }
            rest = &rest[at + 2..];
        }
        out.push_str(rest);
        debug_assert!(
            args.next().is_none(),
            "html!: more arguments than {{}} in {template:?}"
        );
        Html(out)
    }

    /// The markup an answer of the engine's worker carries in a field it names as HTML: the
    /// worker writes it with this type (crates/worker), so it is as safe as markup made here.
    /// The page's one trust boundary: called only where the page reads the worker's answers
    /// (`src/ui/engine.rs`), which a test checks.
    pub fn from_engine_worker(markup: String) -> Html {
        Html(markup)
    }

    /// A page of this build (`public/lazy/*.html`, written as [`Html`] by the app's `pages`),
    /// fetched from the page's own origin: called only where the page fills a tab with it
    /// (`src/ui/page.rs`), which a test checks.
    pub fn from_shipped_page(markup: String) -> Html {
        Html(markup)
    }

    /// Appends markup.
    pub fn push(&mut self, more: &Html) {
        self.0.push_str(&more.0);
    }

    /// Appends markup written in the source.
    pub fn push_lit(&mut self, markup: &'static str) {
        self.0.push_str(markup);
    }

    /// Appends text, escaped.
    pub fn push_text(&mut self, text: &str) {
        escape_into(text, &mut self.0);
    }

    /// The markup, for a sink that takes a string (the page's one DOM sink, a JSON answer).
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The markup, as a string to send on (a worker's answer, a file).
    pub fn into_string(self) -> String {
        self.0
    }

    /// Whether there is no markup at all.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Debug for Html {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Html({:?})", self.0)
    }
}

impl FromIterator<Html> for Html {
    fn from_iter<I: IntoIterator<Item = Html>>(iter: I) -> Html {
        let mut out = Html::new();
        out.extend(iter);
        out
    }
}

impl Extend<Html> for Html {
    fn extend<I: IntoIterator<Item = Html>>(&mut self, iter: I) {
        for more in iter {
            self.push(&more);
        }
    }
}

/// What can fill a `{}` of [`html!`](crate::html): text is escaped, [`Html`] kept, numbers
/// written as they are (their digits are no markup).
pub trait HtmlArg {
    fn write_html(&self, out: &mut String);
}

impl HtmlArg for Html {
    fn write_html(&self, out: &mut String) {
        out.push_str(&self.0);
    }
}

impl HtmlArg for str {
    fn write_html(&self, out: &mut String) {
        escape_into(self, out);
    }
}

impl HtmlArg for String {
    fn write_html(&self, out: &mut String) {
        escape_into(self, out);
    }
}

impl HtmlArg for char {
    fn write_html(&self, out: &mut String) {
        escape_into(self.encode_utf8(&mut [0; 4]), out);
    }
}

impl<T: HtmlArg + ?Sized> HtmlArg for &T {
    fn write_html(&self, out: &mut String) {
        (**self).write_html(out);
    }
}

macro_rules! numbers_are_markup {
    ($($t:ty),*) => {$(
        impl HtmlArg for $t {
            fn write_html(&self, out: &mut String) {
                fmt::Write::write_fmt(out, format_args!("{self}")).ok();
            }
        }
    )*};
}
numbers_are_markup!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

/// Markup from a template written in the source (a `&'static str`: a literal or `concat!` of
/// them): each `{}` takes the next argument, text escaped and [`Html`] kept
/// (`html!("<b>{}</b>", name)`). Only `{}` is a placeholder.
#[macro_export]
macro_rules! html {
    ($template:expr $(,)?) => {
        $crate::markup::Html::lit($template)
    };
    ($template:expr, $($arg:expr),+ $(,)?) => {
        $crate::markup::Html::format($template, &[$(&$arg as &dyn $crate::markup::HtmlArg),+])
    };
}

/// `text` with `&`, `<`, `>`, `"` and `'` as entities, onto `out`.
fn escape_into(text: &str, out: &mut String) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Html;

    const HOSTILE: &str = "<img src=x onerror='a'>&\"H₂O\"";
    const ESCAPED: &str = "&lt;img src=x onerror=&#39;a&#39;&gt;&amp;&quot;H₂O&quot;";

    #[test]
    fn text_cannot_open_a_tag_or_leave_an_attribute() {
        assert_eq!(Html::text(HOSTILE).as_str(), ESCAPED);
    }

    #[test]
    fn a_template_escapes_text_and_keeps_markup() {
        let name = String::from(HOSTILE);
        let inner = html!("<i>{}</i>", "a<b");
        let made = html!("<p title=\"{}\">{} {} {}</p>", name, inner, 7u32, '<');
        assert_eq!(
            made.as_str(),
            format!("<p title=\"{ESCAPED}\"><i>a&lt;b</i> 7 &lt;</p>")
        );
        assert_eq!(html!("<hr>").as_str(), "<hr>");
    }

    #[test]
    fn only_empty_braces_are_placeholders() {
        // a template's own braces other than {} stay as written, and never take an argument
        assert_eq!(html!("{x} {}", "<").as_str(), "{x} &lt;");
    }

    #[test]
    fn markup_joins_only_markup() {
        let mut joined: Html = ["<a>", "<b>"].iter().map(|t| Html::text(t)).collect();
        joined.push_lit("<br>");
        joined.push_text("&");
        assert_eq!(joined.as_str(), "&lt;a&gt;&lt;b&gt;<br>&amp;");
        assert!(Html::new().is_empty());
    }
}
