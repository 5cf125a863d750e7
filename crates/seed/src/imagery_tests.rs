//! The product pictures of the demo and bench catalogues: one drawing per
//! hardware family, badges that match the specification, well-formed small
//! SVGs that leave the top-right corner to the bookmark button.

use super::art::Art;
use super::bench::generate;
use super::demo_catalog::demo;
use super::draw::{FREE_CORNER, WIDTH};
use super::media::art_image;
use std::collections::{HashMap, HashSet};
use uplink_db::catalog_seed::{MediaSeed, ProductSeed};
use uplink_domain::catalog::Brand;

const NOW: i64 = 1_700_000_000_000;

/// One element of a parsed SVG: its name and attributes.
#[derive(Debug)]
struct Element {
    name: String,
    attrs: HashMap<String, String>,
    /// The text directly inside it.
    text: String,
}

/// A small XML well-formedness check: matched tags, quoted and unique
/// attributes, known entities, one root. Returns the elements in order.
fn parse_xml(doc: &str) -> Result<Vec<Element>, String> {
    fn entities_ok(s: &str) -> bool {
        let mut rest = s;
        while let Some(i) = rest.find('&') {
            let after = &rest[i + 1..];
            let Some(end) = after.find(';') else {
                return false;
            };
            let name = &after[..end];
            let known = matches!(name, "amp" | "lt" | "gt" | "quot" | "apos")
                || (name.starts_with('#') && name.len() > 1);
            if !known {
                return false;
            }
            rest = &after[end + 1..];
        }
        true
    }
    let mut elements: Vec<Element> = Vec::new();
    let mut stack: Vec<(String, usize)> = Vec::new();
    let mut roots = 0;
    let mut rest = doc;
    while let Some(lt) = rest.find('<') {
        let text = &rest[..lt];
        if text.contains('>') || !entities_ok(text) {
            return Err(format!("bad character data {text:?}"));
        }
        if !text.trim().is_empty() {
            match stack.last() {
                Some((_, i)) => elements[*i].text.push_str(text),
                None => return Err("text outside the root".into()),
            }
        }
        let gt = rest[lt..].find('>').ok_or("unclosed tag")? + lt;
        let tag = &rest[lt + 1..gt];
        rest = &rest[gt + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            match stack.pop() {
                Some((open, _)) if open == name.trim() => continue,
                other => return Err(format!("</{name}> closes {other:?}")),
            }
        }
        if tag.starts_with('?') || tag.starts_with('!') {
            continue;
        }
        let self_closing = tag.ends_with('/');
        let tag = tag.trim_end_matches('/');
        let name_end = tag.find(char::is_whitespace).unwrap_or(tag.len());
        let name = &tag[..name_end];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(format!("bad element name {name:?}"));
        }
        let mut attrs = HashMap::new();
        let mut a = tag[name_end..].trim_start();
        while !a.is_empty() {
            let eq = a
                .find('=')
                .ok_or(format!("attribute without value in <{name}>"))?;
            let key = a[..eq].trim();
            let value_part = &a[eq + 1..];
            if !value_part.starts_with('"') {
                return Err(format!("unquoted attribute {key} in <{name}>"));
            }
            let close = value_part[1..].find('"').ok_or("unterminated attribute")? + 1;
            let value = &value_part[1..close];
            if value.contains('<') || !entities_ok(value) {
                return Err(format!("bad attribute value {value:?}"));
            }
            if attrs.insert(key.to_owned(), value.to_owned()).is_some() {
                return Err(format!("duplicate attribute {key} in <{name}>"));
            }
            a = value_part[close + 1..].trim_start();
        }
        if stack.is_empty() {
            roots += 1;
        }
        elements.push(Element {
            name: name.to_owned(),
            attrs,
            text: String::new(),
        });
        if !self_closing {
            stack.push((name.to_owned(), elements.len() - 1));
        }
    }
    if !stack.is_empty() || roots != 1 || !rest.trim().is_empty() {
        return Err(format!(
            "unbalanced document: open {stack:?}, {roots} roots"
        ));
    }
    Ok(elements)
}

fn num(e: &Element, key: &str) -> f32 {
    e.attrs.get(key).and_then(|v| v.parse().ok()).unwrap_or(0.0)
}

