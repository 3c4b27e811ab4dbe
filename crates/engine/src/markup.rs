//! Engine text written into HTML (the notebook, a formula's card): escaped, so that no name a
//! player typed and no name from a data table can open a tag or leave an attribute.

/// `&`, `<`, `>`, `"` and `'` as entities.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
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
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn text_cannot_open_a_tag_or_leave_an_attribute() {
        assert_eq!(
            super::escape("<img src=x onerror='a'>&\"H₂O\""),
            "&lt;img src=x onerror=&#39;a&#39;&gt;&amp;&quot;H₂O&quot;"
        );
    }
}
