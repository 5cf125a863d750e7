//! Line drawings of hardware from a [`Look`]: a 480 × 360 SVG with the device
//! in an oblique view, its ports, LEDs, antennas and model name, in the
//! brand's colours, and the badges in the top-left corner. The top-right
//! 70 × 70 px stay empty for the storefront's bookmark button.

use super::art::palette;
use super::look::{Form, Look, Ports};
use std::fmt::Write;
use uplink_domain::catalog::Brand;

/// The frame's size and the corner kept free.
pub const WIDTH: i32 = 480;
pub const HEIGHT: i32 = 360;
pub const FREE_CORNER: i32 = 70;

const FONT: &str = "Helvetica,Arial,sans-serif";
const INK: &str = "#1f2937";
const PORT: &str = "#111827";
const LED: &str = "#22c55e";

/// The colours of one brand's hardware.
struct Paint {
    accent: &'static str,
    tint: &'static str,
    /// Front, top and side faces of the body.
    front: &'static str,
    top: &'static str,
    side: &'static str,
    /// Text and marks on the body.
    on_body: &'static str,
}

fn paint(brand: Brand) -> Paint {
    let (accent, _, tint) = palette(brand.as_str());
    match brand {
        // Pepwave: charcoal metal with orange trim.
        Brand::Pepwave => Paint {
            accent,
            tint,
            front: "#3b4048",
            top: "#59606a",
            side: "#2a2e34",
            on_body: "#e5e7eb",
        },
        // Uplink: white housings with blue trim.
        _ => Paint {
            accent,
            tint,
            front: "#f4f6f9",
            top: "#ffffff",
            side: "#d3dae3",
            on_body: "#334155",
        },
    }
}

/// An SVG being written.
struct Svg {
    out: String,
    paint: Paint,
}

impl Svg {
    fn raw(&mut self, s: &str) {
        self.out.push_str(s);
    }

    fn rect(&mut self, x: i32, y: i32, w: i32, h: i32, rx: i32, fill: &str) {
        let _ = write!(
            self.out,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" rx=\"{rx}\" fill=\"{fill}\"/>"
        );
    }

    fn outlined(&mut self, x: i32, y: i32, w: i32, h: i32, rx: i32, fill: &str) {
        let _ = write!(
            self.out,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" rx=\"{rx}\" fill=\"{fill}\" stroke=\"{INK}\" stroke-width=\"1.5\"/>"
        );
    }

    fn circle(&mut self, cx: i32, cy: i32, r: i32, fill: &str) {
        let _ = write!(
            self.out,
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"{fill}\"/>"
        );
    }

    fn polygon(&mut self, points: &[(i32, i32)], fill: &str) {
        let pts: Vec<String> = points.iter().map(|(x, y)| format!("{x},{y}")).collect();
        let _ = write!(
            self.out,
            "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"{INK}\" stroke-width=\"1.5\" stroke-linejoin=\"round\"/>",
            pts.join(" ")
        );
    }

    fn path(&mut self, d: &str, fill: &str, stroke: &str, width: f32) {
        let _ = write!(
            self.out,
            "<path d=\"{d}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{width}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>"
        );
    }

    /// Text at (x, y) in `font`: (anchor, size, weight).
    fn text(&mut self, x: i32, y: i32, font: (&str, i32, i32), fill: &str, s: &str) {
        let (anchor, size, weight) = font;
        let _ = write!(
            self.out,
            "<text x=\"{x}\" y=\"{y}\" font-family=\"{FONT}\" font-size=\"{size}\" font-weight=\"{weight}\" text-anchor=\"{anchor}\" fill=\"{fill}\">{}</text>",
            escape(s)
        );
    }

    /// A box in oblique view: the front face at (x, y, w, h) and `d` deep.
    fn block(&mut self, x: i32, y: i32, w: i32, h: i32, d: i32, front: &str) {
        let (dx, dy) = (d * 6 / 10, d * 4 / 10);
        let (top, side) = (self.paint.top, self.paint.side);
        self.polygon(
            &[(x, y), (x + dx, y - dy), (x + w + dx, y - dy), (x + w, y)],
            top,
        );
        self.polygon(
            &[
                (x + w, y),
                (x + w + dx, y - dy),
                (x + w + dx, y + h - dy),
                (x + w, y + h),
            ],
            side,
        );
        self.polygon(&[(x, y), (x + w, y), (x + w, y + h), (x, y + h)], front);
    }

    /// A soft shadow under a device.
    fn shadow(&mut self, cx: i32, cy: i32, rx: i32) {
        let _ = write!(
            self.out,
            "<ellipse cx=\"{cx}\" cy=\"{cy}\" rx=\"{rx}\" ry=\"{}\" fill=\"#0f172a\" opacity=\"0.10\"/>",
            (rx / 12).max(6)
        );
    }

    fn leds(&mut self, x: i32, y: i32, n: i32) {
        for i in 0..n {
            let fill = if i == 0 { self.paint.accent } else { LED };
            self.circle(x + i * 10, y, 3, fill);
        }
    }

