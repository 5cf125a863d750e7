//! Generated media for the demo catalogue: clean SVG illustrations per
//! product family, small PDF datasheets and plain-text release notes. Nothing
//! is fetched from elsewhere.

use super::model::MediaSeed;

/// Product families that share an illustration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Art {
    Router,
    Router5g,
    Vehicle,
    AccessPoint,
    OutdoorAp,
    Switch,
    Antenna,
    PanelAntenna,
    PowerSupply,
    Cable,
    Bracket,
    Licence,
    Care,
    Cloud,
    CloudConnect,
    CloudUnlimited,
    Esim,
    EsimData,
    EsimPool,
    DataPlan,
}

impl Art {
    pub const ALL: &'static [Art] = &[
        Art::Router,
        Art::Router5g,
        Art::Vehicle,
        Art::AccessPoint,
        Art::OutdoorAp,
        Art::Switch,
        Art::Antenna,
        Art::PanelAntenna,
        Art::PowerSupply,
        Art::Cable,
        Art::Bracket,
        Art::Licence,
        Art::Care,
        Art::Cloud,
        Art::CloudConnect,
        Art::CloudUnlimited,
        Art::Esim,
        Art::EsimData,
        Art::EsimPool,
        Art::DataPlan,
    ];

    pub fn stem(self) -> &'static str {
        match self {
            Art::Router => "router",
            Art::Router5g => "router-5g",
            Art::Vehicle => "vehicle-router",
            Art::AccessPoint => "access-point",
            Art::OutdoorAp => "outdoor-access-point",
            Art::Switch => "switch",
            Art::Antenna => "antenna",
            Art::PanelAntenna => "panel-antenna",
            Art::PowerSupply => "power-supply",
            Art::Cable => "cable",
            Art::Bracket => "bracket",
            Art::Licence => "licence",
            Art::Care => "care-plan",
            Art::Cloud => "speedfusion-cloud",
            Art::CloudConnect => "speedfusion-connect",
            Art::CloudUnlimited => "speedfusion-unlimited",
            Art::Esim => "esim",
            Art::EsimData => "esim-data",
            Art::EsimPool => "esim-pool",
            Art::DataPlan => "data-plan",
        }
    }
}

/// Brand palettes: (main, dark, light).
pub fn palette(brand: &str) -> (&'static str, &'static str, &'static str) {
    match brand {
        "Pepwave" => ("#f26b21", "#9a3d0c", "#fde7da"),
        _ => ("#0b5fff", "#0a2a6b", "#dfe9ff"),
    }
}

fn frame(light: &str, body: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 480 360\" width=\"480\" height=\"360\" role=\"img\">\
<defs><linearGradient id=\"bg\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\"><stop offset=\"0\" stop-color=\"#ffffff\"/>\
<stop offset=\"1\" stop-color=\"{light}\"/></linearGradient></defs>\
<rect width=\"480\" height=\"360\" rx=\"24\" fill=\"url(#bg)\"/>{body}</svg>"
    )
}

fn leds(x: i32, y: i32, n: i32, color: &str) -> String {
    (0..n)
        .map(|i| {
            format!(
                "<circle cx=\"{}\" cy=\"{y}\" r=\"5\" fill=\"{color}\"/>",
                x + i * 18
            )
        })
        .collect()
}

fn ports(x: i32, y: i32, n: i32, w: i32) -> String {
    (0..n)
        .map(|i| {
            format!(
                "<rect x=\"{}\" y=\"{y}\" width=\"{w}\" height=\"16\" rx=\"2\" fill=\"#1f2937\"/>",
                x + i * (w + 6)
            )
        })
        .collect()
}

fn rod(x: i32, top: i32, base: i32, color: &str) -> String {
    format!(
        "<rect x=\"{}\" y=\"{top}\" width=\"12\" height=\"{}\" rx=\"6\" fill=\"{color}\"/>",
        x - 6,
        base - top
    )
}

fn badge(text: &str, main: &str) -> String {
    format!(
        "<rect x=\"356\" y=\"28\" width=\"96\" height=\"34\" rx=\"17\" fill=\"{main}\"/>\
<text x=\"404\" y=\"51\" text-anchor=\"middle\" font-family=\"Helvetica,Arial,sans-serif\" font-size=\"16\" font-weight=\"700\" fill=\"#fff\">{text}</text>"
    )
}