/// The box an element covers, where it is simple to tell (`None` for paths
/// and transformed elements).
fn bounds(e: &Element) -> Option<(f32, f32, f32, f32)> {
    if e.attrs.contains_key("transform") {
        return None;
    }
    let (x, y) = (num(e, "x"), num(e, "y"));
    match e.name.as_str() {
        "rect" => Some((x, y, x + num(e, "width"), y + num(e, "height"))),
        "use" => Some((x, y, x + 20.0, y + 20.0)),
        "circle" => {
            let (cx, cy, r) = (num(e, "cx"), num(e, "cy"), num(e, "r"));
            Some((cx - r, cy - r, cx + r, cy + r))
        }
        "ellipse" => {
            let (cx, cy, rx, ry) = (num(e, "cx"), num(e, "cy"), num(e, "rx"), num(e, "ry"));
            Some((cx - rx, cy - ry, cx + rx, cy + ry))
        }
        // Generous: a text may reach its font size above and 8 px a letter either side.
        "text" => {
            let half = 8.0 * e.text.chars().count() as f32;
            Some((x - half, y - num(e, "font-size"), x + half, y))
        }
        "polygon" => {
            let pts: Vec<f32> = e.attrs["points"]
                .split([' ', ','])
                .filter_map(|v| v.parse().ok())
                .collect();
            let xs = pts.iter().step_by(2);
            let ys = pts.iter().skip(1).step_by(2);
            Some((
                xs.clone().cloned().fold(f32::MAX, f32::min),
                ys.clone().cloned().fold(f32::MAX, f32::min),
                xs.cloned().fold(f32::MIN, f32::max),
                ys.cloned().fold(f32::MIN, f32::max),
            ))
        }
        _ => None,
    }
}

/// The badges of a picture, left to right.
fn tags(elements: &[Element]) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_tag = false;
    for e in elements {
        if e.name == "g" {
            in_tag = e.attrs.get("class").map(String::as_str) == Some("tag");
        } else if in_tag && e.name == "text" {
            out.push(e.text.clone());
        }
    }
    out
}

/// Checks one picture; returns its elements.
fn check_svg(what: &str, body: &[u8]) -> Vec<Element> {
    let s = std::str::from_utf8(body).unwrap();
    let elements = parse_xml(s).unwrap_or_else(|e| panic!("{what}: not well-formed XML: {e}"));
    let root = &elements[0];
    assert_eq!(root.name, "svg", "{what}");
    assert_eq!(root.attrs["viewBox"], "0 0 480 360", "{what}");
    assert_eq!(root.attrs["role"], "img", "{what}");
    assert!(body.len() < 8_000, "{what} is {} bytes", body.len());
    assert!(
        !s.contains("http:") || !s.replace("http://www.w3.org/2000/svg", "").contains("http"),
        "{what} refers outside"
    );
    assert!(
        !s.contains("https:") && !s.contains("xlink:href") && !s.contains("<image"),
        "{what} refers outside"
    );
    for e in &elements {
        if let Some(href) = e.attrs.get("href") {
            assert!(href.starts_with('#'), "{what}: external href {href}");
        }
        if let Some(font) = e.attrs.get("font-family") {
            assert_eq!(font, "Helvetica,Arial,sans-serif", "{what}");
        }
    }
    // Nothing but the background in the top-right corner.
    let corner_x = (WIDTH - FREE_CORNER) as f32;
    for e in elements.iter().skip(1) {
        if e.attrs.get("fill").map(String::as_str) == Some("url(#bg)") {
            continue;
        }
        if let Some((x0, y0, x1, _)) = bounds(e) {
            let _ = x0;
            assert!(
                x1 <= corner_x || y0 >= FREE_CORNER as f32,
                "{what}: <{}> {:?} reaches into the top-right corner",
                e.name,
                e.attrs
            );
        }
    }
    elements
}

fn media_by_key(media: &[MediaSeed]) -> HashMap<&str, &MediaSeed> {
    media.iter().map(|m| (m.key.as_str(), m)).collect()
}

/// The picture a product shows: its own, else its parent's.
fn picture(
    p: &ProductSeed,
    products: &[ProductSeed],
    media: &HashMap<&str, &MediaSeed>,
) -> Option<String> {
    let key = p.images.first().map(|(k, _)| k.clone()).or_else(|| {
        let parent = products
            .iter()
            .find(|x| Some(&x.id) == p.parent_id.as_ref())?;
        parent.images.first().map(|(k, _)| k.clone())
    })?;
    let m = media
        .get(key.as_str())
        .unwrap_or_else(|| panic!("{key} missing"));
    Some(String::from_utf8(m.body.clone()).unwrap())
}

