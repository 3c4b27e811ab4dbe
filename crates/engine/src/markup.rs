//! HTML as a type: markup can only be made by escaping text, from markup written in the source
//! (`&'static str`), or by joining such markup, so no text from outside (a file, a save, a link,
//! a name, a data table) can open a tag or leave an attribute. The one escaper of the project:
//! the page, the engine's worker and the SVG drawings all write through it.
//!
//! Where a `{}` of an [`html!`](crate::html) template stands decides what may fill it, and the
//! compiler holds it: the template is read while the crate compiles (`const fn`s:
//! [`slot_kind`], [`quote_values`]), and each argument must be [`Fills`] for its place.
//!
//! | the `{}` stands | it takes | written |
//! | --- | --- | --- |
//! | between tags: `<b>{}</b>` | text, numbers, [`Html`] | text escaped, `Html` as it is |
//! | as an attribute's value, right after `=` with no quotes: `<input value={}>` | an [`AttrValue`]: text or a number, never `Html` | escaped, in `"` quotes that `html!` adds |
//! | in a value beside other text, inside the template's quotes: `id="variant-{}"` | an [`AttrValue`] | escaped |
//! | elsewhere in a tag: `<input{}>` | [`Html`] only (`Html::lit(" checked")`) | as it is |
//!
//! A whole value in the template's quotes (`title="{}"`) does not compile: `html!` quotes every
//! value itself, so whatever text reaches an attribute stays inside it (`x autofocus
//! onfocus=alert(1)` is one value, not three attributes), and the escaper turns any `"` or `'`
//! in it into an entity, so no text closes the quotes around a part either. Text in a tag outside
//! a value does not compile, nor quotes the template leaves open, nor a count of `{}` other than
//! the arguments'. A template that starts inside a tag (`" data-testid={}"`) is read the same
//! way: `={}` is a value wherever it stands, and `="` opens a value's quotes.

use std::fmt;

/// Markup that is safe to put into a page: every piece of it was written in the source or
/// escaped on its way in. There is no way to make one from a `String` but [`Html::text`]
/// (escaped), and [`Html::from_engine_worker`] and [`Html::from_shipped_page`] (the page's two
/// trust boundaries, see there).
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

    /// `template` with each `{}` replaced by the next of `args`: the runtime of
    /// [`html!`](crate::html), which reads the template, quotes its whole values and checks each
    /// argument's type for its place while the crate compiles; called only through it.
    #[doc(hidden)]
    pub fn format(template: &'static str, args: &[Slot<'_>]) -> Html {
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
            if let Some(Slot(arg)) = arg {
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
    /// A `disallowed-method` of `clippy.toml`, called only where the page reads the worker's
    /// answers (`ui::engine::markup_of`; docs/ARCHITECTURE.md, "The markup boundary").
    pub fn from_engine_worker(markup: String) -> Html {
        Html(markup)
    }

    /// A page of this build (`public/lazy/*.html`, written as [`Html`] by the app's `pages`),
    /// fetched from the page's own origin. A `disallowed-method` of `clippy.toml`, called only
    /// where the page fills a tab with it (`ui::page::shipped_page`).
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

/// How an argument of [`html!`](crate::html) is written: text escaped, [`Html`] kept, numbers
/// as digits (their digits are no markup).
pub trait HtmlArg {
    fn write_html(&self, out: &mut String);
}

/// Where a `{}` stands ([`slot_kind`]): between tags (`<b>{}</b>`).
pub const TEXT: u8 = 0;
/// A `{}` in an attribute's value: the whole value right after `=` (`<input value={}>`, which
/// `html!` quotes) or a part of it inside the template's quotes (`id="variant-{}"`).
pub const VALUE: u8 = 1;
/// A `{}` elsewhere in a tag (`<input{}>`): attributes, given as [`Html`].
pub const ATTRIBUTES: u8 = 2;

/// What may fill a `{}` standing at `SLOT` ([`TEXT`], [`VALUE`] or [`ATTRIBUTES`]).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot fill this `{{}}` of `html!` (slot {SLOT}: 0 between tags, 1 an attribute's value, 2 attributes)",
    note = "an attribute's value (`name={{}}`, no quotes) takes text or numbers; a `{{}}` elsewhere in a tag takes `Html`"
)]
pub trait Fills<const SLOT: u8>: HtmlArg {}

