//! QR codes of eSIM activation codes as PNG images (the `qrcode` crate for
//! the symbol, `png` to encode it): black modules on white, 8 pixels per
//! module, with the standard 4-module quiet zone so any phone camera reads it.

use qrcode::{Color, EcLevel, QrCode};

const SCALE: usize = 8;
const QUIET: usize = 4;

/// The PNG of `text`'s QR code (error correction M).
pub fn png(text: &str) -> anyhow::Result<Vec<u8>> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M)?;
    let modules = code.width();
    let colors = code.to_colors();
    let side = (modules + 2 * QUIET) * SCALE;
    let mut pixels = vec![255u8; side * side];
    for (i, c) in colors.iter().enumerate() {
        if *c != Color::Dark {
            continue;
        }
        let (mx, my) = (i % modules + QUIET, i / modules + QUIET);
        for y in my * SCALE..(my + 1) * SCALE {
            pixels[y * side + mx * SCALE..y * side + (mx + 1) * SCALE].fill(0);
        }
    }
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, side as u32, side as u32);
        enc.set_color(png::ColorType::Grayscale);
        enc.set_depth(png::BitDepth::Eight);
        let mut w = enc.write_header()?;
        w.write_image_data(&pixels)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes a PNG QR image back to its text (rqrr, a separate decoder).
    fn decode(png_bytes: &[u8]) -> String {
        let dec = png::Decoder::new(std::io::Cursor::new(png_bytes));
        let mut reader = dec.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!(info.color_type, png::ColorType::Grayscale);
        let (w, h) = (info.width as usize, info.height as usize);
        let mut img = rqrr::PreparedImage::prepare_from_greyscale(w, h, |x, y| buf[y * w + x]);
        let grids = img.detect_grids();
        assert_eq!(grids.len(), 1, "one QR code in the image");
        grids[0].decode().unwrap().1
    }

    #[test]
    fn the_qr_image_decodes_to_the_exact_activation_code() {
        let code = uplink_domain::esim::activation_code(
            "smdp.uplink.example",
            &uplink_domain::esim::new_matching_id(&mut rand::rng()),
        );
        let image = png(&code).unwrap();
        assert_eq!(&image[1..4], b"PNG");
        assert_eq!(decode(&image), code);
    }
}