/// What the specification says about the radio: a variant's cellular module,
/// else the name and cellular rows of the product (or its parent).
fn names_in_spec(p: &ProductSeed, products: &[ProductSeed]) -> (bool, bool) {
    let parent = products
        .iter()
        .find(|x| Some(&x.id) == p.parent_id.as_ref());
    let mut texts: Vec<&str> = p
        .attributes
        .iter()
        .filter(|a| a.0 == "cellular")
        .map(|a| a.3.as_str())
        .collect();
    if texts.is_empty() {
        for q in [Some(p), parent].into_iter().flatten() {
            texts.push(q.name.as_str());
            texts.extend(
                q.specs
                    .iter()
                    .filter(|(g, n, _)| g == "Cellular" || n == "Cellular")
                    .flat_map(|(_, n, v)| [n.as_str(), v.as_str()]),
            );
        }
    }
    let says = |w: &str| texts.iter().any(|t| t.contains(w));
    (says("5G"), says("LTE"))
}

fn check_badges(products: &[ProductSeed], media: &[MediaSeed]) -> usize {
    let media = media_by_key(media);
    let mut checked = 0;
    for p in products.iter().filter(|p| p.product_type.is_physical()) {
        // A configurable parent offers its variants' modules: judged through them.
        if products.iter().any(|v| v.parent_id.as_ref() == Some(&p.id)) {
            continue;
        }
        let svg =
            picture(p, products, &media).unwrap_or_else(|| panic!("{} has no picture", p.sku));
        let tags = tags(&parse_xml(&svg).unwrap());
        match names_in_spec(p, products) {
            (true, _) => {
                assert!(
                    tags.iter().any(|t| t == "5G"),
                    "{} is 5G but shows {tags:?}",
                    p.sku
                );
                checked += 1;
            }
            (false, true) => {
                assert!(
                    !svg.contains("5G"),
                    "{} is LTE only but its picture says 5G",
                    p.sku
                );
                assert!(
                    tags.iter().any(|t| t == "LTE"),
                    "{} is LTE but shows {tags:?}",
                    p.sku
                );
                checked += 1;
            }
            (false, false) => {
                assert!(
                    !tags.iter().any(|t| t.contains("5G") || t.contains("LTE")),
                    "{} has no radio but shows {tags:?}",
                    p.sku
                );
            }
        }
    }
    checked
}

#[test]
fn every_hardware_family_has_a_drawing_of_its_own_even_without_its_model_name() {
    let seed = demo(NOW);
    let media = media_by_key(&seed.media);
    let mut seen: HashMap<String, &str> = HashMap::new();
    let mut keys = HashSet::new();
    let families: Vec<_> = seed
        .products
        .iter()
        .filter(|p| p.product_type.is_physical() && p.parent_id.is_none())
        .collect();
    assert!(families.len() >= 35, "{} hardware families", families.len());
    for p in families {
        let (key, alt) = p
            .images
            .first()
            .unwrap_or_else(|| panic!("{} has no picture", p.sku));
        assert!(alt.contains(&p.name));
        assert!(keys.insert(key.clone()), "{} shares {key}", p.sku);
        let svg = String::from_utf8(media[key.as_str()].body.clone()).unwrap();
        let label = p
            .name
            .strip_prefix(&format!("{} ", p.brand))
            .unwrap_or(&p.name)
            .to_ascii_uppercase();
        assert!(
            svg.contains(&format!(">{label}<")),
            "{} does not carry its model name",
            p.sku
        );
        let body = svg.replace(&format!(">{label}<"), "><");
        if let Some(other) = seen.insert(body, &p.sku) {
            panic!("{} and {other} differ only in their model names", p.sku);
        }
    }
}

#[test]
fn the_br1_mini_and_its_variants_say_lte_and_never_5g() {
    let seed = demo(NOW);
    let media = media_by_key(&seed.media);
    let family: Vec<_> = seed
        .products
        .iter()
        .filter(|p| p.sku.starts_with("MAX-BR1-MINI"))
        .collect();
    assert_eq!(family.len(), 4);
    for p in family {
        let svg = picture(p, &seed.products, &media).unwrap();
        assert!(!svg.contains("5G"), "{}: {svg}", p.sku);
        assert_eq!(tags(&parse_xml(&svg).unwrap()), ["LTE"], "{}", p.sku);
    }
}