/// What may stand in an attribute's value: text or a number, with `&`, `<`, `>`, `"` and `'`
/// as entities (and in `"` quotes when it is the whole value). [`Html`] is none.
pub trait AttrValue: HtmlArg {}

impl<T: HtmlArg + ?Sized> Fills<TEXT> for T {}
impl<T: AttrValue + ?Sized> Fills<VALUE> for T {}
impl Fills<ATTRIBUTES> for Html {}
impl Fills<ATTRIBUTES> for &Html {}

/// An argument of [`html!`](crate::html) checked for its place: made only by [`slot`].
#[doc(hidden)]
pub struct Slot<'a>(&'a dyn HtmlArg);

/// `arg` for a `{}` standing at `SLOT`, which the compiler checks it may fill ([`Fills`]).
#[doc(hidden)]
pub fn slot<const SLOT: u8, T: Fills<SLOT>>(arg: &T) -> Slot<'_> {
    Slot(arg)
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

impl AttrValue for str {}
impl AttrValue for String {}
impl AttrValue for char {}
impl<T: AttrValue + ?Sized> AttrValue for &T {}

macro_rules! numbers_are_markup {
    ($($t:ty),*) => {$(
        impl HtmlArg for $t {
            fn write_html(&self, out: &mut String) {
                fmt::Write::write_fmt(out, format_args!("{self}")).ok();
            }
        }
        impl AttrValue for $t {}
    )*};
}
numbers_are_markup!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

/// Where the `n`th `{}` of `template` stands: [`TEXT`], [`VALUE`] or [`ATTRIBUTES`]. Read by
/// [`html!`](crate::html) while the crate compiles, so that a template it refuses
/// ([`slot_count`]) is a compile error.
pub const fn slot_kind(template: &str, n: usize) -> u8 {
    match read_template(template, n, &mut []).kind {
        Some(kind) => kind,
        None => panic!("html!: more arguments than `{{}}` in the template"),
    }
}

/// How many `{}` `template` has; panics (at compile time, in [`html!`](crate::html)) on a
/// whole value in quotes (`title="{}"`) or quotes left open.
pub const fn slot_count(template: &str) -> usize {
    read_template(template, usize::MAX, &mut []).count
}

/// The length of `template` with its whole values quoted ([`quote_values`]).
pub const fn quoted_len(template: &str) -> usize {
    read_template(template, usize::MAX, &mut []).len
}

/// `template` with `"` quotes round each `{}` right after `=` (`value={}` becomes
/// `value="{}"`): the template [`Html::format`] fills, made while the crate compiles.
pub const fn quote_values<const N: usize>(template: &str) -> [u8; N] {
    let mut out = [0; N];
    read_template(template, usize::MAX, &mut out);
    out
}

/// What [`read_template`] found: how many `{}`, where the one asked for stands, and the length
/// of the template with its whole values quoted.
struct Reading {
    count: usize,
    kind: Option<u8>,
    len: usize,
}

