//! Printable documents (invoices today; licence certificates and quotations
//! next) as PDF, drawn with krilla in embedded Unicode fonts: DejaVu Sans for
//! Latin, Greek and Cyrillic (so "Łukasz Żółć, Łódź" prints as written) and
//! Droid Sans Fallback for Chinese, Japanese and Korean. Only the glyphs used
//! are embedded (krilla subsets), with a ToUnicode map so the text can be
//! searched and copied.
//!
//! Layout stays ours and simple: A4 pages of positioned text and rules, the
//! baseline measured in points from the bottom of the page.

use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point};
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::paint::Stroke;
use krilla::text::{Font, TextDirection};
use skrifa::instance::{LocationRef, Size};
use skrifa::{FontRef, MetadataProvider};
use std::sync::LazyLock;

pub const PAGE_W: f32 = 595.0;
pub const PAGE_H: f32 = 842.0;
pub const MARGIN: f32 = 50.0;

static REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");
static CJK: &[u8] = include_bytes!("../../assets/fonts/DroidSansFallback.ttf");

/// One embedded font: what krilla draws with and what we measure with.
struct Face {
    bytes: &'static [u8],
    font: Font,
}

impl Face {
    fn load(bytes: &'static [u8]) -> Face {
        Face {
            bytes,
            font: Font::new(bytes.into(), 0).expect("embedded font parses"),
        }
    }

    fn font_ref(&self) -> FontRef<'static> {
        FontRef::new(self.bytes).expect("embedded font parses")
    }

    fn covers(&self, c: char) -> bool {
        self.font_ref().charmap().map(c).is_some()
    }

    fn width(&self, s: &str, size: f32) -> f32 {
        let font = self.font_ref();
        let charmap = font.charmap();
        let metrics = font.glyph_metrics(Size::new(size), LocationRef::default());
        s.chars()
            .filter_map(|c| charmap.map(c))
            .filter_map(|g| metrics.advance_width(g))
            .sum()
    }
}

struct Faces {
    regular: Face,
    bold: Face,
    cjk: Face,
}

static FACES: LazyLock<Faces> = LazyLock::new(|| Faces {
    regular: Face::load(REGULAR),
    bold: Face::load(BOLD),
    cjk: Face::load(CJK),
});