fn card(main: &str, dark: &str, glyph: &str, caption: &str) -> String {
    format!(
        "<rect x=\"90\" y=\"70\" width=\"300\" height=\"200\" rx=\"22\" fill=\"{main}\"/>\
<rect x=\"90\" y=\"70\" width=\"300\" height=\"200\" rx=\"22\" fill=\"{dark}\" opacity=\"0.18\"/>\
{glyph}<text x=\"240\" y=\"250\" text-anchor=\"middle\" font-family=\"Helvetica,Arial,sans-serif\" font-size=\"20\" font-weight=\"700\" fill=\"#fff\">{caption}</text>"
    )
}

/// The SVG of one family in one brand's colours.
pub fn svg(art: Art, brand: &str) -> String {
    let (main, dark, light) = palette(brand);
    let body = match art {
        Art::Router | Art::Router5g | Art::Vehicle => {
            let antennas = match art {
                Art::Router => String::new(),
                _ => format!("{}{}", rod(130, 70, 150, dark), rod(350, 70, 150, dark)),
            };
            let tag = match art {
                Art::Router5g => badge("5G", main),
                Art::Vehicle => badge("MOBILE", main),
                _ => String::new(),
            };
            format!(
                "{antennas}<rect x=\"70\" y=\"140\" width=\"340\" height=\"120\" rx=\"18\" fill=\"{dark}\"/>\
<rect x=\"70\" y=\"140\" width=\"340\" height=\"30\" rx=\"14\" fill=\"{main}\"/>{}{}\
<ellipse cx=\"240\" cy=\"290\" rx=\"170\" ry=\"10\" fill=\"#000\" opacity=\"0.08\"/>{tag}",
                leds(100, 200, 5, "#34d399"),
                ports(230, 226, 5, 26)
            )
        }
        Art::AccessPoint | Art::OutdoorAp => {
            let tag = if art == Art::OutdoorAp {
                badge("IP67", main)
            } else {
                String::new()
            };
            format!(
                "<ellipse cx=\"240\" cy=\"275\" rx=\"150\" ry=\"12\" fill=\"#000\" opacity=\"0.08\"/>\
<circle cx=\"240\" cy=\"180\" r=\"120\" fill=\"#f8fafc\" stroke=\"{dark}\" stroke-width=\"6\"/>\
<circle cx=\"240\" cy=\"180\" r=\"84\" fill=\"none\" stroke=\"{main}\" stroke-width=\"4\" opacity=\"0.5\"/>\
<circle cx=\"240\" cy=\"180\" r=\"14\" fill=\"{main}\"/>\
<path d=\"M200 140 a56 56 0 0 1 80 0\" fill=\"none\" stroke=\"{main}\" stroke-width=\"8\" stroke-linecap=\"round\"/>\
<path d=\"M180 118 a86 86 0 0 1 120 0\" fill=\"none\" stroke=\"{main}\" stroke-width=\"8\" stroke-linecap=\"round\" opacity=\"0.6\"/>{tag}"
            )
        }
        Art::Switch => format!(
            "<rect x=\"40\" y=\"140\" width=\"400\" height=\"90\" rx=\"12\" fill=\"{dark}\"/>\
<rect x=\"40\" y=\"140\" width=\"400\" height=\"18\" rx=\"9\" fill=\"{main}\"/>{}{}{}\
<ellipse cx=\"240\" cy=\"258\" rx=\"200\" ry=\"10\" fill=\"#000\" opacity=\"0.08\"/>",
            ports(64, 172, 8, 30),
            ports(64, 198, 8, 30),
            leds(380, 186, 2, "#34d399")
        ),
        Art::Antenna => format!(
            "<ellipse cx=\"240\" cy=\"290\" rx=\"120\" ry=\"14\" fill=\"#000\" opacity=\"0.08\"/>\
<path d=\"M140 280 Q240 60 340 280 Z\" fill=\"{dark}\"/>\
<path d=\"M170 270 Q240 110 310 270 Z\" fill=\"{main}\" opacity=\"0.7\"/>\
<rect x=\"120\" y=\"270\" width=\"240\" height=\"18\" rx=\"9\" fill=\"#1f2937\"/>"
        ),
        Art::PanelAntenna => format!(
            "<rect x=\"150\" y=\"50\" width=\"180\" height=\"240\" rx=\"16\" fill=\"#f8fafc\" stroke=\"{dark}\" stroke-width=\"6\"/>\
<rect x=\"180\" y=\"84\" width=\"120\" height=\"172\" rx=\"8\" fill=\"{main}\" opacity=\"0.25\"/>\
<rect x=\"228\" y=\"290\" width=\"24\" height=\"40\" fill=\"#1f2937\"/>{}",
            badge("5G", main)
        ),
        Art::PowerSupply => format!(
            "<rect x=\"150\" y=\"110\" width=\"180\" height=\"130\" rx=\"20\" fill=\"{dark}\"/>\
<rect x=\"200\" y=\"90\" width=\"14\" height=\"30\" fill=\"#9ca3af\"/><rect x=\"266\" y=\"90\" width=\"14\" height=\"30\" fill=\"#9ca3af\"/>\
<path d=\"M240 240 C240 300 360 280 380 320\" fill=\"none\" stroke=\"#1f2937\" stroke-width=\"10\" stroke-linecap=\"round\"/>\
<path d=\"M232 150 l-16 34 h22 l-10 30 l30 -42 h-22 l12 -22 z\" fill=\"{main}\"/>"
        ),
        Art::Cable => format!(
            "<path d=\"M80 260 C160 60 320 320 400 110\" fill=\"none\" stroke=\"#1f2937\" stroke-width=\"14\" stroke-linecap=\"round\"/>\
<rect x=\"58\" y=\"250\" width=\"44\" height=\"44\" rx=\"8\" fill=\"{main}\"/><rect x=\"378\" y=\"70\" width=\"44\" height=\"44\" rx=\"8\" fill=\"{main}\"/>"
        ),
        Art::Bracket => format!(
            "<path d=\"M110 110 h260 v40 h-40 v110 h-180 v-110 h-40 z\" fill=\"#9ca3af\" stroke=\"{dark}\" stroke-width=\"6\"/>\
<circle cx=\"140\" cy=\"130\" r=\"8\" fill=\"{dark}\"/><circle cx=\"340\" cy=\"130\" r=\"8\" fill=\"{dark}\"/>"
        ),
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
        Art::Cloud | Art::CloudConnect | Art::CloudUnlimited => {
            let caption = match art {
                Art::Cloud => "SPEEDFUSION CLOUD",
                Art::CloudConnect => "SPEEDFUSION CONNECT",
                _ => "UNLIMITED",
            };
            card(
                main,
                dark,
                "<path d=\"M180 200 a40 40 0 0 1 8 -79 a56 56 0 0 1 104 -10 a44 44 0 0 1 8 89 z\" fill=\"#fff\"/>\
<path d=\"M214 170 h52 M250 154 l16 16 l-16 16\" fill=\"none\" stroke=\"#0b5fff\" stroke-width=\"8\" stroke-linecap=\"round\"/>",
                caption,
            )
        }
        Art::Esim | Art::EsimData | Art::EsimPool | Art::DataPlan => {
            let caption = match art {
                Art::Esim => "eSIM",
                Art::EsimData => "eSIM DATA",
                Art::EsimPool => "DATA POOL",
                _ => "DATA PLAN",
            };
            card(
                main,
                dark,
                "<path d=\"M200 96 h64 l26 26 v92 h-90 z\" fill=\"#fff\"/>\
<rect x=\"214\" y=\"136\" width=\"62\" height=\"58\" rx=\"6\" fill=\"#fbbf24\"/>\
<path d=\"M214 156 h62 M214 174 h62 M245 136 v58\" stroke=\"#92400e\" stroke-width=\"3\"/>",
                caption,
            )
        }
    };
    frame(light, &body)
}

/// Every family's illustration in both brands' colours.
pub fn family_images() -> Vec<(Art, &'static str, MediaSeed)> {
    let mut out = Vec::new();
    for art in Art::ALL {
        for brand in ["Uplink", "Pepwave"] {
            let stem = format!("{}-{}", art.stem(), brand.to_ascii_lowercase());
            out.push((
                *art,
                brand,
                MediaSeed::new(&stem, "svg", "image/svg+xml", svg(*art, brand).into_bytes()),
            ));
        }
    }
    out
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
    fn every_family_has_an_svg_in_both_brands() {
        let images = family_images();
        assert_eq!(images.len(), Art::ALL.len() * 2);
        for (_, _, m) in images {
            let s = String::from_utf8(m.body).unwrap();
            assert!(s.starts_with("<svg") && s.ends_with("</svg>"));
            assert!(m.key.ends_with(".svg"));
        }
    }
}