#[test]
fn badges_follow_the_cellular_technology_in_the_specification() {
    let seed = demo(NOW);
    let checked = check_badges(&seed.products, &seed.media);
    assert!(checked >= 15, "only {checked} cellular products checked");
    // The Edge 1's variants each show their own module; the family offers both.
    let media = media_by_key(&seed.media);
    let tag_of = |sku: &str| {
        let p = seed.products.iter().find(|p| p.sku == sku).unwrap();
        tags(&parse_xml(&picture(p, &seed.products, &media).unwrap()).unwrap())
    };
    assert_eq!(tag_of("UL-EDGE1-5G-US"), ["5G"]);
    assert_eq!(tag_of("UL-EDGE1-LTE-GL"), ["LTE"]);
    assert_eq!(tag_of("UL-EDGE1"), ["LTE / 5G"]);
    assert_eq!(tag_of("UL-FLEET-5G"), ["5G", "VEHICLE"]);
    assert_eq!(tag_of("MAX-TST-DUO"), ["LTE", "VEHICLE"]);
    assert_eq!(tag_of("UL-AIRPOINT6E-OUT"), ["IP67", "WI-FI 6E"]);
    // The bench catalogue's shared drawings follow the same rule.
    let (products, media) = generate(600, NOW, 0);
    assert!(check_badges(&products, &media) > 100);
}

#[test]
fn every_picture_is_small_well_formed_xml_and_leaves_the_top_right_corner_free() {
    let seed = demo(NOW);
    let mut n = 0;
    for m in seed
        .media
        .iter()
        .filter(|m| m.content_type == "image/svg+xml")
    {
        if m.key.contains("logo") {
            continue;
        }
        check_svg(&m.key, &m.body);
        n += 1;
    }
    for art in Art::ALL {
        for brand in [Brand::Uplink, Brand::Pepwave] {
            let m = art_image(*art, brand);
            check_svg(&m.key, &m.body);
        }
    }
    let (_, media) = generate(600, NOW, 0);
    for m in media.iter().filter(|m| m.content_type == "image/svg+xml") {
        check_svg(&m.key, &m.body);
    }
    assert!(n >= 40, "{n} pictures");
}

#[test]
fn the_bench_catalogue_shares_a_few_dozen_drawings() {
    let (products, media) = generate(3_000, NOW, 0);
    let pictures: Vec<_> = media
        .iter()
        .filter(|m| m.content_type == "image/svg+xml")
        .collect();
    let bytes: usize = pictures.iter().map(|m| m.body.len()).sum();
    assert!(pictures.len() <= 120, "{} pictures", pictures.len());
    assert!(bytes <= 500_000, "{bytes} bytes of pictures");
    let keys: HashSet<&str> = media.iter().map(|m| m.key.as_str()).collect();
    for p in products.iter().filter(|p| p.parent_id.is_none()) {
        let (key, _) = p
            .images
            .first()
            .unwrap_or_else(|| panic!("{} has no picture", p.sku));
        assert!(
            keys.contains(key.as_str()),
            "{} shows a missing {key}",
            p.sku
        );
    }
}

#[test]
fn the_well_formedness_check_rejects_broken_markup() {
    assert!(parse_xml("<svg><g></svg>").is_err());
    assert!(parse_xml("<svg a=\"1\" a=\"2\"/>").is_err());
    assert!(parse_xml("<svg><text>R&D</text></svg>").is_err());
    assert!(parse_xml("<svg x=1/>").is_err());
    assert!(parse_xml("<svg/><svg/>").is_err());
    assert!(parse_xml("<svg><text>R&amp;D</text></svg>").is_ok());
}

/// Writes every demo picture and a contact sheet (`index.html`) to
/// `$IMAGERY_DIR` (default `/tmp/imagery`) for a person to look at:
/// `cargo test -p uplink-seed contact_sheet -- --ignored`.
#[test]
#[ignore = "writes files for review"]
fn contact_sheet_for_review() {
    let dir = std::env::var("IMAGERY_DIR").unwrap_or_else(|_| "/tmp/imagery".into());
    std::fs::create_dir_all(&dir).unwrap();
    let seed = demo(NOW);
    let mut cells = String::new();
    let mut shown = HashSet::new();
    for p in &seed.products {
        for (key, _) in &p.images {
            if !shown.insert(key.clone()) {
                continue;
            }
            let m = seed.media.iter().find(|m| &m.key == key).unwrap();
            std::fs::write(format!("{dir}/{key}"), &m.body).unwrap();
            cells.push_str(&format!(
                "<figure><img src=\"{key}\" width=\"240\" height=\"180\"><figcaption>{} <small>{} B</small></figcaption></figure>",
                p.name,
                m.body.len()
            ));
        }
    }
    std::fs::write(
        format!("{dir}/index.html"),
        format!(
            "<!doctype html><meta charset=\"utf-8\"><style>body{{font:11px sans-serif;margin:8px;background:#f1f5f9}}\
figure{{display:inline-block;margin:4px;width:240px;vertical-align:top}}img{{display:block;border:1px solid #cbd5e1;border-radius:8px;background:#fff}}\
figcaption{{height:28px;overflow:hidden}}</style>{cells}"
        ),
    )
    .unwrap();
}
