//! Product descriptions: Markdown written by staff (CommonMark with tables and
//! strikethrough), rendered to HTML on the server with pulldown-cmark and
//! sanitised with ammonia. The detail answer is built once per catalogue
//! snapshot and served from the answer cache, so each description is
//! rendered once per catalogue change, and the browser ships no Markdown
//! parser.

use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd, html};
use std::collections::HashSet;

/// The biggest heading of a description becomes `<h3>`: the page owns `<h1>`
/// (the product) and `<h2>` (its sections).
const TOP_HEADING: usize = 3;

/// Safe HTML for `markdown`: raw HTML in the source is shown as text, links
/// keep only http(s) and mailto targets (opened with `rel="noopener
/// noreferrer"`), images are dropped, headings start at `<h3>`.
pub fn to_html(markdown: &str) -> String {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let events: Vec<Event<'_>> = Parser::new_ext(markdown, options).collect();
    let top = events
        .iter()
        .filter_map(|e| match e {
            Event::Start(Tag::Heading { level, .. }) => Some(*level as usize),
            _ => None,
        })
        .min()
        .unwrap_or(1);
    let shift = |level: HeadingLevel| {
        HeadingLevel::try_from((level as usize + TOP_HEADING - top).min(6))
            .unwrap_or(HeadingLevel::H6)
    };
    let events = events.into_iter().map(|e| match e {
        Event::Start(Tag::Heading {
            level,
            id,
            classes,
            attrs,
        }) => Event::Start(Tag::Heading {
            level: shift(level),
            id,
            classes,
            attrs,
        }),
        Event::End(TagEnd::Heading(level)) => Event::End(TagEnd::Heading(shift(level))),
        Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(CowStr::from(raw.into_string())),
        other => other,
    });
    let mut unsafe_html = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut unsafe_html, events);
    ammonia::Builder::default()
        .url_schemes(HashSet::from(["http", "https", "mailto"]))
        .link_rel(Some("noopener noreferrer"))
        .rm_tags(["img"])
        .clean(&unsafe_html)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::to_html;

    #[test]
    fn tables_nested_lists_and_emphasis_render() {
        let html = to_html(
            "# Overview\n\n**Fast** and *quiet*, ~~old~~ `PepVPN`.\n\n\
             - one\n  - nested\n- two\n\n\
             | Port | Speed |\n|---|---|\n| WAN | 1 Gbps |\n",
        );
        assert!(html.contains("<h3>Overview</h3>"), "{html}");
        assert!(html.contains("<strong>Fast</strong>") && html.contains("<em>quiet</em>"));
        assert!(html.contains("<del>old</del>") && html.contains("<code>PepVPN</code>"));
        assert!(html.contains("<ul>\n<li>nested</li>\n</ul>"), "{html}");
        assert!(
            html.contains("<table>") && html.contains("<td>1 Gbps</td>"),
            "{html}"
        );
    }

    #[test]
    fn headings_start_below_the_page_headings() {
        let html = to_html("## Details\n\n### More\n\n###### Deep");
        assert!(html.contains("<h3>Details</h3>") && html.contains("<h4>More</h4>"));
        assert!(html.contains("<h6>Deep</h6>"), "{html}");
    }

    #[test]
    fn nothing_active_survives() {
        let html = to_html(
            "<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n\
             [bad](javascript:alert(1)) [guide](https://example.com/g) ![pic](https://example.com/p.png)",
        );
        assert!(
            !html.contains("<script") && !html.contains("<img"),
            "{html}"
        );
        assert!(
            html.contains("&lt;script&gt;"),
            "raw HTML is shown as text: {html}"
        );
        assert!(!html.contains("javascript:"), "{html}");
        assert!(
            html.contains(r#"<a href="https://example.com/g" rel="noopener noreferrer">guide</a>"#),
            "{html}"
        );
    }
}