/// Splits `s` into runs drawn with one face each: the Latin face where it has
/// the character, else the CJK face (which then draws what neither has as its
/// missing-glyph box rather than dropping it).
fn runs(s: &str, bold: bool) -> Vec<(&'static Face, String)> {
    let faces = &*FACES;
    let main = if bold { &faces.bold } else { &faces.regular };
    let mut out: Vec<(&'static Face, String)> = Vec::new();
    for c in s.chars() {
        let face = if main.covers(c) || c.is_whitespace() {
            main
        } else {
            &faces.cjk
        };
        match out.last_mut() {
            Some((f, run)) if std::ptr::eq(*f, face) => run.push(c),
            _ => out.push((face, c.to_string())),
        }
    }
    out
}

/// Width of `s` in points, from the fonts' own advance widths.
pub fn text_width(s: &str, size: f32, bold: bool) -> f32 {
    runs(s, bold)
        .iter()
        .map(|(face, run)| face.width(run, size))
        .sum()
}

enum Mark {
    Text {
        x: f32,
        y: f32,
        size: f32,
        bold: bool,
        text: String,
    },
    Rule {
        y: f32,
    },
}

/// A document being laid out: marks per page, drawn when finished.
pub struct PdfDoc {
    pages: Vec<Vec<Mark>>,
    y: f32,
    title: String,
}

impl PdfDoc {
    pub fn new(title: &str) -> PdfDoc {
        PdfDoc {
            pages: vec![Vec::new()],
            y: PAGE_H - MARGIN,
            title: title.to_owned(),
        }
    }

    /// Current baseline.
    pub fn y(&self) -> f32 {
        self.y
    }

    /// Moves down by `dy`, starting a new page when the bottom margin is reached.
    pub fn down(&mut self, dy: f32) {
        self.y -= dy;
        if self.y < MARGIN {
            self.pages.push(Vec::new());
            self.y = PAGE_H - MARGIN;
        }
    }

    fn mark(&mut self, mark: Mark) {
        self.pages.last_mut().expect("a page").push(mark);
    }

    /// Text at `x` on the current baseline.
    pub fn text(&mut self, x: f32, size: f32, bold: bool, s: &str) {
        let y = self.y;
        self.mark(Mark::Text {
            x,
            y,
            size,
            bold,
            text: s.to_owned(),
        });
    }

    /// Text right-aligned at `right`.
    pub fn text_right(&mut self, right: f32, size: f32, bold: bool, s: &str) {
        let w = text_width(s, size, bold);
        self.text(right - w, size, bold, s);
    }

    /// A horizontal rule under the current baseline.
    pub fn rule(&mut self) {
        let y = self.y - 4.0;
        self.mark(Mark::Rule { y });
    }

    /// The finished file.
    pub fn finish(self) -> Vec<u8> {
        let mut document = Document::new();
        document.set_metadata(
            Metadata::new()
                .title(self.title.clone())
                .creator("Uplink".into()),
        );
        let settings = PageSettings::from_wh(PAGE_W, PAGE_H).expect("A4 is a valid page size");
        for marks in &self.pages {
            let mut page = document.start_page_with(settings.clone());
            let mut surface = page.surface();
            for mark in marks {
                match mark {
                    Mark::Text {
                        x,
                        y,
                        size,
                        bold,
                        text,
                    } => {
                        let mut at = *x;
                        for (face, run) in runs(text, *bold) {
                            // krilla measures from the top of the page.
                            let start = Point::from_xy(at, PAGE_H - y);
                            surface.draw_text(
                                start,
                                face.font.clone(),
                                *size,
                                &run,
                                false,
                                TextDirection::Auto,
                            );
                            at += face.width(&run, *size);
                        }
                    }
                    Mark::Rule { y } => {
                        let mut path = PathBuilder::new();
                        path.move_to(MARGIN, PAGE_H - y);
                        path.line_to(PAGE_W - MARGIN, PAGE_H - y);
                        let Some(path) = path.finish() else { continue };
                        surface.set_fill(None);
                        surface.set_stroke(Some(Stroke {
                            paint: rgb::Color::new(0, 0, 0).into(),
                            width: 0.6,
                            ..Default::default()
                        }));
                        surface.draw_path(&path);
                        surface.set_stroke(None);
                        surface.set_fill(Some(Default::default()));
                    }
                }
            }
            surface.finish();
            page.finish();
        }
        document
            .finish()
            .expect("a document of text and rules in embedded fonts always serialises")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text of every page, as a PDF reader extracts it.
    fn read_back(pdf: &[u8]) -> String {
        pdf_extract::extract_text_from_mem(pdf).expect("the PDF can be read")
    }

    #[test]
    fn names_in_any_script_print_as_written_and_read_back() {
        let mut d = PdfDoc::new("Invoice UL-000001");
        d.text(MARGIN, 12.0, true, "Łukasz Żółć, Łódź");
        d.down(16.0);
        d.text(MARGIN, 10.0, false, "深圳市优联网络科技有限公司");
        d.down(16.0);
        d.text_right(
            PAGE_W - MARGIN,
            10.0,
            false,
            "Αθήνα · Москва · 東京 $1,234.50",
        );
        let text = read_back(&d.finish());
        for expected in [
            "Łukasz Żółć, Łódź",
            "深圳市优联网络科技有限公司",
            "Αθήνα",
            "Москва",
            "東京",
            "$1,234.50",
        ] {
            assert!(text.contains(expected), "{expected:?} not in {text:?}");
        }
    }

    #[test]
    fn long_documents_flow_onto_new_pages() {
        let mut d = PdfDoc::new("Invoice UL-000002");
        for i in 0..120 {
            d.text(MARGIN, 10.0, false, &format!("line {i}"));
            d.rule();
            d.down(14.0);
        }
        assert_eq!(d.pages.len(), 3, "120 lines of 14 pt need three pages");
        let text = read_back(&d.finish());
        assert!(text.contains("line 0") && text.contains("line 119"));
    }

    #[test]
    fn widths_come_from_the_fonts() {
        let narrow = text_width("iiii", 10.0, false);
        let wide = text_width("MMMM", 10.0, false);
        assert!(narrow > 0.0 && wide > 2.0 * narrow, "{narrow} vs {wide}");
        assert!(text_width("Total", 10.0, true) > text_width("Total", 10.0, false));
        assert!(
            text_width("東京", 10.0, false) > 15.0,
            "CJK glyphs are about 1 em wide"
        );
    }
}