    /// An RJ45 jack (18 × 14) or, `wan`, one with the accent bar under it.
    fn rj45(&mut self, x: i32, y: i32, wan: bool) {
        let _ = write!(self.out, "<use href=\"#rj\" x=\"{x}\" y=\"{y}\"/>");
        if wan {
            let accent = self.paint.accent;
            self.rect(x, y + 16, 18, 3, 1, accent);
        }
    }

    fn sfp(&mut self, x: i32, y: i32) {
        let _ = write!(self.out, "<use href=\"#sfp\" x=\"{x}\" y=\"{y}\"/>");
    }

    /// A paddle antenna standing on a hinge at (x, base), `len` long.
    fn paddle(&mut self, x: i32, base: i32, len: i32) {
        self.rect(x - 5, base - 8, 10, 10, 2, "#4b5563");
        self.outlined(x - 6, base - len, 12, len - 6, 6, "#2b2f36");
        self.rect(x - 2, base - len + 8, 4, len - 24, 2, "#3f4650");
    }

    /// A gold SMA connector seen from the front.
    fn sma(&mut self, cx: i32, cy: i32) {
        self.circle(cx, cy, 6, "#c8a24a");
        self.circle(cx, cy, 3, "#7c5e1c");
    }

    /// The model name and brand on a face: brand at `x0`, model name right-aligned at `x1`.
    fn marks(&mut self, look: &Look, x0: i32, x1: i32, y: i32) {
        let on = self.paint.on_body;
        let accent = self.paint.accent;
        self.text(
            x0,
            y,
            ("start", 9, 700),
            accent,
            &look.brand.as_str().to_ascii_uppercase(),
        );
        if let Some(label) = &look.label {
            self.text(x1, y, ("end", 9, 400), on, label);
        }
    }