/// Reads `template` through, writing it with its whole values quoted into as much of `out` as
/// there is. A tag opens at `<` and a letter or `/` and closes at `>`; in a tag, or after `=`
/// anywhere, a quote opens a value, and the same quote closes it.
const fn read_template(template: &str, n: usize, out: &mut [u8]) -> Reading {
    let b = template.as_bytes();
    let (mut i, mut count, mut kind, mut len) = (0, 0, None, 0);
    let (mut in_tag, mut quote) = (false, 0u8);
    while i < b.len() {
        let c = b[i];
        let after_equals = i > 0 && b[i - 1] == b'=';
        if c == b'{' && i + 1 < b.len() && b[i + 1] == b'}' {
            let opens = i >= 2 && b[i - 1] == quote && b[i - 2] == b'=';
            let here = if quote != 0 && opens && i + 2 < b.len() && b[i + 2] == quote {
                panic!(
                    "html!: a whole attribute value in quotes: write `name={{}}`, and html! \
                     quotes it"
                )
            } else if quote != 0 || after_equals {
                VALUE
            } else if in_tag {
                ATTRIBUTES
            } else {
                TEXT
            };
            if count == n {
                kind = Some(here);
            }
            count += 1;
            let whole = quote == 0 && after_equals;
            if whole {
                len = put(out, len, b'"');
            }
            len = put(out, len, b'{');
            len = put(out, len, b'}');
            if whole {
                len = put(out, len, b'"');
            }
            i += 2;
            continue;
        }
        len = put(out, len, c);
        if quote != 0 {
            if c == quote {
                quote = 0;
                in_tag = true;
            }
        } else if (c == b'"' || c == b'\'') && (in_tag || after_equals) {
            quote = c;
        } else if in_tag {
            in_tag = c != b'>';
        } else if c == b'<'
            && i + 1 < b.len()
            && (b[i + 1].is_ascii_alphabetic() || b[i + 1] == b'/')
        {
            in_tag = true;
        }
        i += 1;
    }
    if quote != 0 {
        panic!("html!: an attribute's quotes left open");
    }
    Reading { count, kind, len }
}

/// `byte` at `at` of `out` if it is that long; the length after it.
const fn put(out: &mut [u8], at: usize, byte: u8) -> usize {
    if at < out.len() {
        out[at] = byte;
    }
    at + 1
}

/// Markup from a template written in the source (a `&'static str`: a literal, a `const`, or
/// `concat!` of them): each `{}` takes the next argument, checked for where it stands (see
/// [`markup`](crate::markup)): text escaped and [`Html`] kept between tags, an attribute's value
/// after `=` escaped and quoted (`html!("<b title={}>{}</b>", name, name)`). Only `{}` is a
/// placeholder.
///
/// ```compile_fail
/// // html! quotes a value: a template cannot
/// molscrab_engine::html!("<b title=\"{}\">", "x autofocus onfocus=alert(1)");
/// ```
///
/// ```compile_fail
/// // text never stands in a tag outside a value
/// molscrab_engine::html!("<input {}>", "autofocus onfocus=alert(1)");
/// ```
///
/// ```compile_fail
/// // markup is no attribute's value
/// use molscrab_engine::markup::Html;
/// molscrab_engine::html!("<b title={}>", Html::lit("\"><i>"));
/// ```
///
/// ```compile_fail
/// // as many arguments as `{}`
/// molscrab_engine::html!("<b>{}</b>");
/// ```
///
/// ```
/// use molscrab_engine::markup::Html;
/// let b = molscrab_engine::html!("<b title={}{}>{}</b>", "x y", Html::lit(" hidden"), "<");
/// assert_eq!(b.as_str(), "<b title=\"x y\" hidden>&lt;</b>");
/// ```
#[macro_export]
macro_rules! html {
    ($template:expr $(,)?) => {{
        const HTML_TEMPLATE: &str = $template;
        const _: () = assert!(
            $crate::markup::slot_count(HTML_TEMPLATE) == 0,
            "html!: a `{{}}` with no argument"
        );
        $crate::markup::Html::lit(HTML_TEMPLATE)
    }};
    ($template:expr, $($arg:expr),+ $(,)?) => {{
        const HTML_SOURCE: &str = $template;
        const HTML_QUOTED: [u8; $crate::markup::quoted_len(HTML_SOURCE)] =
            $crate::markup::quote_values(HTML_SOURCE);
        const HTML_TEMPLATE: &str = match ::core::str::from_utf8(&HTML_QUOTED) {
            Ok(template) => template,
            Err(_) => panic!("html!: quoting broke a character"),
        };
        $crate::markup::Html::format(
            HTML_TEMPLATE,
            &$crate::__html_slots!(HTML_SOURCE; 0usize; []; $($arg),+),
        )
    }};
}

