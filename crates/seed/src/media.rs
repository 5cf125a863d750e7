//! Generated media for the demo catalogue: card pictures for what has no
//! body (licences, plans, eSIMs), small PDF datasheets and plain-text release
//! notes. Hardware is drawn from its own data by `look` and `draw`. Nothing is
//! fetched from elsewhere.

use super::art::Art;
use super::art::palette;
use super::draw;
use super::look::Look;
use uplink_db::catalog_seed::MediaSeed;
use uplink_domain::catalog::Brand;

fn frame(light: &str, body: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 480 360\" width=\"480\" height=\"360\" role=\"img\">\
<defs><linearGradient id=\"bg\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\"><stop offset=\"0\" stop-color=\"#ffffff\"/>\
<stop offset=\"1\" stop-color=\"{light}\"/></linearGradient></defs>\
<rect width=\"480\" height=\"360\" rx=\"24\" fill=\"url(#bg)\"/>{body}</svg>"
    )
}

fn card(main: &str, dark: &str, glyph: &str, caption: &str) -> String {
    format!(
        "<rect x=\"90\" y=\"70\" width=\"300\" height=\"200\" rx=\"22\" fill=\"{main}\"/>\
<rect x=\"90\" y=\"70\" width=\"300\" height=\"200\" rx=\"22\" fill=\"{dark}\" opacity=\"0.18\"/>\
{glyph}<text x=\"240\" y=\"250\" text-anchor=\"middle\" font-family=\"Helvetica,Arial,sans-serif\" font-size=\"20\" font-weight=\"700\" fill=\"#fff\">{caption}</text>"
    )
}

/// The card of something without a body, in one brand's colours; `None` for hardware.
pub fn card_svg(art: Art, brand: Brand) -> Option<String> {
    let (main, dark, light) = palette(brand.as_str());
    let cloud = "<path d=\"M180 200 a40 40 0 0 1 8 -79 a56 56 0 0 1 104 -10 a44 44 0 0 1 8 89 z\" fill=\"#fff\"/>";
    let sim = "<path d=\"M200 96 h64 l26 26 v92 h-90 z\" fill=\"#fff\"/>\
<rect x=\"214\" y=\"136\" width=\"62\" height=\"58\" rx=\"6\" fill=\"#fbbf24\"/>\
<path d=\"M214 156 h62 M214 174 h62 M245 136 v58\" stroke=\"#92400e\" stroke-width=\"3\"/>";
    let body = match art {
        Art::Licence => card(
            main,
            dark,
            "<circle cx=\"200\" cy=\"160\" r=\"34\" fill=\"none\" stroke=\"#fff\" stroke-width=\"12\"/>\
<path d=\"M232 160 h90 v22 M300 160 v30\" fill=\"none\" stroke=\"#fff\" stroke-width=\"12\" stroke-linecap=\"round\"/>",
            "LICENCE",
        ),
        Art::Care => card(
            main,
            dark,
            "<path d=\"M240 96 l70 26 v46 c0 42 -30 66 -70 82 c-40 -16 -70 -40 -70 -82 v-46 z\" fill=\"#fff\" opacity=\"0.95\"/>\
<path d=\"M212 168 l20 20 l40 -44\" fill=\"none\" stroke=\"#16a34a\" stroke-width=\"12\" stroke-linecap=\"round\"/>",
            "CARE",
        ),
        Art::Cloud => card(
            main,
            dark,
            &format!(
                "{cloud}<path d=\"M214 170 h52 M250 154 l16 16 l-16 16\" fill=\"none\" stroke=\"{main}\" stroke-width=\"8\" stroke-linecap=\"round\"/>"
            ),
            "SPEEDFUSION CLOUD",
        ),
        Art::CloudConnect => card(
            main,
            dark,
            &format!(
                "{cloud}<path d=\"M226 184 v-10 M240 184 v-20 M254 184 v-30 M268 184 v-40\" fill=\"none\" stroke=\"{main}\" stroke-width=\"8\" stroke-linecap=\"round\"/>"
            ),
            "SPEEDFUSION CONNECT",
        ),
        Art::CloudUnlimited => card(
            main,
            dark,
            &format!(
                "{cloud}<path d=\"M240 166 c-12 -16 -36 -16 -36 0 s24 16 36 0 s36 -16 36 0 s-24 16 -36 0 z\" fill=\"none\" stroke=\"{main}\" stroke-width=\"7\"/>"
            ),
            "UNLIMITED",
        ),
        Art::Esim => card(main, dark, sim, "eSIM"),
        Art::EsimData => card(
            main,
            dark,
            &format!(
                "{sim}<path d=\"M310 120 v60 l-12 -12 M310 180 l12 -12\" fill=\"none\" stroke=\"#fff\" stroke-width=\"7\" stroke-linecap=\"round\"/>"
            ),
            "eSIM DATA",
        ),
        Art::EsimPool => card(
            main,
            dark,
            &format!(
                "<path d=\"M176 110 h56 l22 22 v76 h-78 z\" fill=\"#fff\" opacity=\"0.55\"/>{sim}"
            ),
            "DATA POOL",
        ),
        Art::DataPlan => card(
            main,
            dark,
            "<rect x=\"196\" y=\"100\" width=\"88\" height=\"112\" rx=\"8\" fill=\"#fff\"/>\
<path d=\"M212 126 h56 M212 146 h56 M212 166 h36\" stroke=\"#94a3b8\" stroke-width=\"6\" stroke-linecap=\"round\"/>",
            "DATA PLAN",
        ),
        _ => return None,
    };
    Some(frame(light, &body))
}