    /// Ports laid out left to right from `x`: WAN, LAN, SFP, USB, I/O.
    /// Returns the x after the last port.
    fn port_row(&mut self, x: i32, y: i32, ports: &Ports) -> i32 {
        let mut x = x;
        for _ in 0..ports.wan {
            self.rj45(x, y, true);
            x += 22;
        }
        if ports.wan > 0 {
            x += 8;
        }
        for _ in 0..ports.lan {
            self.rj45(x, y, false);
            x += 22;
        }
        if ports.sfp > 0 {
            x += 6;
        }
        for _ in 0..ports.sfp {
            self.sfp(x, y);
            x += 20;
        }
        for _ in 0..ports.usb {
            self.rect(x + 4, y + 4, 14, 6, 1, PORT);
            x += 22;
        }
        for _ in 0..ports.io.min(1) {
            // A green terminal block for serial and I/O.
            self.outlined(x + 2, y, 30, 14, 2, "#15803d");
            for i in 0..4 {
                self.circle(x + 8 + i * 6, y + 7, 2, "#0f172a");
            }
            x += 36;
        }
        x
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// How many pixels a port row needs.
fn row_width(p: &Ports) -> i32 {
    let n = |v: u8| i32::from(v);
    n(p.wan) * 22
        + if p.wan > 0 { 8 } else { 0 }
        + n(p.lan) * 22
        + if p.sfp > 0 { 6 } else { 0 }
        + n(p.sfp) * 20
        + n(p.usb) * 22
        + if p.io > 0 { 36 } else { 0 }
}

/// The badges: pills from the top-left corner, left to right.
fn tags(svg: &mut Svg, look: &Look) {
    let mut x = 20;
    for (i, tag) in look.tags().iter().enumerate() {
        let w = 22 + 10 * tag.chars().count() as i32;
        let (fill, ink) = if i == 0 {
            (svg.paint.accent, "#ffffff")
        } else {
            ("#ffffff", INK)
        };
        let _ = write!(
            svg.out,
            "<g class=\"tag\"><rect x=\"{x}\" y=\"20\" width=\"{w}\" height=\"28\" rx=\"14\" fill=\"{fill}\" stroke=\"{}\" stroke-width=\"1.5\"/>",
            svg.paint.accent
        );
        svg.text(x + w / 2, 39, ("middle", 14, 700), ink, tag);
        svg.raw("</g>");
        x += w + 8;
    }
}

/// The SVG of a look.
pub fn svg(look: &Look) -> String {
    let paint = paint(look.brand);
    let mut svg = Svg {
        out: String::with_capacity(4_096),
        paint,
    };
    let _ = write!(
        svg.out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" width=\"{WIDTH}\" height=\"{HEIGHT}\" role=\"img\">\
<defs><linearGradient id=\"bg\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\"><stop offset=\"0\" stop-color=\"#ffffff\"/><stop offset=\"1\" stop-color=\"{}\"/></linearGradient>\
<g id=\"rj\"><rect width=\"18\" height=\"14\" rx=\"1.5\" fill=\"{PORT}\"/><rect x=\"5\" y=\"10\" width=\"8\" height=\"4\" fill=\"#4b5563\"/></g>\
<g id=\"sfp\"><rect width=\"16\" height=\"14\" rx=\"1\" fill=\"#9ca3af\" stroke=\"{INK}\"/><rect x=\"3\" y=\"4\" width=\"10\" height=\"6\" fill=\"{PORT}\"/></g></defs>\
<rect width=\"{WIDTH}\" height=\"{HEIGHT}\" rx=\"24\" fill=\"url(#bg)\"/>",
        svg.paint.tint
    );
    match look.form {
        Form::Desktop => desktop(&mut svg, look),
        Form::Rugged => rugged(&mut svg, look),
        Form::Nano => nano(&mut svg, look),
        Form::Tower => tower(&mut svg, look),
        Form::Rack | Form::RackSwitch | Form::SimBank => rack(&mut svg, look),
        Form::Vehicle => vehicle(&mut svg, look),
        Form::CeilingAp => ceiling_ap(&mut svg, look),
        Form::OutdoorAp => outdoor_ap(&mut svg, look),
        Form::Switch => switch(&mut svg, look),
        Form::RoofAntenna => roof_antenna(&mut svg, look),
        Form::OmniAntenna => omni_antenna(&mut svg, look),
        Form::PanelAntenna => panel_antenna(&mut svg, look),
        Form::DomeAntenna => dome_antenna(&mut svg, look),
        Form::PowerAdapter => power_adapter(&mut svg, look),
        Form::PoeInjector => poe_injector(&mut svg, look),
        Form::AntennaCable => antenna_cable(&mut svg, look),
        Form::PowerCable => power_cable(&mut svg, look),
        Form::RackTray => rack_tray(&mut svg, look),
        Form::DinBracket => din_bracket(&mut svg, look),
    }
    tags(&mut svg, look);
    svg.out.push_str("</svg>");
    svg.out
}

/// A width in pixels for a device `mm` wide, between `lo` and `hi`.
fn scaled(look: &Look, lo: i32, hi: i32, default: i32) -> i32 {
    look.size_mm.map_or(default, |(w, ..)| {
        (lo + (w as i32 - 90) * (hi - lo) / 200).clamp(lo, hi)
    })
}

/// Antennas evenly spread along the top edge of a block.
fn antenna_row(svg: &mut Svg, look: &Look, x: i32, w: i32, base: i32, len: i32) {
    let n = i32::from(look.antennas);
    for i in 0..n {
        let ax = x + (i + 1) * w / (n + 1);
        svg.paddle(ax, base, len);
    }
}

fn desktop(svg: &mut Svg, look: &Look) {
    let ports = look.ports;
    let w = scaled(look, 240, 360, 300).max(row_width(&ports) + 90);
    let (h, d) = (52, 90);
    let x = (WIDTH - w) / 2 - 20;
    let y = 206;
    svg.shadow(WIDTH / 2, y + h + 12, w / 2 + 40);
    antenna_row(svg, look, x + 30, w, y - 28, 110);
    let front = svg.paint.front;
    svg.block(x, y, w, h, d, front);
    let accent = svg.paint.accent;
    svg.rect(x, y, w, 5, 0, accent);
    svg.leds(x + 16, y + 22, 4);
    svg.port_row(x + w - row_width(&ports) - 12, y + 16, &ports);
    svg.marks(look, x + 12, x + w - 12, y + h - 8);
}

fn rugged(svg: &mut Svg, look: &Look) {
    let ports = look.ports;
    let w = scaled(look, 200, 340, 280).max(row_width(&ports) + 90);
    let (h, d) = (62, 100);
    let x = (WIDTH - w) / 2 - 24;
    let y = 204;
    svg.shadow(WIDTH / 2, y + h + 12, w / 2 + 50);
    // Cooling fins across the lid.
    let (dx, dy) = (d * 6 / 10, d * 4 / 10);
    antenna_row(svg, look, x + dx / 2, w, y - dy / 2, 110);
    let front = svg.paint.front;
    svg.block(x, y, w, h, d, front);
    let step = (w / 14).max(14);
    let mut fx = x + step / 2;
    while fx < x + w - 6 {
        svg.path(&format!("M{fx} {y}l{dx} -{dy}"), "none", "#1f2329", 3.0);
        fx += step;
    }
    // Mounting lugs left and right.
    let side = svg.paint.side;
    svg.outlined(x - 16, y + h - 16, 18, 16, 3, side);
    svg.outlined(x + w - 2, y + h - 16, 18, 16, 3, side);
    svg.circle(x - 7, y + h - 8, 3, "#0f172a");
    svg.circle(x + w + 7, y + h - 8, 3, "#0f172a");
    let accent = svg.paint.accent;
    svg.rect(x + 10, y + 8, 4, h - 16, 2, accent);
    svg.leds(x + 24, y + 22, 3);
    svg.port_row(x + w - row_width(&ports) - 12, y + 16, &ports);
    svg.marks(look, x + 24, x + w - 12, y + h - 10);
}

fn nano(svg: &mut Svg, look: &Look) {
    let (w, h, d) = (150, 46, 80);
    let x = 150;
    let y = 210;
    svg.shadow(x + w / 2 + 20, y + h + 12, 130);
    antenna_row(svg, look, x + 24, w, y - 16, 96);
    let front = svg.paint.front;
    svg.block(x, y, w, h, d, front);
    // DIN-rail clip behind the box.
    let side = svg.paint.side;
    svg.outlined(x + w + 10, y + 6, 28, 46, 3, side);
    svg.block(x, y, w, h, d, front);
    let accent = svg.paint.accent;
    svg.rect(x, y + h - 5, w, 5, 0, accent);
    svg.leds(x + 14, y + 16, 3);
    svg.port_row(x + w - row_width(&look.ports) - 10, y + 10, &look.ports);
    if let Some(label) = &look.label {
        let on = svg.paint.on_body;
        svg.text(x + 12, y + h - 12, ("start", 9, 400), on, label);
    }
}

fn tower(svg: &mut Svg, look: &Look) {
    let (w, h) = (120, 190);
    let x = (WIDTH - w) / 2;
    let y = 90;
    svg.shadow(WIDTH / 2, y + h + 6, 110);
    let (front, side, accent) = (svg.paint.front, svg.paint.side, svg.paint.accent);
    svg.path(
        &format!(
            "M{x} {} q0 -24 24 -24 h{} q24 0 24 24 v{} q0 20 -20 20 h{} q-20 0 -20 -20 z",
            y + 24,
            w - 48,
            h - 44,
            -(w - 40)
        ),
        front,
        INK,
        1.5,
    );
    svg.path(
        &format!("M{} {} q18 -10 {} 0", x + 20, y + 26, w - 40),
        "none",
        side,
        3.0,
    );
    // The light ring and a grille of vents.
    svg.rect(x + w / 2 - 18, y + 44, 36, 6, 3, accent);
    for row in 0..6 {
        for col in 0..4 {
            svg.circle(x + 33 + col * 18, y + 86 + row * 14, 3, side);
        }
    }
    if let Some(label) = &look.label {
        let on = svg.paint.on_body;
        svg.text(WIDTH / 2, y + h - 16, ("middle", 9, 400), on, label);
    }
    svg.text(
        WIDTH / 2,
        y + 72,
        ("middle", 10, 700),
        accent,
        &look.brand.as_str().to_ascii_uppercase(),
    );
}

/// A 1U rack unit: router, switch or SIM bank.
fn rack(svg: &mut Svg, look: &Look) {
    let (x, w, h, d) = (44, 380, 50, 60);
    let y = 200;
    svg.shadow(WIDTH / 2, y + h + 12, 220);
    let front = svg.paint.front;
    svg.block(x, y, w, h, d, front);
    // Rack ears with their slots.
    let side = svg.paint.side;
    for ex in [x - 22, x + w] {
        svg.outlined(ex, y, 22, h, 2, side);
        svg.rect(ex + 7, y + 10, 8, 6, 3, "#0f172a");
        svg.rect(ex + 7, y + h - 16, 8, 6, 3, "#0f172a");
    }
    let accent = svg.paint.accent;
    svg.rect(x + 8, y + 8, 4, h - 16, 2, accent);
    svg.leds(x + 22, y + 14, 2);
    let ports = look.ports;
    match look.form {
        Form::SimBank => {
            // Eight SIM trays and the Ethernet ports.
            for i in 0..8 {
                svg.outlined(x + 60 + i * 28, y + 12, 22, 8, 1, "#cbd5e1");
                svg.rect(x + 64 + i * 28, y + 15, 6, 2, 1, accent);
            }
            svg.port_row(x + w - row_width(&ports) - 14, y + 10, &ports);
        }
        Form::RackSwitch => {
            let copper = i32::from(ports.lan + ports.wan);
            let rows = if copper > 24 { 2 } else { 1 };
            let per_row = (copper + rows - 1) / rows;
            let pitch = if per_row > 16 { 11 } else { 20 };
            let total = per_row * pitch + i32::from(ports.sfp.min(8)) * 18 + 16;
            let mut px = x + (w - total) / 2 + 24;
            for col in 0..per_row {
                for row in 0..rows {
                    let cy = if rows == 1 { y + 14 } else { y + 8 + row * 17 };
                    if pitch < 18 {
                        svg.rect(px, cy, 10, 13, 1, PORT);
                    } else {
                        svg.rj45(px, cy, false);
                    }
                }
                px += pitch;
                if col % 8 == 7 {
                    px += 4;
                }
            }
            px += 12;
            let sfp_rows = if ports.sfp > 4 { 2 } else { 1 };
            let per = (i32::from(ports.sfp) + sfp_rows - 1) / sfp_rows;
            for col in 0..per {
                for row in 0..sfp_rows {
                    let cy = if sfp_rows == 1 {
                        y + 14
                    } else {
                        y + 8 + row * 17
                    };
                    svg.sfp(px + col * 18, cy);
                }
            }
        }
        _ => {
            svg.port_row(x + w - row_width(&ports) - 14, y + 12, &ports);
        }
    }
    svg.marks(look, x + 22, x + w - 14, y + h - 8);
}

fn vehicle(svg: &mut Svg, look: &Look) {
    let ports = look.ports;
    let w = scaled(look, 240, 320, 280).max(row_width(&ports) + 110);
    let (h, d) = (56, 100);
    let x = (WIDTH - w) / 2 - 24;
    let y = 200;
    svg.shadow(WIDTH / 2, y + h + 14, w / 2 + 80);
    let (dx, dy) = (d * 6 / 10, d * 4 / 10);
    // The mounting flanges run under the whole box.
    let side = svg.paint.side;
    svg.polygon(
        &[
            (x - 40, y + h),
            (x - 40 + dx, y + h - dy),
            (x + w + 40 + dx, y + h - dy),
            (x + w + 40, y + h),
            (x + w + 40, y + h + 6),
            (x - 40, y + h + 6),
        ],
        side,
    );
    for fx in [x - 24, x + w + 24] {
        svg.raw(&format!(
            "<ellipse cx=\"{}\" cy=\"{}\" rx=\"8\" ry=\"4\" fill=\"#0f172a\"/>",
            fx + dx / 3,
            y + h - dy / 3
        ));
    }
    let front = svg.paint.front;
    svg.block(x, y, w, h, d, front);
    let accent = svg.paint.accent;
    svg.rect(x, y, w, 5, 0, accent);
    // Antenna connectors (to the roof antenna) along the top of the front.
    let n = i32::from(look.antennas.max(2));
    let span = (n - 1) * 22;
    for i in 0..n {
        svg.sma(x + w - 20 - span + i * 22, y + 18);
    }
    svg.leds(x + 14, y + 18, 3);
    svg.port_row(x + w - row_width(&ports) - 10, y + 30, &ports);
    let accent = svg.paint.accent;
    svg.text(
        x + 12,
        y + h - 8,
        ("start", 9, 700),
        accent,
        &look.brand.as_str().to_ascii_uppercase(),
    );
    if let Some(label) = &look.label {
        let on = svg.paint.on_body;
        svg.text(x + 12, y + 36, ("start", 9, 400), on, label);
    }
}

fn ceiling_ap(svg: &mut Svg, look: &Look) {
    let r = scaled(look, 110, 160, 140);
    let (cx, cy) = (WIDTH / 2, 196);
    let ry = r * 38 / 100;
    let band = 18;
    svg.shadow(cx, cy + ry + band + 18, r + 20);
    let (front, top, side, accent) = (
        svg.paint.front,
        svg.paint.top,
        svg.paint.side,
        svg.paint.accent,
    );
    if look.brand == Brand::Pepwave {
        // A square plate with rounded corners.
        let (hw, hh) = (r, ry);
        svg.polygon(
            &[
                (cx - hw, cy),
                (cx, cy + hh),
                (cx + hw, cy),
                (cx + hw, cy + band),
                (cx, cy + hh + band),
                (cx - hw, cy + band),
            ],
            side,
        );
        svg.polygon(
            &[(cx - hw, cy), (cx, cy - hh), (cx + hw, cy), (cx, cy + hh)],
            front,
        );
        svg.polygon(
            &[
                (cx - hw / 3, cy),
                (cx, cy - hh / 3),
                (cx + hw / 3, cy),
                (cx, cy + hh / 3),
            ],
            top,
        );
    } else {
        svg.path(
            &format!(
                "M{} {cy} v{band} a{r} {ry} 0 0 0 {} 0 v-{band} z",
                cx - r,
                2 * r
            ),
            side,
            INK,
            1.5,
        );
        let _ = write!(
            svg.out,
            "<ellipse cx=\"{cx}\" cy=\"{cy}\" rx=\"{r}\" ry=\"{ry}\" fill=\"{front}\" stroke=\"{INK}\" stroke-width=\"1.5\"/>\
<ellipse cx=\"{cx}\" cy=\"{cy}\" rx=\"{}\" ry=\"{}\" fill=\"none\" stroke=\"{accent}\" stroke-width=\"4\" opacity=\"0.8\"/>",
            r * 7 / 10,
            ry * 7 / 10
        );
    }
    // Status light in the middle.
    let _ = write!(
        svg.out,
        "<ellipse cx=\"{cx}\" cy=\"{cy}\" rx=\"9\" ry=\"4\" fill=\"{accent}\"/>"
    );
    // The Ethernet jacks on the rim.
    let n = i32::from(look.ports.lan + look.ports.wan + look.ports.sfp).max(1);
    for i in 0..n {
        svg.rect(cx - n * 8 + i * 16, cy + ry + 3, 12, 9, 1, PORT);
    }
    svg.text(
        cx,
        cy - ry / 2 + 4,
        ("middle", 10, 700),
        accent,
        &look.brand.as_str().to_ascii_uppercase(),
    );
    if let Some(label) = &look.label {
        let on = svg.paint.on_body;
        svg.text(cx, cy + ry / 2 + 6, ("middle", 9, 400), on, label);
    }
}

fn outdoor_ap(svg: &mut Svg, look: &Look) {
    let (w, h, d) = (130, 170, 50);
    let x = 170;
    let y = 110;
    svg.shadow(x + w / 2 + 40, 322, 130);
    // The pole behind, with two clamps.
    svg.outlined(x + w + 30, 70, 22, 262, 4, "#cbd5e1");
    let front = svg.paint.front;
    svg.block(x, y, w, h, d, front);
    let side = svg.paint.side;
    for cy in [y + 30, y + h - 44] {
        svg.outlined(x + w, cy, 60, 14, 3, side);
    }
    // Ribs across the front and the glands underneath.
    let accent = svg.paint.accent;
    svg.rect(x, y, w, 6, 0, accent);
    for i in 0..5 {
        svg.rect(x + 14, y + 46 + i * 12, w - 28, 3, 1, side);
    }
    let n = i32::from(look.ports.lan + look.ports.sfp + look.ports.wan).max(1);
    for i in 0..n {
        svg.outlined(x + 30 + i * 34, y + h, 18, 16, 3, "#4b5563");
    }
    svg.circle(x + w / 2, y + 26, 4, LED);
    svg.text(
        x + w / 2,
        y + 128,
        ("middle", 10, 700),
        accent,
        &look.brand.as_str().to_ascii_uppercase(),
    );
    if let Some(label) = &look.label {
        let on = svg.paint.on_body;
        svg.text(x + w / 2, y + 146, ("middle", 8, 400), on, label);
    }
}

fn switch(svg: &mut Svg, look: &Look) {
    let ports = look.ports;
    let copper = i32::from(ports.lan + ports.wan);
    let w = (copper * 22 + i32::from(ports.sfp) * 20 + 110).clamp(280, 380);
    let (h, d) = (46, 110);
    let x = (WIDTH - w) / 2 - 28;
    let y = 210;
    svg.shadow(WIDTH / 2, y + h + 12, w / 2 + 60);
    let front = svg.paint.front;
    svg.block(x, y, w, h, d, front);
    let accent = svg.paint.accent;
    svg.rect(x, y, w, 4, 0, accent);
    svg.leds(x + 14, y + 18, 2);
    let mut px = x + w - (copper * 22 + i32::from(ports.sfp) * 20 + 16) - 10;
    for i in 0..copper {
        svg.rj45(px, y + 12, false);
        if look.poe.is_some() {
            // PoE ports carry a small amber mark.
            svg.rect(px + 6, y + 7, 6, 2, 1, "#f59e0b");
        }
        px += 22;
        if i % 4 == 3 {
            px += 2;
        }
    }
    px += 10;
    for _ in 0..ports.sfp {
        svg.sfp(px, y + 12);
        px += 20;
    }
    svg.marks(look, x + 12, x + w - 12, y + h - 8);
}

/// Coaxial leads hanging from (x, y) with connectors at their ends.
fn leads(svg: &mut Svg, x: i32, y: i32, n: i32) {
    for i in 0..n {
        let ex = x - (n - 1) * 9 + i * 18;
        svg.path(
            &format!("M{x} {y} C{x} {} {ex} {} {ex} {}", y + 30, y + 30, y + 64),
            "none",
            "#111827",
            3.0,
        );
        svg.rect(ex - 4, y + 62, 8, 14, 2, "#c8a24a");
    }
}

fn roof_antenna(svg: &mut Svg, look: &Look) {
    let (cx, base) = (WIDTH / 2, 220);
    let r = if look.antennas > 4 { 130 } else { 100 };
    svg.shadow(cx, base + 4, r + 10);
    leads(svg, cx, base, i32::from(look.antennas));
    let (front, side, accent) = (svg.paint.front, svg.paint.side, svg.paint.accent);
    svg.path(
        &format!("M{} {base} a{r} 18 0 0 0 {} 0 z", cx - r - 10, 2 * r + 20),
        side,
        INK,
        1.5,
    );
    svg.path(
        &format!(
            "M{} {base} C{} {} {} {} {} {base} z",
            cx - r,
            cx - r + 10,
            base - 120,
            cx + r - 10,
            base - 120,
            cx + r
        ),
        front,
        INK,
        1.5,
    );
    svg.path(
        &format!("M{} {} q{} -30 {} 0", cx - r / 2, base - 58, r / 2, r),
        "none",
        accent,
        3.0,
    );
    svg.text(
        cx,
        base - 14,
        ("middle", 10, 700),
        accent,
        &look.brand.as_str().to_ascii_uppercase(),
    );
    if let Some(label) = &look.label {
        let on = svg.paint.on_body;
        svg.text(cx, base - 34, ("middle", 9, 400), on, label);
    }
}

fn omni_antenna(svg: &mut Svg, look: &Look) {
    let (cx, top, w) = (WIDTH / 2 - 30, 78, 52);
    let bottom = 250;
    svg.shadow(cx + 30, 330, 110);
    // Pole clamp and pole to the right.
    svg.outlined(cx + 70, 150, 18, 180, 4, "#cbd5e1");
    let side = svg.paint.side;
    svg.outlined(cx + w / 2 - 4, bottom - 60, 78, 14, 3, side);
    let (front, accent) = (svg.paint.front, svg.paint.accent);
    svg.path(
        &format!(
            "M{} {bottom} V{} a{} 12 0 0 1 {w} 0 V{bottom} z",
            cx - w / 2,
            top + 12,
            w / 2
        ),
        front,
        INK,
        1.5,
    );
    svg.rect(cx - w / 2, bottom - 20, w, 20, 0, side);
    svg.rect(cx - w / 2, top + 30, w, 4, 0, accent);
    leads(svg, cx, bottom, i32::from(look.antennas));
    let _ = write!(
        svg.out,
        "<text transform=\"rotate(-90 {cx} 170)\" x=\"{cx}\" y=\"174\" font-family=\"{FONT}\" font-size=\"10\" font-weight=\"700\" text-anchor=\"middle\" fill=\"{accent}\">{}</text>",
        escape(&look.brand.as_str().to_ascii_uppercase())
    );
    if let Some(label) = &look.label {
        svg.text(cx, 346, ("middle", 9, 400), INK, label);
    }
}

fn panel_antenna(svg: &mut Svg, look: &Look) {
    let (x, y, w, h, d) = (140, 90, 160, 190, 24);
    svg.shadow(x + w / 2 + 40, 326, 140);
    svg.outlined(x + w + 46, 70, 20, 262, 4, "#cbd5e1");
    let side = svg.paint.side;
    svg.outlined(x + w + 10, y + 80, 60, 30, 4, side);
    let front = svg.paint.front;
    svg.block(x, y, w, h, d, front);
    let accent = svg.paint.accent;
    // The radiating elements behind the radome.
    for row in 0..2 {
        for col in 0..2 {
            let _ = write!(
                svg.out,
                "<rect x=\"{}\" y=\"{}\" width=\"40\" height=\"40\" fill=\"none\" stroke=\"{accent}\" stroke-width=\"2\" opacity=\"0.6\" transform=\"rotate(45 {} {})\"/>",
                x + 30 + col * 60,
                y + 30 + row * 70,
                x + 50 + col * 60,
                y + 50 + row * 70
            );
        }
    }
    leads(svg, x + w / 2, y + h, i32::from(look.antennas));
    svg.text(
        x + 12,
        y + h - 10,
        ("start", 9, 700),
        accent,
        &look.brand.as_str().to_ascii_uppercase(),
    );
    if let Some(label) = &look.label {
        let on = svg.paint.on_body;
        svg.text(x + w / 2, y + 18, ("middle", 8, 400), on, label);
    }
}

fn dome_antenna(svg: &mut Svg, look: &Look) {
    let (cx, base, r) = (WIDTH / 2, 230, 120);
    svg.shadow(cx, base + 8, r + 10);
    leads(svg, cx, base, i32::from(look.antennas));
    let (front, side, accent) = (svg.paint.front, svg.paint.side, svg.paint.accent);
    svg.path(
        &format!(
            "M{} {base} a{} 16 0 0 0 {} 0 z",
            cx - r - 12,
            r + 12,
            2 * r + 24
        ),
        side,
        INK,
        1.5,
    );
    svg.path(
        &format!("M{} {base} a{r} 62 0 0 1 {} 0 z", cx - r, 2 * r),
        front,
        INK,
        1.5,
    );
    svg.circle(cx, base - 34, 5, accent);
    svg.text(
        cx,
        base - 12,
        ("middle", 10, 700),
        accent,
        &look.brand.as_str().to_ascii_uppercase(),
    );
    if let Some(label) = &look.label {
        svg.text(cx, base + 100, ("middle", 9, 400), INK, label);
    }
}

fn power_adapter(svg: &mut Svg, look: &Look) {
    let (x, y, w, h, d) = (150, 170, 130, 54, 80);
    svg.shadow(WIDTH / 2, y + h + 12, 170);
    // The DC cord with its barrel plug and the AC cord.
    svg.path(
        &format!(
            "M{} {} C{} {} {} 300 380 290",
            x + w,
            y + 30,
            x + w + 80,
            y + 40,
            x + w + 40
        ),
        "none",
        "#111827",
        5.0,
    );
    svg.outlined(376, 282, 34, 14, 4, "#374151");
    svg.rect(408, 286, 14, 6, 2, "#9ca3af");
    svg.path(
        &format!("M{x} {} C{} {} 90 290 60 300", y + 30, x - 60, y + 30),
        "none",
        "#111827",
        6.0,
    );
    let front = svg.paint.front;
    svg.block(x, y, w, h, d, front);
    let accent = svg.paint.accent;
    svg.circle(x + 16, y + 16, 4, LED);
    svg.text(x + w / 2, y + 34, ("middle", 14, 700), accent, "12 V");
    svg.marks(look, x + 10, x + w - 10, y + h - 8);
}

fn poe_injector(svg: &mut Svg, look: &Look) {
    let (x, y, w, h, d) = (140, 190, 170, 56, 90);
    svg.shadow(WIDTH / 2, y + h + 12, 170);
    svg.path(
        &format!("M{x} {} C{} {} 90 300 60 310", y + 36, x - 60, y + 36),
        "none",
        "#111827",
        6.0,
    );
    let front = svg.paint.front;
    svg.block(x, y, w, h, d, front);
    let on = svg.paint.on_body;
    let accent = svg.paint.accent;
    svg.rj45(x + w - 90, y + 14, false);
    svg.rj45(x + w - 46, y + 14, true);
    svg.text(x + w - 81, y + 10, ("middle", 7, 700), on, "DATA");
    svg.text(x + w - 37, y + 10, ("middle", 7, 700), accent, "PoE");
    svg.circle(x + 16, y + 20, 4, LED);
    svg.marks(look, x + 10, x + w - 10, y + h - 8);
}

fn antenna_cable(svg: &mut Svg, look: &Look) {
    let cx = WIDTH / 2;
    svg.shadow(cx, 300, 170);
    for i in 0..4 {
        let _ = write!(
            svg.out,
            "<ellipse cx=\"{}\" cy=\"{}\" rx=\"110\" ry=\"48\" fill=\"none\" stroke=\"#111827\" stroke-width=\"7\"/>",
            cx - 18 + i * 12,
            196 + i * 6
        );
    }
    let accent = svg.paint.accent;
    svg.path("M112 210 C80 240 70 280 60 300", "none", "#111827", 7.0);
    svg.path("M370 220 C400 250 410 280 420 300", "none", "#111827", 7.0);
    // SMA plugs at both ends.
    svg.outlined(46, 296, 26, 30, 4, "#c8a24a");
    svg.outlined(408, 296, 26, 30, 4, "#c8a24a");
    svg.rect(cx - 40, 150, 80, 20, 4, accent);
    svg.text(cx, 165, ("middle", 11, 700), "#ffffff", "LMR-240");
    if let Some(label) = &look.label {
        svg.text(cx, 338, ("middle", 9, 400), INK, label);
    }
}

fn power_cable(svg: &mut Svg, look: &Look) {
    svg.shadow(WIDTH / 2, 300, 190);
    svg.path("M110 190 C200 120 260 260 400 170", "none", "#dc2626", 6.0);
    svg.path("M110 204 C200 134 260 274 400 184", "none", "#111827", 6.0);
    svg.path("M110 218 C190 170 250 300 400 250", "none", "#eab308", 4.0);
    // Inline fuse holder on the red lead.
    svg.outlined(236, 176, 44, 18, 6, "#111827");
    svg.rect(250, 180, 16, 10, 2, "#ef4444");
    // The 4-pin terminal block.
    let accent = svg.paint.accent;
    svg.outlined(60, 176, 54, 58, 4, "#15803d");
    for i in 0..4 {
        svg.circle(74 + (i % 2) * 24, 192 + (i / 2) * 24, 5, "#0f172a");
    }
    for (i, y) in [166, 180, 246].iter().enumerate() {
        svg.outlined(
            396,
            y - 6,
            24,
            14,
            3,
            if i == 2 { "#eab308" } else { "#9ca3af" },
        );
    }
    svg.text(258, 160, ("middle", 10, 700), accent, "5 A");
    if let Some(label) = &look.label {
        svg.text(WIDTH / 2, 330, ("middle", 9, 400), INK, label);
    }
}

fn rack_tray(svg: &mut Svg, look: &Look) {
    let (x, y, w, h, d) = (76, 200, 310, 40, 90);
    let (dx, dy) = (d * 6 / 10, d * 4 / 10);
    svg.shadow(WIDTH / 2, y + h + 12, 220);
    let (front, side, top) = (svg.paint.front, svg.paint.side, svg.paint.top);
    // The tray floor and its back lip, then the front panel with vents.
    svg.polygon(
        &[
            (x, y + h),
            (x + dx, y + h - dy),
            (x + w + dx, y + h - dy),
            (x + w, y + h),
        ],
        top,
    );
    svg.polygon(
        &[
            (x + dx, y + h - dy),
            (x + dx, y + h - dy - 14),
            (x + w + dx, y + h - dy - 14),
            (x + w + dx, y + h - dy),
        ],
        side,
    );
    svg.polygon(&[(x, y), (x + w, y), (x + w, y + h), (x, y + h)], front);
    for ex in [x - 24, x + w] {
        svg.outlined(ex, y, 24, h, 2, side);
        svg.rect(ex + 8, y + 8, 8, 6, 3, "#0f172a");
        svg.rect(ex + 8, y + h - 14, 8, 6, 3, "#0f172a");
    }
    let accent = svg.paint.accent;
    for i in 0..14 {
        svg.rect(x + 90 + i * 10, y + 10, 5, 14, 2, side);
    }
    svg.text(x + w - 14, y + 24, ("end", 12, 700), accent, "1U");
    svg.marks(look, x + 14, x + w - 14, y + h - 6);
}

fn din_bracket(svg: &mut Svg, look: &Look) {
    // A length of TS35 rail with the bracket clipped on.
    svg.shadow(WIDTH / 2, 300, 200);
    svg.polygon(&[(40, 230), (440, 170), (440, 186), (40, 246)], "#cbd5e1");
    svg.polygon(&[(40, 246), (440, 186), (440, 196), (40, 256)], "#94a3b8");
    let front = svg.paint.front;
    svg.polygon(&[(190, 120), (290, 105), (290, 245), (190, 260)], front);
    let side = svg.paint.side;
    svg.polygon(&[(290, 105), (306, 112), (306, 252), (290, 245)], side);
    for (x, y) in [(210, 140), (270, 131), (210, 226), (270, 217)] {
        svg.circle(x, y, 5, "#0f172a");
    }
    let accent = svg.paint.accent;
    svg.polygon(&[(200, 184), (280, 172), (280, 186), (200, 198)], accent);
    svg.text(
        240,
        164,
        ("middle", 9, 700),
        accent,
        &look.brand.as_str().to_ascii_uppercase(),
    );
    if let Some(label) = &look.label {
        svg.text(WIDTH / 2, 318, ("middle", 9, 400), INK, label);
    }
}
