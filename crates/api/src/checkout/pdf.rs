//! A small PDF writer for invoices: A4 pages of positioned text in the
//! standard Helvetica fonts (no embedding), WinAnsi encoding, correct xref
//! offsets. Enough for documents made of text and rules.

/// One page being laid out, in points from the bottom-left corner.
#[derive(Default)]
struct Page {
    ops: String,
}

pub struct PdfDoc {
    pages: Vec<Page>,
    y: f32,
    title: String,
}

pub const PAGE_W: f32 = 595.0;
pub const PAGE_H: f32 = 842.0;
pub const MARGIN: f32 = 50.0;

impl PdfDoc {
    pub fn new(title: &str) -> PdfDoc {
        PdfDoc {
            pages: vec![Page::default()],
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
            self.pages.push(Page::default());
            self.y = PAGE_H - MARGIN;
        }
    }

    /// Text at `x` on the current baseline.
    pub fn text(&mut self, x: f32, size: f32, bold: bool, s: &str) {
        let font = if bold { "F2" } else { "F1" };
        let page = self.pages.last_mut().expect("a page");
        page.ops.push_str(&format!(
            "BT /{font} {size} Tf {x:.1} {:.1} Td ({}) Tj ET\n",
            self.y,
            escape(s)
        ));
    }

    /// Text right-aligned at `right` (width estimated from Helvetica's average glyph width).
    pub fn text_right(&mut self, right: f32, size: f32, bold: bool, s: &str) {
        let w = text_width(s, size, bold);
        self.text(right - w, size, bold, s);
    }

    /// A horizontal rule under the current baseline.
    pub fn rule(&mut self) {
        let y = self.y - 4.0;
        let page = self.pages.last_mut().expect("a page");
        page.ops.push_str(&format!(
            "0.6 w {MARGIN:.1} {y:.1} m {:.1} {y:.1} l S\n",
            PAGE_W - MARGIN
        ));
    }

    /// The finished file.
    pub fn finish(self) -> Vec<u8> {
        let n = self.pages.len();
        // Objects: 1 catalog, 2 pages, 3 F1, 4 F2, 5 info, then per page: page, content.
        let mut objects: Vec<String> = Vec::new();
        let kids: Vec<String> = (0..n).map(|i| format!("{} 0 R", 6 + 2 * i)).collect();
        objects.push("<< /Type /Catalog /Pages 2 0 R >>".into());
        objects.push(format!(
            "<< /Type /Pages /Kids [{}] /Count {n} >>",
            kids.join(" ")
        ));
        objects.push(
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
                .into(),
        );
        objects.push(
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>"
                .into(),
        );
        objects.push(format!(
            "<< /Title ({}) /Producer (Uplink) >>",
            escape(&self.title)
        ));
        for (i, page) in self.pages.iter().enumerate() {
            let footer = format!(
                "BT /F1 8 Tf {MARGIN:.1} 25 Td (Page {} of {n}) Tj ET\n",
                i + 1
            );
            let content = format!("{}{footer}", page.ops);
            objects.push(format!(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {PAGE_W} {PAGE_H}] \
                 /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents {} 0 R >>",
                7 + 2 * i
            ));
            objects.push(format!(
                "<< /Length {} >>\nstream\n{content}endstream",
                encode(&content).len()
            ));
        }
        let mut out: Vec<u8> = b"%PDF-1.4\n%\xE2\xE3\xCF\xD3\n".to_vec();
        let mut offsets = Vec::with_capacity(objects.len());
        for (i, obj) in objects.iter().enumerate() {
            offsets.push(out.len());
            out.extend_from_slice(format!("{} 0 obj\n", i + 1).as_bytes());
            out.extend_from_slice(&encode(obj));
            out.extend_from_slice(b"\nendobj\n");
        }
        let xref = out.len();
        out.extend_from_slice(
            format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes(),
        );
        for off in offsets {
            out.extend_from_slice(format!("{off:010} 00000 n \n").as_bytes());
        }
        out.extend_from_slice(
            format!(
                "trailer\n<< /Size {} /Root 1 0 R /Info 5 0 R >>\nstartxref\n{xref}\n%%EOF\n",
                objects.len() + 1
            )
            .as_bytes(),
        );
        out
    }
}

/// Latin-1/WinAnsi bytes; characters outside it become a close ASCII stand-in or `?`.
fn encode(s: &str) -> Vec<u8> {
    s.chars()
        .map(|c| match c {
            '\u{2013}' | '\u{2014}' => b'-',
            '\u{2018}' | '\u{2019}' => b'\'',
            '\u{201C}' | '\u{201D}' => b'"',
            '\u{2026}' => b'.',
            '\u{00D7}' => b'x',
            c if (c as u32) < 0x100 => c as u32 as u8,
            _ => b'?',
        })
        .collect()
}

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '(' | ')' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Approximate width in points (Helvetica: ~0.5 em average, digits 0.556, bold a bit wider).
pub fn text_width(s: &str, size: f32, bold: bool) -> f32 {
    let per = if bold { 0.58 } else { 0.53 };
    s.chars()
        .map(|c| match c {
            '0'..='9' | '$' => 0.556,
            ' ' | '.' | ',' | ':' => 0.278,
            'i' | 'l' | 'j' | 'I' | '|' => 0.24,
            'm' | 'w' | 'M' | 'W' => 0.85,
            c if c.is_uppercase() => 0.68,
            _ => per,
        })
        .sum::<f32>()
        * size
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_document_has_a_valid_structure_and_escapes_text() {
        let mut d = PdfDoc::new("Invoice UL-000001");
        d.text(50.0, 12.0, true, "Total (USD) \\ 1 – 2");
        for _ in 0..120 {
            d.down(14.0);
            d.text(50.0, 10.0, false, "line");
        }
        let pdf = d.finish();
        let s = String::from_utf8_lossy(&pdf);
        assert!(s.starts_with("%PDF-1.4"));
        assert!(s.contains("(Total \\(USD\\) \\\\ 1 - 2) Tj"));
        assert!(
            s.contains("/Count 3"),
            "120 lines of 14 pt need three pages"
        );
        // xref offsets (bytes) point at the objects
        let tail = String::from_utf8_lossy(&pdf[pdf.len() - 40..]).into_owned();
        let xref_at: usize = tail
            .rsplit("startxref\n")
            .next()
            .unwrap()
            .lines()
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(pdf[xref_at..].starts_with(b"xref"));
        let xref = std::str::from_utf8(&pdf[xref_at..]).unwrap();
        let first_obj_offset: usize = xref.lines().nth(3).unwrap()[..10].parse().unwrap();
        assert!(pdf[first_obj_offset..].starts_with(b"1 0 obj"));
    }
}