/// The picture of a kind in one brand's colours: its card, or for hardware a
/// typical device without a model name (category pictures).
pub fn art_image(art: Art, brand: Brand) -> MediaSeed {
    let stem = format!("{}-{}", art.stem(), brand.as_str().to_ascii_lowercase());
    let body = card_svg(art, brand)
        .or_else(|| Look::typical(art, brand).map(|look| draw::svg(&look)))
        .unwrap_or_default();
    MediaSeed::new(&stem, "svg", "image/svg+xml", body.into_bytes())
}

/// A store logo: initials on the accent colour.
pub fn logo(stem: &str, initials: &str, accent: &str) -> MediaSeed {
    let body = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 120 120\" width=\"120\" height=\"120\" role=\"img\">\
<rect width=\"120\" height=\"120\" rx=\"28\" fill=\"{accent}\"/>\
<text x=\"60\" y=\"76\" text-anchor=\"middle\" font-family=\"Helvetica,Arial,sans-serif\" font-size=\"44\" font-weight=\"700\" fill=\"#fff\">{initials}</text></svg>"
    );
    MediaSeed::new(stem, "svg", "image/svg+xml", body.into_bytes())
}

/// A small, valid single-page PDF (Helvetica text lines).
pub fn pdf(title: &str, lines: &[String]) -> Vec<u8> {
    let esc = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii() && !c.is_ascii_control() {
                    c
                } else {
                    '-'
                }
            })
            .collect::<String>()
            .replace('\\', "\\\\")
            .replace('(', "\\(")
            .replace(')', "\\)")
    };
    let mut content = format!("BT /F1 20 Tf 56 780 Td ({}) Tj ET\n", esc(title));
    let mut y = 748;
    for line in lines.iter().take(44) {
        content.push_str(&format!("BT /F1 11 Tf 56 {y} Td ({}) Tj ET\n", esc(line)));
        y -= 16;
    }
    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>".to_owned(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_owned(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>".to_owned(),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_owned(),
        format!("<< /Length {} >>\nstream\n{content}endstream", content.len()),
        format!("<< /Title ({}) /Producer (Uplink) >>", esc(title)),
    ];
    let mut out = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, body) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n{body}\nendobj\n", i + 1).as_bytes());
    }
    let xref = out.len();
    out.extend_from_slice(
        format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes(),
    );
    for o in offsets {
        out.extend_from_slice(format!("{o:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R /Info 6 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .as_bytes(),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pdfs_have_a_consistent_cross_reference_table() {
        let bytes = pdf(
            "Datasheet (test)",
            &["Line one".into(), "Throughput: 1 Gbps".into()],
        );
        let text = String::from_utf8(bytes.clone()).unwrap();
        assert!(text.starts_with("%PDF-1.4"));
        let startxref: usize = text
            .rsplit("startxref\n")
            .next()
            .unwrap()
            .lines()
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(text[startxref..].starts_with("xref"));
        // Every offset points at "N 0 obj".
        for (i, line) in text[startxref..].lines().skip(3).take(6).enumerate() {
            let off: usize = line[..10].parse().unwrap();
            assert!(
                text[off..].starts_with(&format!("{} 0 obj", i + 1)),
                "object {}",
                i + 1
            );
        }
    }

    #[test]
    fn every_kind_has_a_picture_in_both_brands_and_the_cards_differ() {
        let mut cards = std::collections::HashSet::new();
        for art in Art::ALL {
            for brand in [Brand::Uplink, Brand::Pepwave] {
                let m = art_image(*art, brand);
                let s = String::from_utf8(m.body).unwrap();
                assert!(s.starts_with("<svg") && s.ends_with("</svg>"), "{art:?}");
                assert!(m.key.ends_with(".svg"));
                assert_eq!(card_svg(*art, brand).is_none(), art.is_hardware());
                if !art.is_hardware() {
                    assert!(cards.insert(s), "{art:?} {brand} looks like another card");
                }
            }
        }
    }
}