/// The arguments of [`html!`] as [`Slot`](crate::markup::Slot)s, each checked for the place of
/// its `{}` in the template named `$t`, and their count against the template's.
#[doc(hidden)]
#[macro_export]
macro_rules! __html_slots {
    ($t:ident; $n:expr; [$($done:expr,)*];) => {{
        const _: () = assert!(
            $crate::markup::slot_count($t) == $n,
            "html!: the arguments are not as many as the template's `{{}}`"
        );
        [$($done,)*]
    }};
    ($t:ident; $n:expr; [$($done:expr,)*]; $arg:expr $(, $rest:expr)*) => {
        $crate::__html_slots!(
            $t;
            $n + 1;
            [$($done,)* $crate::markup::slot::<{ $crate::markup::slot_kind($t, $n) }, _>(&$arg),];
            $($rest),*
        )
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
        let made = html!("<p title={}>{} {} {}</p>", name, inner, 7u32, '<');
        assert_eq!(
            made.as_str(),
            format!("<p title=\"{ESCAPED}\"><i>a&lt;b</i> 7 &lt;</p>")
        );
        assert_eq!(html!("<hr>").as_str(), "<hr>");
    }

    #[test]
    fn an_attribute_value_stays_one_quoted_value() {
        for (name, inside) in [
            (
                "x autofocus onfocus=alert(1)",
                "x autofocus onfocus=alert(1)",
            ),
            ("\"><script>", "&quot;&gt;&lt;script&gt;"),
            ("' onclick='a", "&#39; onclick=&#39;a"),
        ] {
            let owned = String::from(name);
            let made = html!("<input value={} aria-label={}>", name, owned);
            assert_eq!(
                made.as_str(),
                format!("<input value=\"{inside}\" aria-label=\"{inside}\">")
            );
            // one attribute: the only quotes are the value's own two
            let quotes = made.as_str().matches(['"', '\'']).count();
            assert_eq!(quotes, 4, "{made:?}");
        }
    }

    #[test]
    fn a_value_is_text_or_a_number_whole_or_in_part() {
        let made = html!(
            "<p id=\"variant-{}\" data-n={} class=\"c{}{}\" title={}{}>",
            "a\"b",
            7u32,
            3usize,
            " none",
            '<',
            Html::lit(" hidden")
        );
        assert_eq!(
            made.as_str(),
            "<p id=\"variant-a&quot;b\" data-n=\"7\" class=\"c3 none\" title=\"&lt;\" hidden>"
        );
        // a template that starts inside a tag
        assert_eq!(html!(" data-x={}", "a b").as_str(), " data-x=\"a b\"");
    }

    #[test]
    fn a_template_is_read_for_where_each_slot_stands() {
        use super::{slot_count, slot_kind, ATTRIBUTES, TEXT, VALUE};
        let template = "<p class=\"a {}\" title={}{}>{} a=b {}</p><i x='>'{}>";
        assert_eq!(slot_count(template), 6);
        let kinds: Vec<u8> = (0..6).map(|n| slot_kind(template, n)).collect();
        assert_eq!(kinds, [VALUE, VALUE, ATTRIBUTES, TEXT, TEXT, ATTRIBUTES]);
        // html! quotes the whole values, not the parts
        const QUOTED: [u8; super::quoted_len(TEMPLATE)] = super::quote_values(TEMPLATE);
        const TEMPLATE: &str = "<a x={} y=\"p{}\">{}</a>";
        assert_eq!(
            std::str::from_utf8(&QUOTED),
            Ok("<a x=\"{}\" y=\"p{}\">{}</a>")
        );
        // a quote in text opens nothing; after `=` it opens a value, even outside a tag
        assert_eq!(slot_kind("it's {}", 0), TEXT);
        assert_eq!(slot_kind(" x=\"a\" {}", 0), ATTRIBUTES);
    }

    #[test]
    #[should_panic(expected = "a whole attribute value in quotes")]
    fn a_quoted_value_is_refused() {
        super::slot_count("<b title=\"{}\">");
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
